/**
 * Company profiles: number (in the real formats and ranges, rising with the incorporation date as
 * on the register), name, category, status, registered office, SIC codes, size, accounts type and
 * reference date, previous names and listing. Every company is a pure function of (seed, index,
 * total, reference date).
 */
import { SUGGESTED_COMPANIES } from '@credence/shared';
import { addMonths, dayOf, monthOf, type Day } from './dates.js';
import { companyName, titleCase, type LegalForm } from './names.js';
import { address as makeAddress, TOWNS_BY_JURISDICTION, townNamed, type Jurisdiction } from './places.js';
import { Rng, Weighted } from '../../../core/random.js';
import { SECTOR_BY_ID, SECTOR_CHOICE, secondarySic, type Sector, type SizeClass } from './sectors.js';
import type { AccountsType, CompanyPlan, GeneratorContext, SuggestedSpec } from './types.js';
// the word lists and tables are data, not code: data/companies.json (loaded once, with the module)
import COMPANY_DATA from './data/companies.json' with { type: 'json' };

// ---------------------------------------------------------------------------------------------
// Number ranges. Each class of company number is numbered in order of incorporation: knots map a
// share q of the class's sample companies to a number, and numbers to dates (both piecewise
// linear). The last knot follows the reference date, so that the newest companies are recent.

interface Knot {
  q: number;
  number: number;
  date: string;
}

interface NumberClass {
  id: string;
  prefix: string;
  /** Digits after the prefix (8 for plain numbers). */
  digits: number;
  /** Slots per 1000 companies. */
  share: number;
  jurisdiction: Jurisdiction;
  knots: Knot[];
  /** Numbers issued per year at the end of the known knots (extends the range to the reference date). */
  perYear: number;
}

const K = (q: number, number: number, date: string): Knot => ({ q, number, date });

/** A class as data/companies.json holds it: each knot as [q, number, date]. */
type NumberClassData = Omit<NumberClass, 'knots'> & { knots: Parameters<typeof K>[] };

const CLASSES: NumberClass[] = (COMPANY_DATA.CLASSES as NumberClassData[]).map((c) => ({ ...c, knots: c.knots.map((k) => K(...k)) }));

const PATTERN_SIZE = 1000;

/**
 * Which class each of 1000 slots takes. Rare classes come first, so that any run of a few dozen
 * companies has every kind; the rest is spread evenly.
 */
const PATTERN: number[] = (() => {
  const slots: number[] = new Array(PATTERN_SIZE).fill(-1);
  const order = CLASSES.map((_, i) => i).sort((a, b) => CLASSES[a].share - CLASSES[b].share);
  // First occurrences up front (at slots 1, 3, 5, ...) so a small sample sees every class.
  let position = 1;
  const remaining = CLASSES.map((c) => c.share);
  for (const id of order) {
    if (id === 0) continue;
    slots[position] = id;
    remaining[id]--;
    position += 2;
  }
  // Then each class spread at even intervals over the free slots.
  const free = slots.map((s, i) => (s === -1 ? i : -1)).filter((i) => i >= 0);
  const fill: { slot: number; id: number }[] = [];
  for (const id of order) {
    const count = remaining[id];
    for (let k = 0; k < count; k++) fill.push({ slot: (k + 0.5) / count, id });
  }
  fill.sort((a, b) => a.slot - b.slot || a.id - b.id);
  fill.forEach((f, i) => (slots[free[i]] = f.id));
  return slots;
})();

/** Rank of each slot within its class (0 for the first slot of that class in the pattern). */
const PATTERN_RANK: number[] = (() => {
  const seen = new Array(CLASSES.length).fill(0);
  return PATTERN.map((id) => seen[id]++);
})();

const classCounts = new Map<string, number>();

/** How many of `total` generated companies fall in class `id`. */
function classCount(id: number, total: number): number {
  const key = `${id}:${total}`;
  let count = classCounts.get(key);
  if (count === undefined) {
    count = Math.floor(total / PATTERN_SIZE) * CLASSES[id].share;
    for (let s = 0; s < total % PATTERN_SIZE; s++) if (PATTERN[s] === id) count++;
    if (classCounts.size > 1000) classCounts.clear();
    classCounts.set(key, count);
  }
  return count;
}

