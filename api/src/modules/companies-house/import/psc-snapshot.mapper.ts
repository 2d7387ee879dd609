import { createHash } from 'node:crypto';
import type { PscRow } from '../../../platform/register/rows.js';

/**
 * The lines of Companies House's PSC snapshot (persons-with-significant-control-snapshot-*.txt,
 * or the parts psc-snapshot-<date>_<n>of<m>.txt): one JSON object per line,
 * `{"company_number":"09145694","data":{"kind":...,"links":{"self":...},...}}`; the last line of
 * the last part is a trailer of totals, `{"data":{"kind":"totals#persons-of-significant-control-snapshot",
 * "persons_of_significant_control_count":N,"statements_count":M,"exemptions_count":E,...}}`.
 */

/** Kinds of records stored as PSCs, and which total of the trailer counts them. */
export const PSC_KINDS: Record<string, 'persons' | 'statements'> = {
  'individual-person-with-significant-control': 'persons',
  'corporate-entity-person-with-significant-control': 'persons',
  'legal-person-person-with-significant-control': 'persons',
  'super-secure-person-with-significant-control': 'persons',
  // Registered overseas entities declare beneficial owners, listed with the PSCs.
  'individual-beneficial-owner': 'persons',
  'corporate-entity-beneficial-owner': 'persons',
  'legal-person-beneficial-owner': 'persons',
  'super-secure-beneficial-owner': 'persons',
  'persons-with-significant-control-statement': 'statements',
};

export const TOTALS_KIND = 'totals#persons-of-significant-control-snapshot';
/** A company's exemptions from keeping a PSC register: counted for the trailer, not stored (not a PSC). */
export const EXEMPTIONS_KIND = 'exemptions';

export interface SnapshotTotals {
  persons: number;
  statements: number;
  exemptions: number | null;
}

export type Category = 'persons' | 'statements' | 'exemptions';

export type MappedLine =
  | { type: 'psc'; category: Category; row: PscRow }
  | { type: 'exemptions'; category: Category }
  | { type: 'totals'; totals: SnapshotTotals }
  /** `category` when the kind was readable, for checking the trailer's totals. */
  | { type: 'bad'; category: Category | null; reason: string };

const COMPANY_NUMBER = /^[A-Z0-9]{8}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isoDate(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') return undefined;
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value : undefined;
}

