/**
 * The overview's distress signals (issue 27 §1) as the web and the terminal show them: one row a
 * signal, the most serious first (the order distressSignals gives), each with the record it was
 * read from in words, so a reader can find it on the register or in the accounts.
 */
import type { DistressRef, DistressSignal } from '../distress.js';

export const DISTRESS_SIGNALS_TITLE = 'Distress signals';

export interface DistressSignalRow {
  kind: DistressSignal['kind'];
  severity: DistressSignal['severity'];
  /** The whole signal in plain words. */
  text: string;
  /** Where it was read: "Register: company profile", "Filing of 2024-03-01", "Accounts FY2023", ... */
  source: string;
}

const PROFILE_FIELDS: Readonly<Record<Extract<DistressRef, { record: 'profile' }>['field'], string>> = {
  company_status: 'status',
  accounts_next_due: 'accounts due',
  conf_stmt_next_due: 'confirmation statement due',
};

/** The record a signal was read from, in words. */
export function distressSourceText(ref: DistressRef): string {
  switch (ref.record) {
    case 'profile':
      return `Register: company profile (${PROFILE_FIELDS[ref.field]})`;
    case 'filings':
      return ref.date ? `Filing of ${ref.date}` : 'Filing history';
    case 'charges':
      return 'Register: charges';
    case 'officers':
      return `Register: officers (${ref.date})`;
    case 'accounts':
      return `Accounts FY${ref.fiscalYear}`;
    case 'auditor':
      return `Auditor's report, accounts FY${ref.fiscalYear}`;
  }
}

/**
 * The rows the overview shows: the high and medium signals (status, insolvency, overdue filings,
 * going-concern language, losses, net liabilities, ...). The low ones (a live charge, an old late
 * filing) are context for the research chat's distress analysis, not a warning on a healthy company.
 */
export function distressSignalRows(signals: readonly DistressSignal[] | null | undefined): DistressSignalRow[] {
  return (signals ?? [])
    .filter((s) => s.severity !== 'low')
    .map((s) => ({ kind: s.kind, severity: s.severity, text: s.text, source: distressSourceText(s.ref) }));
}