function interpolate(x: number, xs: number[], ys: number[]): number {
  if (x <= xs[0]) return ys[0];
  for (let i = 1; i < xs.length; i++) {
    if (x <= xs[i]) return ys[i - 1] + ((ys[i] - ys[i - 1]) * (x - xs[i - 1])) / (xs[i] - xs[i - 1]);
  }
  return ys[ys.length - 1];
}

interface ClassTables {
  qs: number[];
  numbers: number[];
  days: number[];
  max: number;
}

const tableCache = new Map<string, ClassTables>();

function tablesFor(cls: NumberClass, ref: Day): ClassTables {
  const key = `${cls.id}:${ref}`;
  let tables = tableCache.get(key);
  if (!tables) {
    const last = cls.knots[cls.knots.length - 1];
    const lastDay = dayOf(last.date);
    const endDay = Math.max(lastDay + 30, ref - 7);
    const endNumber = last.number + Math.round(((endDay - lastDay) / 365.25) * cls.perYear);
    const knots = [...cls.knots, { q: 1, number: endNumber, date: '' }];
    tables = {
      qs: knots.map((k) => k.q),
      numbers: knots.map((k) => k.number),
      days: knots.map((k, i) => (i === knots.length - 1 ? endDay : dayOf(k.date))),
      max: Math.min(endNumber, 10 ** cls.digits - 1),
    };
    tableCache.set(key, tables);
  }
  return tables;
}

const RESERVED = new Set<string>(SUGGESTED_COMPANIES.map((c) => c.company_number));

interface Numbered {
  cls: NumberClass;
  number: string;
  incorporated: Day;
}

/** The company number of generated company g (0-based among generated companies) and its date. */
function numberFor(g: number, generated: number, ctx: GeneratorContext, rng: Rng): Numbered {
  const slot = g % PATTERN_SIZE;
  const id = PATTERN[slot];
  const cls = CLASSES[id];
  const count = Math.max(1, classCount(id, generated));
  const j = Math.floor(g / PATTERN_SIZE) * cls.share + PATTERN_RANK[slot];
  const tables = tablesFor(cls, ctx.ref);
  // A dense class (more companies than numbers) falls back to an even spread over its range.
  const span = tables.max - tables.numbers[0];
  const numberAt = (q: number) =>
    span >= count * 2 ? interpolate(q, tables.qs, tables.numbers) : tables.numbers[0] + q * Math.max(span, count * 2);
  const start = Math.ceil(numberAt(j / count));
  const end = Math.max(start + 1, Math.ceil(numberAt((j + 1) / count)));
  let n = start + rng.int(end - start);
  let text = format(cls, n);
  if (RESERVED.has(text)) {
    n = n === start ? n + 1 : n - 1;
    text = format(cls, n);
  }
  const jitter = rng.int(5) - 2;
  const incorporated = Math.min(ctx.ref - 1, Math.round(interpolate(n, tables.numbers, tables.days)) + jitter);
  return { cls, number: text, incorporated };
}

function format(cls: NumberClass, n: number): string {
  return cls.prefix + String(n).padStart(cls.digits, '0');
}

// ---------------------------------------------------------------------------------------------
// Categories and statuses, with the forms they imply.

interface Category {
  name: string;
  form: LegalForm;
}

const COMPANY_CATEGORIES = Weighted.of<Category>([
  [{ name: 'Private Limited Company', form: 'ltd' }, 930],
  [{ name: 'Public Limited Company', form: 'plc' }, 7],
  [{ name: 'PRI/LTD BY GUAR/NSC (Private, limited by guarantee, no share capital)', form: 'guarantee' }, 35],
  [{ name: "PRI/LBG/NSC (Private, Limited by guarantee, no share capital, use of 'Limited' exemption)", form: 'guarantee' }, 6],
  [{ name: 'Community Interest Company', form: 'cic' }, 16],
  [{ name: 'Private Unlimited Company', form: 'unlimited' }, 6],
]);
/** Company categories in the order a small sample is guaranteed to show them. */
const COMPANY_CATEGORY_COVERAGE = COMPANY_CATEGORIES.items.slice(1).concat(COMPANY_CATEGORIES.items[0]);

