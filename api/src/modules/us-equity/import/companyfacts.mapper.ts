import { catalogueConcepts, latestFiledFacts, parseCik, type UsFact } from '@credence/shared';
import { ScanError, scanCompanyFacts } from './companyfacts.scan.js';

/** One companyfacts file read: the company, the facts the KPI catalogue reads, and counts. */
export interface MappedCompanyFacts {
  cik: number;
  entityName: string;
  /** The latest filed periodic copy of each catalogued concept, unit and period. */
  facts: UsFact[];
  /** Facts of catalogued concepts that were malformed and left out. */
  malformed: number;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const CONCEPTS = catalogueConcepts();

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads the SEC's companyfacts shape: `{cik, entityName, facts: {taxonomy: {Concept: {units:
 * {unit: [{start?, end, val, accn, fy, fp, form, filed, frame?}]}}}}}`. Throws with a reason a
 * user can act on when the document is not one.
 */
export function mapCompanyFacts(doc: unknown): MappedCompanyFacts {
  if (!isObject(doc)) throw new Error('not a companyfacts document (expected a JSON object with cik, entityName and facts)');
  const cik = parseCik(doc.cik);
  if (cik === null) throw new Error(`cik is missing or not a CIK (got ${JSON.stringify(doc.cik)})`);
  const entityName = typeof doc.entityName === 'string' ? doc.entityName.trim() : '';
  if (!entityName) throw new Error('entityName is missing');
  if (doc.facts !== undefined && !isObject(doc.facts)) throw new Error('facts is not an object of taxonomies');
  const candidates: UsFact[] = [];
  let malformed = 0;
  for (const [taxonomy, concepts] of Object.entries((doc.facts as Json | undefined) ?? {})) {
    if (!isObject(concepts)) continue;
    for (const [name, concept] of Object.entries(concepts)) {
      if (!isObject(concept) || !isObject(concept.units)) continue;
      const key = `${taxonomy}:${name}`;
      const wanted = CONCEPTS.has(key);
      for (const [unit, list] of Object.entries(concept.units)) {
        if (!Array.isArray(list)) continue;
        if (!wanted) continue;
        for (const raw of list) {
          const f = factOf(key, unit, raw);
          if (f) candidates.push(f);
          else malformed++;
        }
      }
    }
  }
  return { cik, entityName, facts: latestFiledFacts(candidates), malformed };
}

/**
 * A companyfacts file's bytes: only the catalogue's concepts are parsed (companyfacts.scan.ts);
 * a file the scan cannot step over is handed to JSON.parse, whose SyntaxError names the fault.
 */
export function mapCompanyFactsBytes(bytes: Buffer): MappedCompanyFacts {
  let doc: unknown;
  try {
    doc = scanCompanyFacts(bytes, (concept) => CONCEPTS.has(concept));
  } catch (error) {
    if (!(error instanceof ScanError)) throw error;
    doc = JSON.parse(bytes.toString('utf8'));
  }
  return mapCompanyFacts(doc);
}

function factOf(concept: string, unit: string, raw: unknown): UsFact | null {
  if (!isObject(raw)) return null;
  const { start, end, val, accn, form, filed, frame, fy, fp } = raw;
  if (typeof end !== 'string' || !ISO.test(end)) return null;
  if (start !== undefined && (typeof start !== 'string' || !ISO.test(start) || start > end)) return null;
  if (typeof val !== 'number' || !Number.isFinite(val)) return null;
  if (typeof accn !== 'string' || typeof form !== 'string' || typeof filed !== 'string' || !ISO.test(filed)) return null;
  return {
    concept,
    unit,
    start: typeof start === 'string' ? start : null,
    end,
    val,
    accn,
    form,
    filed,
    frame: typeof frame === 'string' ? frame : null,
    fy: typeof fy === 'number' ? fy : null,
    fp: typeof fp === 'string' ? fp : null,
  };
}
