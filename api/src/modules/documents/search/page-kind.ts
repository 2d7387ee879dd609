/**
 * What a page of a filing is, from its title lines: one of the primary statements (balance sheet,
 * income statement, cash flows, equity), a summary of figures copied from them (selected
 * financial data, quarterly data, a five-year summary), an exhibit (plan documents, certifications,
 * the list of subsidiaries), the table of contents, or other text (MD&A, notes, risk factors).
 * Figures are read from the statements first; exhibits are searched only when asked for.
 */
import type { Statement } from './finance-terms.js';

export type PageKind = Statement | 'equity' | 'summary' | 'exhibit' | 'other';

const TITLES: [RegExp, PageKind][] = [
  // a statement's figures copied into MD&A or selected data ("Consolidated Statements of Operations Data", "Balance Sheet Data")
  [
    /(?:statements? of (?:consolidated )?(?:operations|income|earnings|cash flows?)|income statement|balance sheet|cash flows?) data\b/,
    'summary',
  ],
  [/statements? of (?:consolidated )?cash flo ?w ?s?|cash flows? statements?/, 'cash'],
  [/balance shee ?ts?|statements? of (?:consolidated )?financial (?:position|condition)/, 'balance'],
  [
    /statements? of (?:consolidated )?(?:operations|income|earnings)\b(?! and comprehensive)|income statements?|statements? of (?:consolidated )?(?:profit or loss|comprehensive (?:income|loss))|statements? of (?:consolidated )?operations and comprehensive/,
    'income',
  ],
  [
    /statements? of (?:consolidated )?(?:changes in )?(?:shareholders'?|stockholders'?|shareowners'?) equity|statements? of (?:changes in )?equity/,
    'equity',
  ],
  [
    /selected (?:consolidated )?financial data|quarterly (?:financial )?(?:data|results)|five-year|(?:financial )?summary of (?:operations|results)/,
    'summary',
  ],
];

/** A statement's title as a PostgreSQL regular expression (searched in a page's first characters). */
export const STATEMENT_TITLE_SQL: Record<Statement, string> = {
  balance: 'balance shee ?ts?|statements? of (consolidated )?financial (position|condition)',
  income: 'statements? of (consolidated )?(operations|income|earnings)|income statements?',
  cash: 'statements? of (consolidated )?cash flo ?w ?s?|cash flows? statements?',
};

/** Exhibits that are no part of the filing's account (a press release filed as Exhibit 99 is). */
const EXHIBIT =
  /certification (?:of|pursuant)|section 1350|section 906|section 302|subsidiaries of (?:the )?registrant|\bplan document\b|award agreement|\bagreement\b.{0,40}\bby and between\b|power of attorney|consent of independent/;

/** The page's kind from its first lines (where a statement's title is printed). */
export function pageKind(lines: { text: string }[]): PageKind {
  const head = lines
    .slice(0, 8)
    .map((l) => l.text.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' '))
    .join('\n');
  // A page's title, not a reference to another statement in its text: a short line near the top.
  const titleLines = head.split('\n').filter((l) => l.length <= 120);
  for (const [pattern, kind] of TITLES)
    if (titleLines.some((l) => pattern.test(l) && !/\bnotes? to\b|\bsee\b|\bindex\b/.test(l))) return kind;
  if (titleLines.some((l) => EXHIBIT.test(l))) return 'exhibit';
  return 'other';
}
