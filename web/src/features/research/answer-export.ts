/**
 * The answer's tables as one CSV file (the export action icon): each table under its title, with
 * its unit, then a blank line. CSV rather than xlsx keeps a spreadsheet library out of the
 * browser bundle; every spreadsheet opens it.
 */
import { csvField as quotedField, escapeFormula, type ResearchTable } from '@credence/shared';

type Cell = string | number | null | undefined;

/**
 * One CSV field by the product's one csv rule (shared rules/csv.ts, as the API's exports write
 * theirs): quoted when needed, and text a spreadsheet would run as a formula (= + - @, tab, CR)
 * made inert; a figure written as text ("-12.5", "-1,234") stays a number.
 */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return quotedField(/^-?\d[\d,.]*$/.test(value) ? value : escapeFormula(value));
}

export function tablesToCsv(tables: readonly ResearchTable[]): string {
  const lines: string[] = [];
  for (const table of tables) {
    if (lines.length) lines.push('');
    lines.push(csvField(table.unit ? `${table.title} (${table.unit})` : table.title));
    lines.push(table.headers.map(csvField).join(','));
    for (const row of table.rows) lines.push(row.map(csvField).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

/** A file name from the question: "create-a-summary-sheet.csv" (spec 3's default "research_data"). */
export function exportFileName(question: string): string {
  const slug = question
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'research_data'}.csv`;
}

/** Saves text as a download (a blob: link clicked, then let go). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