function categoryFor(cls: NumberClass, classRank: number, rng: Rng): Category {
  switch (cls.id) {
    case 'OC':
    case 'SO':
    case 'NC':
      return { name: 'Limited Liability Partnership', form: 'llp' };
    case 'LP':
    case 'SL':
      return { name: 'Limited Partnership', form: 'lp' };
    case 'RS':
      return { name: 'Registered Society', form: 'society' };
    default:
      if (cls.id === 'EW' && classRank < COMPANY_CATEGORY_COVERAGE.length) return COMPANY_CATEGORY_COVERAGE[classRank];
      return COMPANY_CATEGORIES.pick(rng);
  }
}

export const STATUSES = [
  'Active',
  'Active - Proposal to Strike off',
  'Dissolved',
  'Liquidation',
  'In Administration',
  'Voluntary Arrangement',
  'Receivership Action',
  'Live but Receiver Manager on at least one charge',
  'Administration Order',
] as const;

const STATUS_CHOICE = Weighted.of<string>([
  ['Active', 860],
  ['Active - Proposal to Strike off', 22],
  ['Dissolved', 55],
  ['Liquidation', 38],
  ['In Administration', 11],
  ['Voluntary Arrangement', 7],
  ['Receivership Action', 3],
  ['Live but Receiver Manager on at least one charge', 3],
  ['Administration Order', 1],
]);

export const ACCOUNTS_CATEGORY: Record<AccountsType, string> = {
  'micro-entity': 'MICRO ENTITY',
  'total-exemption-full': 'TOTAL EXEMPTION FULL',
  'unaudited-abridged': 'UNAUDITED ABRIDGED',
  small: 'SMALL',
  medium: 'MEDIUM',
  full: 'FULL',
  group: 'GROUP',
  dormant: 'DORMANT',
};

function accountsTypeFor(rng: Rng, size: SizeClass, form: LegalForm, dormant: boolean): AccountsType {
  if (dormant) return 'dormant';
  if (form === 'plc') return size === 'large' ? (rng.chance(0.6) ? 'group' : 'full') : 'full';
  switch (size) {
    case 'micro':
      return rng.chance(0.8) ? 'micro-entity' : rng.chance(0.75) ? 'total-exemption-full' : 'unaudited-abridged';
    case 'small': {
      const roll = rng.next();
      return roll < 0.45 ? 'small' : roll < 0.8 ? 'total-exemption-full' : 'unaudited-abridged';
    }
    case 'medium':
      return rng.chance(0.4) ? 'medium' : 'full';
    case 'large':
      return rng.chance(0.5) ? 'group' : 'full';
  }
}

const SIZE_TURNOVER: Record<SizeClass, { median: number; sigma: number; min: number; max: number }> = {
  micro: { median: 140_000, sigma: 0.8, min: 8_000, max: 850_000 },
  small: { median: 2_600_000, sigma: 0.6, min: 700_000, max: 12_000_000 },
  medium: { median: 19_000_000, sigma: 0.45, min: 9_000_000, max: 48_000_000 },
  large: { median: 140_000_000, sigma: 0.9, min: 45_000_000, max: 4_000_000_000 },
};

function ticker(rng: Rng, name: string): string {
  const words = name
    .replace(/\b(PLC|LIMITED|GROUP|HOLDINGS|THE|AND|&)\b/g, '')
    .trim()
    .split(/\s+/);
  let t = words.length >= 2 ? words[0].slice(0, 2) + words[1][0] : words[0].slice(0, 3 + rng.int(2));
  t = t.replace(/[^A-Z]/g, '');
  return (t.length >= 2 ? t : 'XYZ').slice(0, 4);
}

// ---------------------------------------------------------------------------------------------
// The four suggested companies (spec 2 2.2) and the default sample company: fixed profiles,
// everything populated.

export const SUGGESTED_SPECS: readonly SuggestedSpec[] = COMPANY_DATA.SUGGESTED_SPECS as SuggestedSpec[];

