/**
 * Directors' and PSCs' identity verification (ECCTA, issue 29) as terminal text: the leadership
 * tables' cell and the compliance section's finding, worded by shared's identityVerificationState.
 */
import {
  identityVerificationFindingText,
  identityVerificationState,
  identityVerificationSummaryText,
  registryUrl,
  type IdentityVerificationDetails,
  type IdentityVerificationSummary,
} from '@credence/shared';
import { labelled, textTable, wrap, type Style, type TextColumn } from '../output/text.js';

const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/** "Verified 1 December 2025 via Rapid Formations Ltd" (green), "Overdue since 14 March 2026" (red), ... */
export function identityVerificationCell(
  details: IdentityVerificationDetails | null | undefined,
  view: { now: Date; style: Style },
): string {
  const idv = identityVerificationState(details, isoDay(view.now));
  const { style } = view;
  return idv.tone === 'good'
    ? style.green(idv.text)
    : idv.tone === 'warning'
      ? style.yellow(idv.text)
      : idv.tone === 'bad'
        ? style.red(idv.text)
        : style.dim(idv.text);
}

/** Current directors' or PSCs' verification, one row each: a table of its own under the officers or PSCs, so that those keep their width. */
export function identityVerificationTable(
  people: readonly { name: string; details: IdentityVerificationDetails | null | undefined }[],
  view: { width: number; now: Date; style: Style },
): string[] {
  if (people.length === 0) return [];
  const columns: TextColumn[] = [
    { header: 'Name', flexible: true },
    { header: 'Identity verification', flexible: true },
  ];
  const rows = people.map((p) => [p.name, identityVerificationCell(p.details, view)]);
  return ['', `  ${view.style.bold('Identity verification')}`, ...textTable(columns, rows, view.width, view.style, 2)];
}

/** The compliance section's finding: the counts, then each overdue person with the register record that says it. */
export function identityVerificationLines(
  summary: IdentityVerificationSummary | null | undefined,
  view: { width: number; style: Style },
): string[] {
  if (!summary) return [];
  const bad = summary.overdue.length > 0;
  const text = identityVerificationSummaryText(summary);
  const out = labelled([['Identity verification', bad ? view.style.red(text) : text]], view.width, view.style);
  for (const finding of summary.overdue) {
    const lines = wrap(identityVerificationFindingText(finding), view.width - 6);
    out.push(...lines.map((line, i) => (i === 0 ? `    • ${line}` : `      ${line}`)));
    // The record on a line of its own, whole, so that it stays clickable; where the address is
    // wider than the terminal, the record in words (the address is in --json).
    const url = registryUrl(finding.source);
    const record = `  Record  ${url}`.length <= view.width ? url : registerRecordWords(finding.source);
    out.push(`  ${view.style.dim('Record')}  ${record}`);
  }
  return out;
}

function registerRecordWords(source: string): string {
  if (source.includes('/persons-with-significant-control')) return 'Register: persons with significant control';
  if (source.includes('/officers')) return 'Register: officer appointments';
  return 'Register';
}
