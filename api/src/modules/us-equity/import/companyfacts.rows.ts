import { createHash } from 'node:crypto';
import { catalogueConcepts, type UsFact } from '@credence/shared';
import { COPY_NULL, escapeCopy } from '../../../core/database/copy-format.js';
import { mapCompanyFactsBytes } from './companyfacts.mapper.js';
import type { JsonSource } from './json-sources.js';

/**
 * What a stored fingerprint was made with: the catalogue's concepts and the reading rules' version
 * (raise it when the mapper changes what it keeps), so a new concept re-imports every file once.
 */
const READER_VERSION = 1;
export const READER = createHash('sha1')
  .update(`${READER_VERSION} ${[...catalogueConcepts()].sort().join(' ')}`)
  .digest('hex')
  .slice(0, 12);

/** A company read from one companyfacts file, its facts already as COPY text lines. */
export interface CompanyRows {
  cik: number;
  entityName: string;
  /** The file's fingerprint, kept under the CIK its name gives (null: re-imported next time). */
  source: string | null;
  /** Facts (lines) in `copy`. */
  count: number;
  /** us_facts rows in COPY's text format (us-store.ts FACT_COLUMNS' order), each line ended by \n. */
  copy: string;
  malformed: number;
}

/** What reading one file came to: a company to write, a file unchanged since its last import, or a bad file. */
export type ReadOutcome = { kind: 'company'; company: CompanyRows } | { kind: 'unchanged' } | { kind: 'bad'; reason: string };

/** The CIK a bulk file's name gives (CIK0000320193.json), to find its stored fingerprint. */
function cikOfName(entry: string): number | null {
  const m = /^CIK(\d{10})\.json$/i.exec(entry);
  return m ? Number(m[1]) : null;
}

/**
 * One companyfacts file: skipped unread when its fingerprint (zip CRC-32 and size, or the bytes'
 * hash, with READER) is the one stored for its CIK; else mapped to COPY lines.
 */
export async function readCompanyFacts(source: JsonSource, known: Map<number, string>): Promise<ReadOutcome> {
  try {
    const named = cikOfName(source.entry);
    const stored = named === null ? undefined : known.get(named);
    let fingerprint = source.fingerprint ? `${READER} ${source.fingerprint}` : null;
    if (fingerprint && fingerprint === stored) return { kind: 'unchanged' };
    const bytes = await source.read();
    fingerprint ??= `${READER} sha1 ${createHash('sha1').update(bytes).digest('hex')}`;
    if (fingerprint === stored) return { kind: 'unchanged' };
    const mapped = mapCompanyFactsBytes(bytes);
    return {
      kind: 'company',
      company: {
        cik: mapped.cik,
        entityName: mapped.entityName,
        // A fingerprint is kept only under the CIK the file's name gives, where the next run looks for it.
        source: mapped.cik === named ? fingerprint : null,
        count: mapped.facts.length,
        copy: factLines(mapped.cik, mapped.facts),
        malformed: mapped.malformed,
      },
    };
  } catch (error) {
    return { kind: 'bad', reason: reason(error) };
  }
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof SyntaxError ? `not valid JSON (${message})` : message;
}

const text = (v: string | null | undefined) => (v == null ? COPY_NULL : escapeCopy(v));

/** A company's facts as us_facts COPY lines (dates are ISO strings the mapper checked; numbers finite). */
export function factLines(cik: number, facts: UsFact[]): string {
  let out = '';
  for (const f of facts) {
    out +=
      `${cik}\t${text(f.concept)}\t${text(f.unit)}\t${f.start ?? COPY_NULL}\t${f.end}\t${f.val}\t${text(f.accn)}\t` +
      `${text(f.form)}\t${f.filed}\t${text(f.frame)}\t${Number.isInteger(f.fy) ? f.fy : COPY_NULL}\t${text(f.fp)}\n`;
  }
  return out;
}