if (
  SUGGESTED_SPECS.some(
    (s, i) => SUGGESTED_COMPANIES[i]?.company_number !== s.company_number || SUGGESTED_COMPANIES[i]?.company_name !== s.company_name,
  )
) {
  throw new Error('the sample generator and @credence/shared disagree on the suggested companies');
}

// ---------------------------------------------------------------------------------------------

/** Years of filing history (and so of accounts) a company shows: 3-4, 4-6 for larger ones. */
const WINDOW_YEARS: Record<SizeClass, Weighted<number>> = {
  micro: Weighted.of<number>([
    [3, 92],
    [4, 8],
  ]),
  small: Weighted.of<number>([
    [3, 60],
    [4, 30],
    [5, 10],
  ]),
  medium: Weighted.of<number>([
    [4, 50],
    [5, 35],
    [6, 15],
  ]),
  large: Weighted.of<number>([
    [5, 50],
    [6, 50],
  ]),
};

const forcedCache = new Map<string, Map<number, string>>();

/**
 * Every status shows in any sample of a few dozen companies: the first generated companies old
 * enough to have reached it take one each (the PSC showcases, 12 and 13, stay active).
 */
function forcedStatuses(ctx: GeneratorContext): Map<number, string> {
  const key = `${ctx.seed}:${ctx.total}:${ctx.ref}`;
  let forced = forcedCache.get(key);
  if (!forced) {
    forced = new Map();
    const generated = Math.max(1, ctx.total - SUGGESTED_SPECS.length);
    const wanted = STATUSES.filter((s) => s !== 'Active');
    for (let g = 0; g < Math.min(generated, 80) && forced.size < wanted.length; g++) {
      if (g === 12 || g === 13) continue;
      const { incorporated } = numberFor(g, generated, ctx, new Rng(ctx.seed, 1, g + SUGGESTED_SPECS.length));
      if (ctx.ref - incorporated > 900) forced.set(g, wanted[forced.size]);
    }
    if (forcedCache.size > 20) forcedCache.clear();
    forcedCache.set(key, forced);
  }
  return forced;
}

