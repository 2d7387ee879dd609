/**
 * Identity verification of directors and PSCs (Economic Crime and Corporate Transparency Act, from
 * 18 November 2025): the register's `identity_verification_details` of an officer or a PSC, and
 * the one rule that says where a person stands, for the API, the web app and the terminal alike.
 * Verified: a verification statement is on the register (appointment_verification_start_on set,
 * no end_on). Otherwise due by appointment_verification_statement_due_on, overdue after it.
 * (Inferred from the register's fields: ../shared/reference/ch-streaming.md section 3.)
 */

export interface IdentityVerificationDetails {
  anti_money_laundering_supervisory_bodies?: string[];
  appointment_verification_start_on?: string | null;
  appointment_verification_end_on?: string | null;
  appointment_verification_statement_date?: string | null;
  appointment_verification_statement_due_on?: string | null;
  authorised_corporate_service_provider_name?: string | null;
  identity_verified_on?: string | null;
  preferred_name?: string | null;
}

export type IdentityVerificationState = 'verified' | 'due' | 'overdue' | 'ended' | 'unknown';

export interface IdentityVerification {
  state: IdentityVerificationState;
  /** When the identity was verified (by an authorised corporate service provider), else when the statement was supplied. */
  verifiedOn: string | null;
  /** From when the statement can be supplied (PSCs). */
  statementDate: string | null;
  /** The statement's deadline. */
  dueOn: string | null;
  /** The authorised corporate service provider that verified the person. */
  provider: string | null;
}

export const IDENTITY_VERIFICATION_LABELS: Record<IdentityVerificationState, string> = {
  verified: 'Identity verified',
  due: 'Verification due',
  overdue: 'Verification overdue',
  ended: 'Verification statement removed',
  unknown: 'Not yet required',
};

const day = (value: unknown): string | null => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** Where a person stands on `today` (YYYY-MM-DD); null when the register says nothing of it. */
export function identityVerification(details: IdentityVerificationDetails | null | undefined, today: string): IdentityVerification | null {
  if (!details || typeof details !== 'object') return null;
  const start = day(details.appointment_verification_start_on);
  const end = day(details.appointment_verification_end_on);
  const dueOn = day(details.appointment_verification_statement_due_on);
  const verifiedOn = day(details.identity_verified_on) ?? start;
  const state: IdentityVerificationState =
    start && !end ? 'verified' : end ? 'ended' : dueOn ? (dueOn < today ? 'overdue' : 'due') : 'unknown';
  return {
    state,
    verifiedOn: state === 'verified' ? verifiedOn : null,
    statementDate: day(details.appointment_verification_statement_date),
    dueOn,
    provider:
      typeof details.authorised_corporate_service_provider_name === 'string' ? details.authorised_corporate_service_provider_name : null,
  };
}
