/**
 * Sector profiles: which SIC codes a kind of business files under (weighted by how often they
 * appear on the register), and the economics that make its accounts plausible (revenue per
 * employee, margins, asset intensity, growth and the 2020-21 shock), how often it borrows against
 * charges and from whom, and the words of its names and reports.
 */
import { Rng, Weighted } from '../../../core/random.js';
import { SIC_CODES } from './sic-codes.js';
// the word lists and tables are data, not code: data/sectors.json (loaded once, with the module)
import SECTOR_DATA from './data/sectors.json' with { type: 'json' };

export type SectorId =
  | 'software'
  | 'professional'
  | 'property'
  | 'construction'
  | 'retail'
  | 'wholesale'
  | 'hospitality'
  | 'food'
  | 'engineering'
  | 'transport'
  | 'health'
  | 'personal'
  | 'support'
  | 'finance'
  | 'energy'
  | 'creative'
  | 'agriculture'
  | 'dormant';

/** Lender groups a sector borrows from (see lenders.ts). */
export type LenderGroup = 'clearing' | 'challenger' | 'abl' | 'asset' | 'property';

export interface Sector {
  id: SectorId;
  /** Share of the register. */
  weight: number;
  /** SIC codes with relative frequencies. */
  sic: Weighted<string>;
  /** Turnover per employee, GBP. */
  revenuePerEmployee: number;
  grossMargin: number;
  operatingMargin: number;
  marginSpread: number;
  /** Total assets as a multiple of turnover. */
  assetIntensity: number;
  /** Share of total assets that is fixed (tangible, intangible, investments). */
  fixedShare: number;
  /** Share of fixed assets that is intangible. */
  intangibleShare: number;
  /** Share of current assets held as stock. */
  stockShare: number;
  /** Mean yearly growth and its spread. */
  growth: number;
  growthSpread: number;
  /** Change in turnover in the financial year that took the 2020 lockdowns. */
  covidShock: number;
  /** Share of trading companies with charges registered. */
  chargeRate: number;
  lenders: Weighted<LenderGroup>;
  /** Words of trading names (upper case, as on the register). */
  nameWords: readonly string[];
  /** How big its companies tend to be. */
  typicalSize: Weighted<SizeClass>;
}

export type SizeClass = 'micro' | 'small' | 'medium' | 'large';

function codes(pairs: [string, number][]): Weighted<string> {
  for (const [code] of pairs) if (!SIC_CODES.has(code)) throw new Error(`sector uses unknown SIC code ${code}`);
  return Weighted.of(pairs);
}

const SIZE_DEFAULT = Weighted.of<SizeClass>([
  ['micro', 72],
  ['small', 20],
  ['medium', 6],
  ['large', 2],
]);
const SIZE_INDUSTRIAL = Weighted.of<SizeClass>([
  ['micro', 50],
  ['small', 32],
  ['medium', 13],
  ['large', 5],
]);
const LENDERS_GENERAL = Weighted.of<LenderGroup>([
  ['clearing', 70],
  ['challenger', 18],
  ['asset', 8],
  ['abl', 4],
]);
const LENDERS_TRADING = Weighted.of<LenderGroup>([
  ['clearing', 45],
  ['abl', 30],
  ['challenger', 12],
  ['asset', 13],
]);
const LENDERS_PROPERTY = Weighted.of<LenderGroup>([
  ['clearing', 40],
  ['property', 40],
  ['challenger', 20],
]);

const S = (sector: Omit<Sector, 'typicalSize'> & { typicalSize?: Weighted<SizeClass> }): Sector => ({
  typicalSize: SIZE_DEFAULT,
  ...sector,
});

const LENDER_MIXES = { general: LENDERS_GENERAL, trading: LENDERS_TRADING, property: LENDERS_PROPERTY };
const SIZES = { default: SIZE_DEFAULT, industrial: SIZE_INDUSTRIAL };

/** A sector as data/sectors.json holds it: SIC codes and any own mix as [item, weight] pairs, shared mixes by name. */
type SectorData = Omit<Sector, 'sic' | 'lenders' | 'typicalSize'> & {
  sic: [string, number][];
  lenders: keyof typeof LENDER_MIXES | [LenderGroup, number][];
  typicalSize?: keyof typeof SIZES | [SizeClass, number][];
};

function sectorOf({ sic, lenders, typicalSize, ...sector }: SectorData): Sector {
  const mix = <T, K extends string>(value: K | [T, number][], named: Record<K, Weighted<T>>) =>
    typeof value === 'string' ? named[value] : Weighted.of(value);
  return S({
    ...sector,
    sic: codes(sic),
    lenders: mix(lenders, LENDER_MIXES),
    ...(typicalSize === undefined ? {} : { typicalSize: mix(typicalSize, SIZES) }),
  });
}

// JSON types a pair as (string | number)[], not a tuple: the shape is SectorData above
export const SECTORS: readonly Sector[] = (SECTOR_DATA.SECTORS as unknown as SectorData[]).map(sectorOf);

export const SECTOR_BY_ID: ReadonlyMap<SectorId, Sector> = new Map(SECTORS.map((s) => [s.id, s]));
export const SECTOR_CHOICE = new Weighted(
  SECTORS,
  SECTORS.map((s) => s.weight),
);

/** Sectors of the further SIC codes a company files beside its main one. */
export function secondarySic(rng: Rng, sector: Sector, main: string): string | null {
  for (let tries = 0; tries < 4; tries++) {
    const code = sector.sic.pick(rng);
    if (code !== main) return code;
  }
  return null;
}