/** Decides everything about company `index` (0-3: the suggested companies). */
export function planCompany(index: number, ctx: GeneratorContext): CompanyPlan {
  const rng = new Rng(ctx.seed, 1, index);
  if (index < SUGGESTED_SPECS.length) return planSuggested(SUGGESTED_SPECS[index], index, ctx, rng);

  const g = index - SUGGESTED_SPECS.length;
  const generated = Math.max(1, ctx.total - SUGGESTED_SPECS.length);
  const { cls, number, incorporated } = numberFor(g, generated, ctx, rng);
  const category = categoryFor(cls, Math.floor(g / PATTERN_SIZE) * cls.share + PATTERN_RANK[g % PATTERN_SIZE], rng);
  const form = category.form;

  let sector: Sector = SECTOR_CHOICE.pick(rng);
  if (form === 'lp') sector = SECTOR_BY_ID.get(rng.chance(0.7) ? 'finance' : 'property')!;
  if (form === 'society') sector = SECTOR_BY_ID.get(rng.pick(['retail', 'agriculture', 'creative', 'property', 'energy'] as const))!;
  if (form === 'guarantee' && rng.chance(0.5)) sector = SECTOR_BY_ID.get(rng.pick(['creative', 'dormant', 'health'] as const))!;
  if (form === 'llp' && sector.id === 'dormant') sector = SECTOR_BY_ID.get('professional')!;
  const dormant = sector.id === 'dormant';

  let size: SizeClass = dormant ? 'micro' : sector.typicalSize.pick(rng);
  if (form === 'plc' && (size === 'micro' || size === 'small')) size = rng.chance(0.5) ? 'large' : 'medium';
  // Young companies are small.
  const ageYears = (ctx.ref - incorporated) / 365.25;
  if (ageYears < 3 && size !== 'micro' && rng.chance(0.7)) size = size === 'large' ? 'small' : 'micro';

  const main = sector.sic.pick(rng);
  const sic = [main];
  if (!dormant && rng.chance(0.2)) {
    const second = secondarySic(rng, sector, main);
    if (second) sic.push(second);
    if (rng.chance(0.2)) {
      const third = secondarySic(rng, sector, main);
      if (third && !sic.includes(third)) sic.push(third);
    }
  }

  const status = forcedStatuses(ctx).get(g) ?? STATUS_CHOICE.pick(rng);
  const town = TOWNS_BY_JURISDICTION[cls.jurisdiction].pick(rng);
  const name = companyName(rng, sector, form, town.name);
  const industrial = ['construction', 'engineering', 'food', 'wholesale', 'transport', 'energy'].includes(sector.id);

  const filesAnnually = form !== 'lp' && form !== 'society';
  const trading = filesAnnually && !dormant;
  const accountsType = accountsTypeFor(rng, size, form, !trading);
  const audited =
    trading &&
    (accountsType === 'full' || accountsType === 'group' || accountsType === 'medium' || (accountsType === 'small' && rng.chance(0.3)));
  const t = SIZE_TURNOVER[size];
  const turnoverScale = trading
    ? Math.round(Math.min(t.max, Math.max(t.min, rng.logNormal(t.median * (sector.id === 'property' ? 0.5 : 1), t.sigma))))
    : 0;

  const plan = basePlan(index, ctx, rng, {
    number,
    name,
    form,
    category: category.name,
    jurisdiction: cls.jurisdiction,
    sector,
    sic,
    size,
    status,
    incorporated,
    town,
    industrial,
    accountsType,
    audited,
    trading,
    filesAnnually,
    turnoverScale,
    windowYears: WINDOW_YEARS[size].pick(rng),
  });
  // Two early companies show every kind of PSC filing, so that even a small sample has them all.
  plan.pscShowcase =
    (g === 12 || g === 13) && (form === 'ltd' || form === 'plc' || form === 'cic' || form === 'unlimited') && plan.status === 'Active';
  if (form === 'plc' && size === 'large' && rng.chance(0.35)) {
    plan.listed = { exchange: rng.chance(0.7) ? 'LSE' : 'AIM', ticker: ticker(rng, name) };
  }
  if (trading && (sector.id === 'energy' || sector.id === 'finance' || sector.id === 'wholesale' || size === 'large') && rng.chance(0.12)) {
    plan.currency = rng.chance(0.55) ? 'EUR' : 'USD';
  } else if (trading && rng.chance(0.008)) {
    plan.currency = rng.chance(0.5) ? 'EUR' : 'USD';
  }
  return plan;
}

interface BaseInput {
  number: string;
  name: string;
  form: LegalForm;
  category: string;
  jurisdiction: Jurisdiction;
  sector: Sector;
  sic: string[];
  size: SizeClass;
  status: string;
  incorporated: Day;
  town: CompanyPlan['town'];
  industrial: boolean;
  accountsType: AccountsType;
  audited: boolean;
  trading: boolean;
  filesAnnually: boolean;
  turnoverScale: number;
  windowYears: number;
}

