/**
 * The instruments of a filing's debt note table (10-K and 10-Q "Long-Term Debt"): one row each
 * outstanding note, bond, debenture, loan or facility, its coupon, maturity and amount read from
 * its own row ("4.2% notes due April 17, 2028 $ 1,400.0 $ 1,400.0"; "Medium-term note ($600
 * million) USD Fixed 1.63 % 2021 599 598"), so every cell's value is in its own quote: the row.
 * Rows already repaid (a dash in the latest period) and totals are left out.
 */
import type { StoredPage } from '../../../platform/ai/evidence/document-pages.js';
import { pageTables, type PageTable, type TableRow } from '../../../platform/ai/evidence/page-table.js';
import type { FieldKind, FieldValue } from './fields.js';
import type { Instrument } from './instruments.js';
import type { TextUnit } from './units.js';

export interface TabledInstrument {
  instrument: Instrument;
  /** What the row itself states, by field kind; other columns are read from the document's text. */
  fields: Partial<Record<FieldKind, FieldValue>>;
  coupon: string | null;
  maturityYear: string | null;
}

const DEBT_PAGE = /long-term debt|debt and (?:short-term )?borrowings|notes payable|senior notes|borrowings/i;
const INSTRUMENT =
  /\b(?:notes?|bonds?|eurobonds?|debentures?|term loans?|loans?|facility|facilities|commercial paper|credit agreement|borrowings|lease obligations)\b/i;
const NOT_AN_INSTRUMENT =
  /^(?:total|less|unamortized|current portion|long-term debt|short-term|debt issuance|fair value|net |adjustments?)|\brepaid\b|\bissuance costs\b/i;
const NIL = /^[-–—]$/;
const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
const DUE = new RegExp(
  `\\b(?:due|matur(?:es|ing)|expir(?:es|ing))\\s+(?:in\\s+|through\\s+)?((?:fiscal\\s+)?(?:${MONTH}\\s+(?:\\d{1,2},?\\s+)?)?(?:19|20)\\d{2}(?:\\s+or later)?)`,
  'i',
);
const TRAILING_YEAR = /(?:^|\s)((?:19|20)\d{2}(?:\s?[-–]\s?(?:19|20)\d{2})?)$/;
const COUPON = /(\d{1,2}(?:\.\d{1,4})?)\s?%(?:\s?(?:-|–|to)\s?(\d{1,2}(?:\.\d{1,4})?)\s?%)?/;
const PRINCIPAL = /\((\$\s?\d[\d,.]*\s?(?:million|billion)|\d[\d,.]*\s?(?:million|billion)\s+[A-Za-z]+)\)/i;

function rowUnit(page: StoredPage, row: TableRow): TextUnit {
  return {
    documentId: page.documentId,
    fileName: page.fileName,
    page: page.page,
    index: -1,
    text: row.line.text.replace(/\s+/g, ' ').trim(),
  };
}

/** The figure of the latest period the row states, or undefined when the table has no period columns. */
function latest(table: PageTable, row: TableRow): string | null | undefined {
  const dated = table.columns.map((c, i) => ({ year: c.year, cell: row.cells[i] ?? null })).filter((c) => c.year && c.cell !== null);
  if (!dated.length) return undefined;
  return dated.reduce((a, b) => (Number(b.year) > Number(a.year) ? b : a)).cell;
}

/** A label that is only a date ("May 2022"): a row of the heading above it ("Credit facility expiring:"). */
const DATE_ONLY = new RegExp(`^(?:${MONTH}\\s+)?(?:19|20)\\d{2}$`);
/** A table of notes payable (short-term borrowings by lender: "U.S. commercial paper", "Financial institutions"). */
const NOTES_PAYABLE = /\bnotes payable\b/i;

/**
 * The row's label as the instrument's name: a date under a heading that names the instrument is
 * that heading's ("Credit facility expiring: / May 2022 $ 2.7" is "Credit facility expiring May
 * 2022"); a lender in a table of notes payable is named as such ("Financial institutions (notes
 * payable)").
 */