const optionalText = (value: unknown): string | null => (typeof value === 'string' && value.trim().length ? value.trim() : null);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One line → a PSC row, the trailer, an exemptions record, or why it cannot be read. */
export function mapPscLine(line: string): MappedLine {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch (error) {
    return { type: 'bad', category: null, reason: `malformed JSON: ${(error as Error).message}` };
  }
  if (!isObject(record)) return { type: 'bad', category: null, reason: 'not a JSON object' };
  const data = record.data;
  if (!isObject(data)) return { type: 'bad', category: null, reason: 'no "data" object' };
  const kind = data.kind;
  if (typeof kind !== 'string' || kind.length === 0) return { type: 'bad', category: null, reason: 'no "kind" in "data"' };

  if (kind === TOTALS_KIND) {
    const persons = data.persons_of_significant_control_count;
    const statements = data.statements_count;
    const exemptions = data.exemptions_count;
    if (!Number.isInteger(persons) || !Number.isInteger(statements)) {
      return {
        type: 'bad',
        category: null,
        reason: 'totals trailer without whole-number persons_of_significant_control_count and statements_count',
      };
    }
    return {
      type: 'totals',
      totals: {
        persons: persons as number,
        statements: statements as number,
        exemptions: Number.isInteger(exemptions) ? (exemptions as number) : null,
      },
    };
  }
  const category: Category | undefined = kind === EXEMPTIONS_KIND ? 'exemptions' : PSC_KINDS[kind];
  if (!category) return { type: 'bad', category: null, reason: `unknown kind "${kind}"` };

  const rawNumber = record.company_number;
  if (rawNumber === undefined || rawNumber === null || (typeof rawNumber === 'string' && rawNumber.trim() === '')) {
    return { type: 'bad', category, reason: 'missing company number ("company_number")' };
  }
  const companyNumber = typeof rawNumber === 'string' ? rawNumber.trim().toUpperCase() : '';
  if (!COMPANY_NUMBER.test(companyNumber))
    return { type: 'bad', category, reason: `company number ${JSON.stringify(rawNumber)} is not 8 letters and digits` };
  if (category === 'exemptions') return { type: 'exemptions', category };

  const notifiedOn = isoDate(data.notified_on);
  if (notifiedOn === undefined)
    return { type: 'bad', category, reason: `unparsable date ${JSON.stringify(data.notified_on)} in notified_on (expected YYYY-MM-DD)` };
  const ceasedOn = isoDate(data.ceased_on);
  if (ceasedOn === undefined)
    return { type: 'bad', category, reason: `unparsable date ${JSON.stringify(data.ceased_on)} in ceased_on (expected YYYY-MM-DD)` };
  const natures = data.natures_of_control;
  if (natures !== undefined && natures !== null && !(Array.isArray(natures) && natures.every((n) => typeof n === 'string'))) {
    return { type: 'bad', category, reason: 'natures_of_control is not a list of texts' };
  }
  const name = optionalText(data.name);
  const statement = optionalText(data.statement);
  if (category === 'statements' && statement === null) return { type: 'bad', category, reason: 'a statement without "statement"' };

  const links = isObject(data.links) ? data.links : null;
  const self = typeof links?.self === 'string' ? links.self : null;
  let pscKey: string;
  if (self !== null) {
    pscKey = self.slice(self.lastIndexOf('/') + 1);
    if (pscKey.length === 0) return { type: 'bad', category, reason: `links.self "${self}" does not end with the PSC's id` };
  } else {
    // No id published: a stable key from what identifies the entry.
    pscKey = createHash('sha1')
      .update(JSON.stringify([kind, name, notifiedOn, statement]))
      .digest('hex');
  }

  return {
    type: 'psc',
    category,
    row: {
      company_number: companyNumber,
      psc_key: pscKey,
      kind,
      name,
      notified_on: notifiedOn,
      ceased_on: ceasedOn,
      natures_of_control: (natures as string[] | undefined | null) ?? [],
      nationality: optionalText(data.nationality),
      country_of_residence: optionalText(data.country_of_residence),
      statement,
      data,
    },
  };
}

/** Splits text chunks into lines (LF or CRLF; a BOM at the start dropped), numbering them from 1. */
export class LineSplitter {
  private rest = '';
  private line = 0;
  private started = false;
  private skipping = false;

  constructor(
    private readonly onLine: (text: string, line: number) => void,
    private readonly onTooLong: (line: number) => void,
    private readonly maxLineChars = 16 * 1024 * 1024,
  ) {}

  push(text: string): void {
    if (!this.started && text.length) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let s = this.rest.length ? this.rest + text : text;
    let from = 0;
    if (this.skipping) {
      const nl = s.indexOf('\n');
      if (nl < 0) {
        this.rest = '';
        return;
      }
      this.skipping = false;
      from = nl + 1;
    }
    for (let nl = s.indexOf('\n', from); nl >= 0; nl = s.indexOf('\n', from)) {
      this.emit(s, from, nl);
      from = nl + 1;
    }
    if (s.length - from > this.maxLineChars) {
      this.line++;
      this.onTooLong(this.line);
      this.skipping = true;
      s = '';
      from = 0;
    }
    this.rest = from >= s.length ? '' : s.slice(from);
  }

  end(): void {
    if (this.rest.length && !this.skipping) this.emit(this.rest, 0, this.rest.length);
    this.rest = '';
  }

  private emit(s: string, from: number, to: number): void {
    this.line++;
    if (to > from && s.charCodeAt(to - 1) === 13) to--;
    if (to === from) return; // a blank line
    this.onLine(s.slice(from, to), this.line);
  }
}
