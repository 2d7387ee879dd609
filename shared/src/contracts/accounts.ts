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
