/**
 * Rules for what a company is rather than what it reported: where it is (ITL1 region, or the
 * postcode area a town names), its status on the register, when it was incorporated and how old
 * it is. Each rule answers how many tokens it used (0: not its pattern).
 */
import { ITL1_REGIONS, POSTCODE_AREAS, type Itl1Region } from '../../rules/uk/postcode-areas.js';
import type { ParseState, Rule } from './state.js';
import type { Token } from './tokens.js';
import { COMPARISONS, isWord, matchPhrase, phraseTable, type Comparator } from './vocabulary.js';

// ------------------------------------------------------------------ places

const ENGLAND = ITL1_REGIONS.filter((r) => r !== 'Wales' && r !== 'Scotland' && r !== 'Northern Ireland');

/** Region names and their everyday forms ("the North West", "north-west", "East Anglia"). */
const REGIONS = phraseTable<readonly Itl1Region[]>({
  london: ['London'],
  'greater london': ['London'],
  'central london': ['London'],
  'north east': ['North East'],
  northeast: ['North East'],
  'north east england': ['North East'],
  'north west': ['North West'],
  northwest: ['North West'],
  'north west england': ['North West'],
  yorkshire: ['Yorkshire and The Humber'],
  'yorkshire and the humber': ['Yorkshire and The Humber'],
  'yorkshire and humber': ['Yorkshire and The Humber'],
  'yorkshire and humberside': ['Yorkshire and The Humber'],
  humberside: ['Yorkshire and The Humber'],
  'east midlands': ['East Midlands'],
  'west midlands': ['West Midlands'],
  midlands: ['East Midlands', 'West Midlands'],
  'the midlands': ['East Midlands', 'West Midlands'],
  'east of england': ['East of England'],
  'east anglia': ['East of England'],
  'eastern england': ['East of England'],
  'south east': ['South East'],
  southeast: ['South East'],
  'south east england': ['South East'],
  'south west': ['South West'],
  southwest: ['South West'],
  'south west england': ['South West'],
  wales: ['Wales'],
  welsh: ['Wales'],
  scotland: ['Scotland'],
  scottish: ['Scotland'],
  'northern irish': ['Northern Ireland'],
  'northern ireland': ['Northern Ireland'],
  england: ENGLAND,
  'north of england': ['North East', 'North West', 'Yorkshire and The Humber'],
  'northern england': ['North East', 'North West', 'Yorkshire and The Humber'],
});

/** Towns (the ones postcode areas are named after, and a few more) → their postcode areas. */
const TOWNS = phraseTable<readonly string[]>({
  ...Object.fromEntries(
    POSTCODE_AREAS.filter((a) => a.town !== 'London').map((a) => [
      a.town.toLowerCase().replace(/-/g, ' ').replace(/^st /, 'st '),
      [a.area],
    ]),
  ),
  'saint albans': ['AL'],
  newcastle: ['NE'],
  'kingston upon hull': ['HU'],
  southend: ['SS'],
  stoke: ['ST'],
  middlesbrough: ['TS'],
  teesside: ['TS'],
  medway: ['ME'],
  uxbridge: ['UB'],
  bournemouth: ['BH'],
  brighton: ['BN'],
  'brighton and hove': ['BN'],
  hove: ['BN'],
  salford: ['M'],
});

const AREA_TOWN = new Map(POSTCODE_AREAS.map((a) => [a.area, a.town]));
const AREA_CODES = new Set(POSTCODE_AREAS.map((a) => a.area.toLowerCase()));
const sayArea = (area: string) => `${area} (${AREA_TOWN.get(area)})`;

/** Words after which a town name is a place ("based in Leeds", "near Bristol"), not another word ("bath products"). */
const PLACE_LEADS = new Set(['in', 'near', 'around', 'from', 'within', 'outside', 'based', 'located', 'headquartered', 'registered', 'of']);