function rowName(page: StoredPage, table: PageTable, row: TableRow): string {
  const label = row.label.replace(/\s+/g, ' ').trim();
  if (DATE_ONLY.test(label)) {
    const at = page.lines.indexOf(row.line);
    for (let i = at - 1; i >= 0 && i >= at - 4; i--) {
      const heading = page.lines[i].text.trim();
      if (/:$/.test(heading) && INSTRUMENT.test(heading) && !/\d/.test(heading)) return `${heading.slice(0, -1)} ${label}`;
    }
  }
  const payable = table.columns.some((c) => NOTES_PAYABLE.test(c.header));
  return payable && !INSTRUMENT.test(label) && !NOT_AN_INSTRUMENT.test(label) ? `${label} (notes payable)` : label;
}

function readRow(page: StoredPage, table: PageTable, row: TableRow): TabledInstrument | null {
  const label = rowName(page, table, row);
  // "0.95% - 4.88% due through 2048" under a heading of notes: a rate and a maturity make an instrument row too
  if (!(INSTRUMENT.test(label) || (COUPON.test(label) && DUE.test(label))) || NOT_AN_INSTRUMENT.test(label)) return null;
  const current = latest(table, row);
  if (current !== undefined && (current === null || NIL.test(current))) return null;
  const unit = rowUnit(page, row);
  const fields: TabledInstrument['fields'] = {};
  const rate = COUPON.exec(label);
  const coupon = rate?.[1] ?? null;
  if (rate && coupon) {
    const effective =
      /effective/i.test(table.columns.map((c) => c.header).join(' ') + page.text.slice(0, 2000)) && !/notes? due/i.test(label);
    fields.margin = { text: `${coupon}%${rate[2] ? ` to ${rate[2]}%` : ''}${effective ? ' (effective interest rate)' : ''}`, unit };
  }
  const due = DUE.exec(label)?.[1] ?? (/maturity/i.test(page.text) ? TRAILING_YEAR.exec(label)?.[1] : undefined);
  if (due) fields.maturity = { text: due.replace(/\s+/g, ' '), unit };
  const principal = PRINCIPAL.exec(label)?.[1];
  if (principal) fields.amount = { text: principal.replace(/\s+/g, ' '), unit };
  else if (current) {
    const scale = /billion/i.test(table.unit ?? '') ? ' billion' : /million/i.test(table.unit ?? '') ? ' million' : '';
    // a facility's row states its size (the amount it allows), a note's its carrying value
    fields.amount = { text: `${current}${scale} (${/facilit/i.test(label) ? 'facility amount' : 'carrying value'})`, unit };
  }
  const name = label.replace(/(\d)\s%/g, '$1%');
  const instrument: Instrument = {
    name,
    aliases: [name],
    kind: /facilit|loan|credit agreement/i.test(label) && !/notes?|bonds?/i.test(label) ? 'facility' : 'notes',
    first: unit,
    documentId: page.documentId,
    fileName: page.fileName,
  };
  return { instrument, fields, coupon, maturityYear: /(?:19|20)\d{2}/.exec(due ?? '')?.[0] ?? null };
}

/** Every outstanding instrument the debt tables of one document's pages list, in page order, each once. */
export function debtTableInstruments(pages: readonly StoredPage[]): TabledInstrument[] {
  const found = new Map<string, TabledInstrument>();
  for (const page of pages) {
    if (!page.lines?.length || !DEBT_PAGE.test(page.text)) continue;
    for (const table of pageTables(page.lines, page.text)) {
      const rows = table.rows.map((row) => readRow(page, table, row)).filter((r): r is TabledInstrument => r !== null);
      // one instrument-like row is a line of a summary table, not a debt note's list
      if (rows.length < 2) continue;
      for (const row of rows) {
        const key = row.instrument.name.toLowerCase();
        if (!found.has(key)) found.set(key, row);
      }
    }
  }
  return [...found.values()];
}

/** Whether an instrument named in the text is one the table lists (the same coupon and maturity year). */
export function listedInTable(instrument: Instrument, tabled: readonly TabledInstrument[]): boolean {
  const coupon = COUPON.exec(instrument.name)?.[1];
  const year = /(?:19|20)\d{2}/.exec(instrument.name)?.[0];
  if (!coupon || !year) return false;
  return tabled.some((t) => t.coupon !== null && Number(t.coupon) === Number(coupon) && t.maturityYear === year);
}
