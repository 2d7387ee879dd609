/**
 * The sections of a filing, from the item headings SEC forms share ("Item 1A. Risk Factors",
 * "Item 7. Management's Discussion and Analysis…", "Item 2. Management's Discussion…" in a 10-Q):
 * where each starts (the first page, after the table of contents, whose first lines carry its
 * heading), and so which section each page is in. Sections are told by their titles, not their
 * numbers, which differ between a 10-K and a 10-Q.
 */
import type { DataSource } from 'typeorm';
import type { FilingSection } from '@credence/shared';

export type SectionName = FilingSection | 'controls' | 'exhibits' | 'other';

export interface SectionStart {
  name: SectionName;
  /** The heading as printed ("Item 1A. Risk Factors"), cut to 80 characters. */
  title: string;
  page: number;
}

const ITEM = /^\s*item\s+(\d{1,2}[a-c]?)\s*[.:—–-]?\s*(.*)$/i;
const TITLES: [RegExp, SectionName][] = [
  [/risk factors/i, 'risk'],
  [/management[’']?s discussion/i, 'mdna'],
  [/legal proceedings/i, 'legal'],
  [/quantitative and qualitative/i, 'market-risk'],
  [/financial statements/i, 'statements'],
  [/controls and procedures/i, 'controls'],
  [/exhibits/i, 'exhibits'],
  [/^business\b/i, 'business'],
];

/** The heading of a page's first lines, if one opens a section. */
export function pageSection(lines: string[]): { name: SectionName; title: string } | null {
  for (const line of lines.slice(0, 6)) {
    const item = ITEM.exec(line);
    if (!item) continue;
    const title = item[2].trim();
    // a table of contents line ends in its page number; a heading does not
    if (!title || /\s\d{1,3}$/.test(title)) continue;
    const name = TITLES.find(([pattern]) => pattern.test(title))?.[1] ?? 'other';
    return { name, title: line.trim().replace(/\s+/g, ' ').slice(0, 80) };
  }
  return null;
}

/** Each document's section starts, in page order (one query over the first characters of its pages). */
export async function sectionStarts(db: DataSource, documentIds: string[]): Promise<Map<string, SectionStart[]>> {
  const rows: { document_id: string; page: number; head: string }[] = await db.query(
    `SELECT document_id::text AS document_id, page, left(text, 400) AS head FROM uploaded_document_pages
     WHERE document_id = ANY($1::uuid[]) AND left(text, 400) ~* '(^|\\n)\\s*item\\s+[0-9]{1,2}[a-c]?\\s*[.:—–-]?\\s*[a-z]'
     ORDER BY document_id, page`,
    [documentIds],
  );
  const out = new Map<string, SectionStart[]>();
  for (const row of rows) {
    const found = pageSection(row.head.split('\n'));
    if (!found) continue;
    const list = out.get(row.document_id) ?? [];
    list.push({ ...found, page: Number(row.page) });
    out.set(row.document_id, list);
  }
  return out;
}

/** The section a page is in: the last one started at or before it. */
export function sectionAt(starts: SectionStart[] | undefined, page: number): SectionName | null {
  let found: SectionName | null = null;
  for (const start of starts ?? []) {
    if (start.page > page) break;
    found = start.name;
  }
  return found;
}
