/**
 * The fallback for sectors the everyday vocabulary does not name: the words of the SIC 2007
 * division and code descriptions ("plumbing" → 43220 Plumbing, heat and air-conditioning
 * installation; "tobacco" → division 12). Generic words never match on their own.
 */
import { SIC_CODES, SIC_DIVISIONS } from '../../rules/uk/sic-codes.js';
import type { SectorRef } from './sectors.js';

/** Words too generic to name a sector, or that mean something else in a query. */
const GENERIC = new Set(
  (
    'activity activities other not elsewhere classified and of the for in on except service services product products ' +
    'manufacture related support similar trade sale sales repair installation general their own use good goods based ' +
    'specialised specialized non its with a to by as or via incl including household households domestic business ' +
    'private public growing growth large big small top best leading new old high low fast major limited active local ' +
    'national international global company companies firm firms operation operations equipment material materials ' +
    'production processing management managing development developing part parts article articles store stores ' +
    'agent agents dealing contract contracts basis fee own leased level total net per filed year years charge charges ' +
    'fixed floating outstanding negative positive profit loss asset assets cash debt turnover employee employees'
  ).split(' '),
);

/** "bakeries" → "bakery", "hotels" → "hotel": enough to meet the descriptions' singulars and plurals. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3)
    .map(stem);

interface Index {
  divisions: Map<string, Set<string>>;
  codes: Map<string, Set<string>>;
}
let index: Index | null = null;

function add(map: Map<string, Set<string>>, word: string, key: string) {
  if (GENERIC.has(word)) return;
  let set = map.get(word);
  if (!set) map.set(word, (set = new Set()));
  set.add(key);
}

function buildIndex(): Index {
  const built: Index = { divisions: new Map(), codes: new Map() };
  for (const [key, description] of Object.entries(SIC_DIVISIONS)) for (const w of words(description)) add(built.divisions, w, key);
  for (const [code, description] of SIC_CODES) for (const w of words(description)) add(built.codes, w, code);
  return built;
}

function intersect(map: Map<string, Set<string>>, stems: readonly string[]): string[] {
  let result = null as Set<string> | null;
  for (const s of stems) {
    const set = map.get(s);
    if (!set) return [];
    result = result ? new Set([...result].filter((k) => set.has(k))) : new Set(set);
  }
  return result ? [...result].sort() : [];
}

/** At most this many divisions or codes for one phrase: more means the words were too vague. */
const MAX_DIVISIONS = 3;
const MAX_CODES = 40;

/** The sector whose descriptions hold every word of the phrase, or null. */
export function sectorFromDescriptions(phrase: readonly string[]): SectorRef | null {
  const stems = phrase.map(stem);
  if (stems.some((s) => s.length < 4 || GENERIC.has(s) || GENERIC.has(s.replace(/s$/, '')))) return null;
  index ??= buildIndex();
  const divisions = intersect(index.divisions, stems);
  if (divisions.length > 0 && divisions.length <= MAX_DIVISIONS) return { level: 'division', keys: divisions };
  const codes = intersect(index.codes, stems);
  if (codes.length > 0 && codes.length <= MAX_CODES) return { level: 'code', keys: codes };
  return null;
}
