/** Payloads of the account and session calls (spec 1 sections 3 and 7). */

export const ROLES = ['admin', 'ops', 'analyst'] as const;
export type Role = (typeof ROLES)[number];

/** Claims of the access token (a JWT); `sub` is the user id, `jti` the session id. */
export interface SessionClaims {
  sub: string;
  jti: string;
  full_name: string;
  email: string;
  company_name: string;
  role: Role;
  exp: number;
  iat: number;
}

export interface SignupRequest {
  email: string;
  password: string;
  full_name: string;
  company_name: string;
  job_role?: string;
  linkedin_url?: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface AccessTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  message?: string;
}

export interface MessageResponse {
  message: string;
}

export interface ErrorResponse {
  error: string;
  statusCode: number;
  /** Per-field messages where a form checks every field at once. */
  errors?: Record<string, string>;
}

export interface ApprovalUserRecord {
  full_name: string;
  email: string;
  company_name: string;
  job_role: string;
  linkedin_url: string;
  is_approved: boolean;
}

export interface UserByTokenResponse {
  data: { data: ApprovalUserRecord };
}

export interface CurrentUserResponse {
  id: string;
  email: string;
  full_name: string;
  company_name: string;
  role: Role;
  session_expires_at: string;
}

/** GET /api/auth/providers: the sign-in providers this server is configured for, with only what a browser needs (never a secret). */
export interface AuthProvidersResponse {
  /** Implicit flow: the browser gets an access token at redirect_uri#access_token=... and posts it to /api/auth/google. */
  google: { client_id: string; authorize_url: string; redirect_uri: string; scope: string } | null;
  /** Authorization code flow: the browser gets ?code= at redirect_uri and posts it to /api/auth/microsoft. */
  microsoft: { client_id: string; authorize_url: string; redirect_uri: string; scope: string } | null;
}

/** Spec 1 section 9. */
export const OAUTH_SCOPES = { google: 'email profile', microsoft: 'User.Read' } as const;

export interface GoogleLoginRequest {
  oauth_token: string;
  user_info?: Record<string, unknown>;
}

export interface ResetPasswordRequest {
  token: string;
  email: string;
  password: string;
}

/** POST /api/help_requests (spec 2 3.17). */
export interface HelpRequestPayload {
  type: 'companies' | 'feature' | 'feedback';
  companies?: { number: string; name: string }[];
  feature?: { subject: string; message: string };
  feedback?: { subject: string; message: string };
}

/** Spec 1 section 9: a help request gives up after 10 s. */
export const HELP_REQUEST_TIMEOUT_MS = 10_000;
