/**
 * Account rules of spec 1 (sections 5, 8, 9): the texts users see and the checks behind them.
 * The API enforces them; the web app and the terminal show the same messages before sending.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** ASVS asks for at least 64; 128 still keeps argon2 input small. */
export const PASSWORD_MAX_LENGTH = 128;
export const DEFAULT_JOB_ROLE = 'Default Role';
export const DEFAULT_LINKEDIN_URL = 'https://www.linkedin.com/';

export const ACCOUNT_MESSAGES = {
  invalidEmail: 'Please enter a valid email',
  fullNameRequired: 'Please enter your full name',
  companyNameRequired: 'Please enter your company name',
  passwordTooShort: 'Please enter a password atleast 8 characters long!',
  passwordTooLong: `Please enter a password of at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordTooCommon: 'This password is too common and easy to guess: please choose another one',
  passwordsDontMatch: "Passwords don't match!",
  passwordRequired: 'Please enter the password',
  emailRequired: 'Email is required',
  resetPasswordsDontMatch: 'Passwords do not match',
  emailTaken: 'An account with this email already exists. Sign in, or reset your password at /forgot_password.',
  invalidCredentials: 'Invalid email or password',
  underReview: 'Your registration is under review. Access will be granted upon approval.',
  emailNotVerified: 'Please verify your email address first: open the link we sent you when you signed up.',
  accountDisabled: 'This account has been disabled. Contact your administrator.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait a minute and try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  signupSuccess: 'Thank you for signing up for Credence! You can now login and start exploring.',
  signupCheckEmail: 'Thank you for signing up for Credence! Check your inbox to verify your email address.',
  emailVerified: 'Email verified. You will receive an email once your account is approved.',
  verifyLinkInvalid: 'This verification link is invalid, already used or expired. Sign up again or contact support.',
  approveLinkInvalid: 'This approval link is invalid or has expired.',
  approveLinkUsed: 'This account has already been approved.',
  approved: 'Account approved. The applicant has been notified by email.',
  resetRequested: 'If an account exists for that email, we have sent a link to reset its password.',
  resetLinkInvalid: 'This reset link is invalid, already used or expired. Request a new one at /forgot_password.',
  resetDone: 'Your password has been reset. You can now sign in with your new password.',
  loggedOut: 'You have been signed out.',
  googleNotRegistered:
    "We couldn't find your account in Credence. Your organization has not been registered with Credence. Please signup at {host}/signup or reach out to us at {email}.",
  oauthTokenRejected: 'The identity provider did not accept this sign-in. Please try again.',
  microsoftNotConfigured: 'Microsoft sign-in is not configured on this server (set MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET).',
  googleNotConfigured: 'Google sign-in is not configured on this server (set GOOGLE_CLIENT_ID).',
  providerUnavailable: 'The identity provider could not be reached. Please try again later.',
  signInRequired: 'Sign in first: this needs a valid session token.',
  sessionInvalid: 'Your session is invalid or has expired. Please sign in again.',
  adminOnly: 'Only an administrator can do this.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value.trim());
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function filled(value: unknown): boolean {
  return typeof value === 'string' && value.trim().length > 0;
}

/** The length rules of a new password (the common-password check needs the list and runs server-side). */
export function passwordLengthError(password: unknown): string | null {
  if (typeof password !== 'string' || [...password].length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if ([...password].length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  return null;
}

export interface SignupInput {
  email?: unknown;
  full_name?: unknown;
  company_name?: unknown;
  password?: unknown;
  confirm_password?: unknown;
}

/** Sign-up checks in the spec's order; the first failure is the one shown. */
export function signupError(input: SignupInput): string | null {
  if (!isValidEmail(input.email)) return ACCOUNT_MESSAGES.invalidEmail;
  if (!filled(input.full_name)) return ACCOUNT_MESSAGES.fullNameRequired;
  if (!filled(input.company_name)) return ACCOUNT_MESSAGES.companyNameRequired;
  const password = passwordLengthError(input.password);
  if (password) return password;
  if (input.confirm_password !== undefined && input.confirm_password !== input.password) {
    return ACCOUNT_MESSAGES.passwordsDontMatch;
  }
  return null;
}

export function loginError(input: { email?: unknown; password?: unknown }): string | null {
  if (!isValidEmail(input.email)) return ACCOUNT_MESSAGES.invalidEmail;
  if (!filled(input.password)) return ACCOUNT_MESSAGES.passwordRequired;
  return null;
}

export interface ResetInput {
  email?: unknown;
  password?: unknown;
  confirm_password?: unknown;
}

export function resetPasswordError(input: ResetInput): string | null {
  if (!filled(input.email)) return ACCOUNT_MESSAGES.emailRequired;
  if (!isValidEmail(input.email)) return ACCOUNT_MESSAGES.invalidEmail;
  if (input.confirm_password !== undefined && input.confirm_password !== input.password) {
    return ACCOUNT_MESSAGES.resetPasswordsDontMatch;
  }
  return passwordLengthError(input.password);
}