/** "in London", "the North West", "outside Scotland", "based in Leeds or Bradford", "postcode area LS". */
export const placeRule: Rule = (s, at) => {
  const tokens = s.tokens;
  const region = matchPhrase(tokens, at, REGIONS);
  if (region) {
    s.choose('region', region.value);
    s.lastPlace = at + region.length - 1;
    return region.length;
  }
  if (isWord(tokens[at], 'postcode', 'postcodes', 'post code')) {
    const k = isWord(tokens[at + 1], 'area', 'areas') ? at + 2 : at + 1;
    const areas: string[] = [];
    let end = k;
    while (tokens[end] && AREA_CODES.has(tokens[end].text) && tokens[end].kind === 'word') {
      areas.push(tokens[end].text.toUpperCase());
      end += isWord(tokens[end + 1], ',', 'or', 'and') && AREA_CODES.has(tokens[end + 2]?.text ?? '') ? 2 : 1;
      if (!AREA_CODES.has(tokens[end]?.text ?? '')) break;
    }
    if (!areas.length) return 0;
    s.choose('postcode_area', areas, sayArea);
    s.lastPlace = end - 1;
    return end - at;
  }
  const town = matchPhrase(tokens, at, TOWNS);
  if (!town) return 0;
  const before = tokens[at - 1];
  const listed = isWord(before, 'or', 'and', ',') && s.lastPlace === at - 2;
  if (!listed && !(before && before.kind === 'word' && PLACE_LEADS.has(before.text))) return 0;
  s.choose('postcode_area', town.value, sayArea);
  s.lastPlace = at + town.length - 1;
  return town.length;
};

// ------------------------------------------------------------------ status

const LIQUIDATION = ['Liquidation'];
const ADMINISTRATION = ['In Administration', 'Administration Order'];
const RECEIVERSHIP = ['Receivership', 'Receivership Action', 'Live but Receiver Manager on at least one charge'];
const ARRANGEMENT = ['Voluntary Arrangement'];
const INSOLVENCY = [...LIQUIDATION, ...ADMINISTRATION, ...RECEIVERSHIP, ...ARRANGEMENT, 'Insolvency Proceedings'];

/** Statuses as the register words them (company_status), by the words users type. */
const STATUSES = phraseTable<readonly string[]>({
  active: ['Active'],
  'still active': ['Active'],
  dissolved: ['Dissolved'],
  'struck off': ['Dissolved'],
  'proposal to strike off': ['Active - Proposal to Strike off'],
  'being struck off': ['Active - Proposal to Strike off'],
  'strike off': ['Active - Proposal to Strike off'],
  'striking off': ['Active - Proposal to Strike off'],
  'in liquidation': LIQUIDATION,
  'under liquidation': LIQUIDATION,
  liquidation: LIQUIDATION,
  liquidated: LIQUIDATION,
  'being wound up': LIQUIDATION,
  'wound up': LIQUIDATION,
  'in administration': ADMINISTRATION,
  'under administration': ADMINISTRATION,
  'entered administration': ADMINISTRATION,
  administrations: ADMINISTRATION,
  'administration order': ADMINISTRATION,
  'in receivership': RECEIVERSHIP,
  receivership: RECEIVERSHIP,
  'voluntary arrangement': ARRANGEMENT,
  'voluntary arrangements': ARRANGEMENT,
  'company voluntary arrangement': ARRANGEMENT,
  'in a voluntary arrangement': ARRANGEMENT,
  'in a cva': ARRANGEMENT,
  cva: ARRANGEMENT,
  insolvent: INSOLVENCY,
  insolvency: INSOLVENCY,
  'in insolvency': INSOLVENCY,
  distressed: INSOLVENCY,
  'in distress': INSOLVENCY,
});

/** "active", "dissolved", "in liquidation", "in administration", "insolvent", "not dissolved". */
export const statusRule: Rule = (s, at) => {
  const found = matchPhrase(s.tokens, at, STATUSES);
  if (!found) return 0;
  s.choose('company_status', found.value);
  return found.length;
};

// ------------------------------------------------------------------ incorporation and age

const INCORPORATED = phraseTable<true>({
  incorporated: true,
  founded: true,
  established: true,
  formed: true,
  'set up': true,
  created: true,
  started: true,
  'incorporation date': true,
  'date of incorporation': true,
});

/** A year a company can have been incorporated in (1800 to 2100), typed as four digits. */
const incorporationYear = (t: Token | undefined): number | null => {
  const digits = t?.kind === 'amount' ? t.amount!.digits : null;
  return digits && digits.length === 4 && Number(digits) >= 1800 && Number(digits) <= 2100 ? Number(digits) : null;
};

/** A whole number of years typed as digits or small words ("10", "ten"). */
const WORD_NUMBERS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4, five: 5, ten: 10, twenty: 20, fifty: 50 };
function wholeYears(t: Token | undefined): number | null {
  const n = t?.kind === 'amount' ? t.amount!.amount : t?.kind === 'word' ? WORD_NUMBERS[t.text] : undefined;
  return n !== undefined && Number.isInteger(n) && n >= 0 && n <= 500 && (t?.kind !== 'amount' || !t.amount!.unit) ? n : null;
}

