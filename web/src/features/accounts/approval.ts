/** The Approve button of /approve/:token (spec 1 section 4): Approve, then Approved; Failed to Approve and enabled again. */
import { DEFAULT_LINKEDIN_URL, type ApprovalUserRecord } from '@credence/shared';

export type ApprovalButton = 'idle' | 'busy' | 'approved' | 'failed';

export function approvalButtonLabel(state: ApprovalButton): string {
  switch (state) {
    case 'approved':
      return 'Approved';
    case 'failed':
      return 'Failed to Approve';
    default:
      return 'Approve';
  }
}

export function approvalButtonDisabled(state: ApprovalButton): boolean {
  return state === 'busy' || state === 'approved';
}

/** The applicant's professional profile when they gave one (the sign-up form sends a placeholder). */
export function profileLink(record: Pick<ApprovalUserRecord, 'linkedin_url'>): string | null {
  const url = record.linkedin_url?.trim();
  if (!url || url === DEFAULT_LINKEDIN_URL || url.replace(/\/+$/, '') === DEFAULT_LINKEDIN_URL.replace(/\/+$/, '')) return null;
  return /^https?:\/\//i.test(url) ? url : null;
}