function basePlan(index: number, ctx: GeneratorContext, rng: Rng, input: BaseInput): CompanyPlan {
  const { ref } = ctx;
  const age = ref - input.incorporated;
  let status = input.status;
  let dissolved: Day | null = null;
  let statusSince: Day | null = null;
  // A company too young for its status stays active.
  if (status !== 'Active' && age < 500) status = 'Active';
  if (status === 'Dissolved') {
    dissolved = ref - rng.between(30, Math.min(age - 200, 365 * 6));
    statusSince = dissolved - rng.between(70, 400);
  } else if (status === 'Active - Proposal to Strike off') {
    statusSince = ref - rng.between(10, 75);
  } else if (status !== 'Active') {
    statusSince = ref - rng.between(40, Math.min(age - 300, 365 * 3));
  }
  const voluntaryStrikeOff = rng.chance(0.55);

  const address = makeAddress(rng, input.town, input.industrial);
  let previousAddress: CompanyPlan['previousAddress'] = null;
  const windowStart = Math.max(input.incorporated, addMonths(ref, -12 * input.windowYears));
  if (rng.chance(0.14) && ref - windowStart > 200) {
    const movedOn = windowStart + rng.int(Math.max(1, (dissolved ?? ref) - windowStart - 30));
    const town = rng.chance(0.7) ? input.town : TOWNS_BY_JURISDICTION[input.jurisdiction].pick(rng);
    previousAddress = { address: makeAddress(rng, town, input.industrial), movedOn };
  }

  const previousNames: CompanyPlan['previousNames'] = [];
  if (rng.chance(0.16) && age > 800) {
    const changes = rng.chance(0.2) ? 2 : 1;
    let ceased = ref - rng.between(200, Math.max(201, age - 400));
    for (let k = 0; k < changes; k++) {
      const from = k === changes - 1 ? input.incorporated : Math.max(input.incorporated + 100, ceased - rng.between(300, 3000));
      previousNames.push({
        name: companyName(rng, input.sector, input.form === 'plc' ? 'ltd' : input.form, input.town.name),
        effective_from: from,
        ceased_on: ceased,
      });
      ceased = from;
      if (from <= input.incorporated) break;
    }
  }

  // The default reference date is the end of the month of the anniversary; many move to 31 December or 31 March.
  const ardMonth = rng.chance(0.35) ? 12 : rng.chance(0.3) ? 3 : monthOf(input.incorporated);

  return {
    index,
    number: input.number,
    name: input.name,
    form: input.form,
    category: input.category,
    jurisdiction: input.jurisdiction,
    sector: input.sector,
    sic: input.sic,
    size: input.size,
    status,
    incorporated: input.incorporated,
    dissolved,
    statusSince,
    voluntaryStrikeOff,
    town: input.town,
    address,
    previousAddress,
    previousNames,
    ardMonth,
    accountsType: input.accountsType,
    audited: input.audited,
    currency: 'GBP',
    listed: null,
    trading: input.trading,
    hasShareCapital:
      input.form === 'ltd' || input.form === 'plc' || input.form === 'unlimited' || (input.form === 'cic' && rng.chance(0.5)),
    filesAnnually: input.filesAnnually,
    ref,
    windowStart,
    turnoverScale: input.turnoverScale,
    suggested: null,
    pscShowcase: false,
    early: index < SUGGESTED_SPECS.length + 100,
  };
}

function planSuggested(spec: SuggestedSpec, index: number, ctx: GeneratorContext, rng: Rng): CompanyPlan {
  const sector = SECTOR_BY_ID.get(spec.sectorId)!;
  const town = townNamed(spec.town, spec.jurisdiction === 'scotland' ? 'Scotland' : undefined);
  const plan = basePlan(index, ctx, rng, {
    number: spec.company_number,
    name: spec.company_name,
    form: spec.form,
    category: spec.category,
    jurisdiction: spec.jurisdiction,
    sector,
    sic: spec.sic,
    size: spec.size,
    status: 'Active',
    incorporated: dayOf(spec.incorporated),
    town,
    industrial: spec.sectorId !== 'software',
    accountsType: spec.accountsType,
    audited: true,
    trading: true,
    filesAnnually: true,
    turnoverScale: spec.turnover,
    windowYears: 7,
  });
  plan.previousNames = spec.previousNames.map((p) => ({
    name: p.name,
    effective_from: dayOf(p.effective_from),
    ceased_on: dayOf(p.ceased_on),
  }));
  plan.ardMonth = spec.ardMonth;
  plan.listed = spec.listed;
  plan.hasShareCapital = true;
  plan.suggested = spec;
  plan.windowStart = Math.max(plan.incorporated, addMonths(ctx.ref, -12 * 7));
  // A move of registered office within the window, so the address filings show too.
  if (!plan.previousAddress) {
    plan.previousAddress = { address: makeAddress(rng, town, spec.sectorId !== 'software'), movedOn: ctx.ref - rng.between(500, 1500) };
  }
  return plan;
}

/** Display form of the company's name in text ("Northern Light Software Ltd"). */
export function displayName(plan: CompanyPlan): string {
  return titleCase(plan.name);
}