const YEARS = ['years', 'year', 'yrs', 'yr'];

/**
 * Age in whole years (age_years). "over 10 years old" is at least 10 whole years: a company of
 * 10 years and 3 months is over 10 years old. "under 5" is fewer than 5 whole years.
 */
function placeAge(s: ParseState, comparator: Comparator | 'between', a: number, b?: number): void {
  const years = (n: number) => `${n} year${n === 1 ? '' : 's'}`;
  if (comparator === 'between' && b !== undefined) {
    const [lo, hi] = a <= b ? [a, b] : [b, a];
    s.place('age_years', { type: 'between', value: lo, valueTo: hi }, `Age between ${lo} and ${years(hi)}`);
  } else if (comparator === 'gt' || comparator === 'gte') {
    s.place('age_years', { type: 'greaterThan', value: a - 1 }, `Age ${comparator === 'gt' ? 'over' : 'at least'} ${years(a)}`);
  } else if (comparator === 'lt') {
    s.place('age_years', { type: 'lessThan', value: a }, `Age under ${years(a)}`);
  } else if (comparator === 'lte') {
    s.place('age_years', { type: 'lessThan', value: a + 1 }, `Age at most ${years(a)}`);
  } else {
    s.place('age_years', { type: 'equals', value: a }, `Age ${years(a)}`);
  }
}

/** A comparison then a whole number of years, from `at`: "over 10", "between 5 and 10", "less than two". */
function readYears(s: ParseState, at: number): { comparator: Comparator | 'between'; a: number; b?: number; next: number } | null {
  const tokens = s.tokens;
  const cmp = matchPhrase(tokens, at, COMPARISONS);
  let k = at + (cmp?.length ?? 0);
  if (isWord(tokens[k], 'than', 'of')) k++;
  const a = wholeYears(tokens[k]);
  if (a === null) return null;
  k++;
  if (cmp?.value === 'between' || cmp?.value === 'from') {
    if (!isWord(tokens[k], 'and', 'to', '-') || wholeYears(tokens[k + 1]) === null) return null;
    return { comparator: 'between', a, b: wholeYears(tokens[k + 1])!, next: k + 2 };
  }
  if (isWord(tokens[k], '-', 'to') && wholeYears(tokens[k + 1]) !== null && !cmp)
    return { comparator: 'between', a, b: wholeYears(tokens[k + 1])!, next: k + 2 };
  const plus = isWord(tokens[k], '+');
  return { comparator: plus ? 'gte' : ((cmp?.value as Comparator | undefined) ?? 'eq'), a, next: plus ? k + 1 : k };
}

/** "or more", "or older", "and over" after a number of years. */
function suffixComparator(tokens: readonly Token[], k: number): { comparator: Comparator; length: number } | null {
  if (isWord(tokens[k], 'or', 'and') && isWord(tokens[k + 1], 'more', 'older', 'over', 'above')) return { comparator: 'gte', length: 2 };
  if (isWord(tokens[k], 'or', 'and') && isWord(tokens[k + 1], 'less', 'younger', 'under', 'below')) return { comparator: 'lte', length: 2 };
  return null;
}

const dateOf = (year: number, end: boolean) => `${year}-${end ? '12-31' : '01-01'}`;

