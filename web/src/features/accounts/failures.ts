/** What the account pages say when a call fails (spec 1 section 8). */
import { ACCOUNT_MESSAGES, ApiError } from '@credence/shared';
import { errorText } from '../api/web-api.ts';

export const LOGIN_FAILED = 'Login failed. Please try again.';
export const APPROVE_FAILED = 'The account could not be approved. Please try again.';

/** Sign-in: a 401 is the shared invalid-credentials message; anything else the server's error. */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return ACCOUNT_MESSAGES.invalidCredentials;
  return errorText(error, LOGIN_FAILED);
}

/**
 * Approve: the message, and whether the applicant is approved after all (another admin or the
 * CLI got there first: the button then reads Approved rather than Failed to Approve).
 */
export function approveFailure(error: unknown): { message: string; approved: boolean } {
  const message = errorText(error, APPROVE_FAILED);
  return { message, approved: error instanceof ApiError && error.status === 400 && message === ACCOUNT_MESSAGES.approveLinkUsed };
}