/** "incorporated in 2015", "founded before 2000", "established since 2010", "incorporated over 10 years ago". */
function incorporation(s: ParseState, at: number): number {
  const tokens = s.tokens;
  const lead = matchPhrase(tokens, at, INCORPORATED);
  if (!lead) return 0;
  let k = at + lead.length;
  if (isWord(tokens[k], 'on', ':')) k++;
  const word = tokens[k]?.kind === 'word' || tokens[k]?.kind === 'punct' ? tokens[k].text : '';
  const place = (value: { type: 'range' | 'before' | 'after'; value: string; valueTo?: string }, phrase: string, end: number) => {
    s.place('incorporation_date', value, phrase);
    return end - at;
  };
  // "in the last 5 years", "within the past 3 years"
  if (isWord(tokens[k], 'in', 'within', 'during') && isWord(tokens[k + 1], 'the') && isWord(tokens[k + 2], 'last', 'past')) {
    const n = wholeYears(tokens[k + 3]);
    if (n !== null && isWord(tokens[k + 4], ...YEARS)) {
      placeAge(s, 'lt', n);
      return k + 5 - at;
    }
  }
  // "over 10 years ago", "less than 5 years ago"
  const ago = readYears(s, k);
  if (ago && isWord(tokens[ago.next], ...YEARS) && isWord(tokens[ago.next + 1], 'ago')) {
    placeAge(s, ago.comparator === 'eq' ? 'eq' : ago.comparator, ago.a, ago.b);
    return ago.next + 2 - at;
  }
  let kind = 'in';
  if (['in', 'during'].includes(word)) k++;
  else if (['before', 'until', 'after', 'since', 'from', 'between'].includes(word)) {
    kind = word;
    k++;
  } else if (word === 'prior' && isWord(tokens[k + 1], 'to')) {
    kind = 'before';
    k += 2;
  }
  const first = incorporationYear(tokens[k]);
  if (first === null) return 0;
  k++;
  const second = isWord(tokens[k], 'and', 'to', '-', 'through') ? incorporationYear(tokens[k + 1]) : null;
  if (second !== null && (kind === 'between' || kind === 'from' || (kind === 'in' && !isWord(tokens[k], 'and')))) {
    const [lo, hi] = first <= second ? [first, second] : [second, first];
    return place({ type: 'range', value: dateOf(lo, false), valueTo: dateOf(hi, true) }, `Incorporated ${lo}-${hi}`, k + 2);
  }
  if (kind === 'between') return 0;
  if (isWord(tokens[k], 'or', 'and') && isWord(tokens[k + 1], 'later', 'after', 'since')) [kind, k] = ['since', k + 2];
  else if (isWord(tokens[k], 'or', 'and') && isWord(tokens[k + 1], 'earlier', 'before')) [kind, k] = ['until', k + 2];
  else if (isWord(tokens[k], 'onwards')) [kind, k] = ['since', k + 1];
  switch (kind) {
    case 'before':
      return place({ type: 'before', value: dateOf(first, false) }, `Incorporated before ${first}`, k);
    case 'until':
      return place({ type: 'before', value: dateOf(first + 1, false) }, `Incorporated in ${first} or earlier`, k);
    case 'after':
      return place({ type: 'after', value: dateOf(first, true) }, `Incorporated after ${first}`, k);
    case 'since':
    case 'from':
      return place({ type: 'after', value: dateOf(first - 1, true) }, `Incorporated in ${first} or later`, k);
    default:
      return place({ type: 'range', value: dateOf(first, false), valueTo: dateOf(first, true) }, `Incorporated in ${first}`, k);
  }
}

/** "over 10 years old", "aged under 5", "older than 20 years", "10+ years old", "5 years old or more". */
function age(s: ParseState, at: number): number {
  const tokens = s.tokens;
  if (isWord(tokens[at], 'older', 'younger', 'newer') && isWord(tokens[at + 1], 'than')) {
    const n = wholeYears(tokens[at + 2]);
    if (n === null) return 0;
    const k = isWord(tokens[at + 3], ...YEARS) ? at + 4 : at + 3;
    placeAge(s, tokens[at].text === 'older' ? 'gt' : 'lt', n);
    return k - at;
  }
  const aged = isWord(tokens[at], 'aged', 'age') ? 1 : isWord(tokens[at], 'company') && isWord(tokens[at + 1], 'age') ? 2 : 0;
  const read = readYears(s, at + aged);
  if (!read) return 0;
  let k = read.next;
  const unit = isWord(tokens[k], ...YEARS);
  if (unit) k++;
  const old = isWord(tokens[k], 'old') || (isWord(tokens[k], 'of') && isWord(tokens[k + 1], 'age'));
  if (!aged && !(unit && old) && !(unit && isWord(tokens[k], 'or', 'and') && isWord(tokens[k + 1], 'older', 'younger'))) return 0;
  if (old) k += isWord(tokens[k], 'old') ? 1 : 2;
  let comparator = read.comparator;
  const suffix = suffixComparator(tokens, k);
  if (suffix && comparator === 'eq') {
    comparator = suffix.comparator;
    k += suffix.length;
  } else if (isWord(tokens[k - 1], 'old') === false && isWord(tokens[k], 'or', 'and') && isWord(tokens[k + 1], 'older', 'younger')) {
    comparator = tokens[k + 1].text === 'older' ? 'gte' : 'lte';
    k += 2;
  }
  placeAge(s, comparator, read.a, read.b);
  return k - at;
}

export const incorporationRule: Rule = (s, at) => incorporation(s, at) || age(s, at);
