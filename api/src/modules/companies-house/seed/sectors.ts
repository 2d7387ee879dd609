/**
 * Sector profiles: which SIC codes a kind of business files under (weighted by how often they
 * appear on the register), and the economics that make its accounts plausible (revenue per
 * employee, margins, asset intensity, growth and the 2020-21 shock), how often it borrows against
 * charges and from whom, and the words of its names and reports.
 */
import { Rng, Weighted } from './random.js';
import { SIC_CODES } from './sic-codes.js';

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

const S = (sector: Omit<Sector, 'typicalSize'> & { typicalSize?: Weighted<SizeClass> }): Sector => ({ typicalSize: SIZE_DEFAULT, ...sector });

export const SECTORS: readonly Sector[] = [
  S({
    id: 'software',
    weight: 8,
    sic: codes([['62012', 5], ['62020', 8], ['62090', 4], ['62011', 1], ['58290', 1], ['63110', 1], ['63120', 0.5], ['62030', 0.5]]),
    revenuePerEmployee: 120_000, grossMargin: 0.68, operatingMargin: 0.11, marginSpread: 0.14, assetIntensity: 0.7, fixedShare: 0.25, intangibleShare: 0.55, stockShare: 0.02,
    growth: 0.1, growthSpread: 0.16, covidShock: 0.04, chargeRate: 0.12, lenders: LENDERS_GENERAL,
    nameWords: ['SOFTWARE', 'DIGITAL', 'TECHNOLOGIES', 'SYSTEMS', 'SOLUTIONS', 'DATA', 'LABS', 'TECH', 'CLOUD', 'ANALYTICS', 'IT SERVICES', 'CONSULTING', 'NETWORKS', 'COMPUTING', 'INNOVATIONS'],
  }),
  S({
    id: 'professional',
    weight: 15,
    sic: codes([['70229', 10], ['69201', 2], ['69202', 1.5], ['69203', 0.5], ['71122', 1], ['71129', 1], ['73110', 1], ['74909', 2], ['70210', 0.7], ['78109', 0.7], ['74100', 0.8], ['71111', 0.7], ['69102', 0.7], ['74902', 0.5], ['74901', 0.3], ['73200', 0.3]]),
    revenuePerEmployee: 95_000, grossMargin: 0.55, operatingMargin: 0.12, marginSpread: 0.12, assetIntensity: 0.5, fixedShare: 0.2, intangibleShare: 0.3, stockShare: 0,
    growth: 0.05, growthSpread: 0.14, covidShock: -0.05, chargeRate: 0.15, lenders: LENDERS_GENERAL,
    nameWords: ['CONSULTING', 'ASSOCIATES', 'PARTNERS', 'ADVISORY', 'CONSULTANCY', 'MANAGEMENT', 'SERVICES', 'ACCOUNTANTS', 'DESIGN', 'ENGINEERING', 'SURVEYORS', 'ARCHITECTS', 'RECRUITMENT', 'MARKETING'],
  }),
  S({
    id: 'property',
    weight: 12,
    sic: codes([['68209', 10], ['68100', 5], ['68320', 3], ['68310', 2], ['41100', 3]]),
    revenuePerEmployee: 250_000, grossMargin: 0.6, operatingMargin: 0.35, marginSpread: 0.2, assetIntensity: 6, fixedShare: 0.88, intangibleShare: 0, stockShare: 0.35,
    growth: 0.04, growthSpread: 0.1, covidShock: -0.05, chargeRate: 0.6, lenders: LENDERS_PROPERTY,
    nameWords: ['PROPERTIES', 'ESTATES', 'HOMES', 'DEVELOPMENTS', 'INVESTMENTS', 'PROPERTY', 'LETTINGS', 'LAND', 'HOUSING', 'REAL ESTATE', 'HOLDINGS'],
  }),
  S({
    id: 'construction',
    weight: 10,
    sic: codes([['43999', 3], ['41202', 2], ['41201', 1], ['43210', 2], ['43220', 2], ['43390', 1], ['43290', 0.8], ['43910', 0.8], ['42990', 0.6], ['43120', 0.5], ['43341', 0.5], ['43320', 0.5], ['42110', 0.3], ['43110', 0.3]]),
    revenuePerEmployee: 140_000, grossMargin: 0.18, operatingMargin: 0.05, marginSpread: 0.06, assetIntensity: 0.5, fixedShare: 0.2, intangibleShare: 0.05, stockShare: 0.25,
    growth: 0.04, growthSpread: 0.18, covidShock: -0.12, chargeRate: 0.35, lenders: LENDERS_GENERAL, typicalSize: SIZE_INDUSTRIAL,
    nameWords: ['CONSTRUCTION', 'BUILDING', 'BUILDERS', 'CONTRACTORS', 'ELECTRICAL', 'PLUMBING AND HEATING', 'ROOFING', 'CIVIL ENGINEERING', 'INTERIORS', 'GROUNDWORKS', 'SCAFFOLDING', 'JOINERY', 'DECORATING'],
  }),
  S({
    id: 'retail',
    weight: 6,
    sic: codes([['47910', 4], ['47190', 1], ['47710', 1], ['47110', 1], ['47990', 0.8], ['47789', 0.8], ['47730', 0.5], ['47220', 0.3], ['47750', 0.5], ['47760', 0.3], ['47410', 0.3], ['47599', 0.4], ['47640', 0.3]]),
    revenuePerEmployee: 110_000, grossMargin: 0.35, operatingMargin: 0.04, marginSpread: 0.06, assetIntensity: 0.45, fixedShare: 0.3, intangibleShare: 0.15, stockShare: 0.5,
    growth: 0.02, growthSpread: 0.15, covidShock: -0.1, chargeRate: 0.3, lenders: LENDERS_TRADING,
    nameWords: ['RETAIL', 'STORES', 'SHOP', 'TRADING', 'ONLINE', 'OUTLET', 'BOUTIQUE', 'MARKET', 'GOODS', 'SUPPLIES'],
  }),
  S({
    id: 'wholesale',
    weight: 4,
    sic: codes([['46900', 2], ['46190', 1], ['46390', 0.6], ['46420', 0.6], ['46510', 0.5], ['46730', 0.5], ['46690', 0.6], ['46450', 0.4], ['46180', 0.4], ['46499', 0.4], ['45310', 0.4]]),
    revenuePerEmployee: 300_000, grossMargin: 0.2, operatingMargin: 0.04, marginSpread: 0.04, assetIntensity: 0.4, fixedShare: 0.15, intangibleShare: 0.1, stockShare: 0.4,
    growth: 0.03, growthSpread: 0.12, covidShock: -0.05, chargeRate: 0.4, lenders: LENDERS_TRADING, typicalSize: SIZE_INDUSTRIAL,
    nameWords: ['DISTRIBUTION', 'WHOLESALE', 'SUPPLIES', 'TRADING', 'IMPORTS', 'SUPPLY', 'INTERNATIONAL', 'DIRECT'],
  }),
  S({
    id: 'hospitality',
    weight: 5,
    sic: codes([['56101', 2], ['56102', 1], ['56103', 2], ['56302', 1.5], ['55100', 1], ['56210', 0.5], ['55900', 0.5], ['56290', 0.3]]),
    revenuePerEmployee: 45_000, grossMargin: 0.62, operatingMargin: 0.05, marginSpread: 0.08, assetIntensity: 0.8, fixedShare: 0.6, intangibleShare: 0.05, stockShare: 0.1,
    growth: 0.03, growthSpread: 0.18, covidShock: -0.45, chargeRate: 0.45, lenders: LENDERS_GENERAL,
    nameWords: ['RESTAURANTS', 'KITCHEN', 'INNS', 'HOSPITALITY', 'CATERING', 'CAFE', 'BAR AND GRILL', 'HOTELS', 'TAVERNS', 'EATERIES', 'FOODS'],
  }),
  S({
    id: 'food',
    weight: 1,
    sic: codes([['10710', 1], ['10890', 1], ['11050', 0.5], ['10130', 0.5], ['10850', 0.5], ['10821', 0.3], ['11010', 0.3], ['10519', 0.2], ['11070', 0.2], ['10390', 0.2], ['10720', 0.2]]),
    revenuePerEmployee: 160_000, grossMargin: 0.3, operatingMargin: 0.06, marginSpread: 0.05, assetIntensity: 0.6, fixedShare: 0.45, intangibleShare: 0.1, stockShare: 0.3,
    growth: 0.03, growthSpread: 0.1, covidShock: 0, chargeRate: 0.5, lenders: LENDERS_TRADING, typicalSize: SIZE_INDUSTRIAL,
    nameWords: ['FOODS', 'BAKERY', 'BREWERY', 'DAIRIES', 'FINE FOODS', 'DISTILLERY', 'PROVISIONS', 'KITCHENS', 'FOOD GROUP'],
  }),
  S({
    id: 'engineering',
    weight: 3,
    sic: codes([['25620', 1], ['25990', 1], ['28990', 0.6], ['33120', 1], ['25110', 0.6], ['22290', 0.5], ['27900', 0.4], ['29320', 0.3], ['26110', 0.3], ['32990', 0.5], ['31090', 0.3], ['18129', 0.4], ['16230', 0.3], ['28290', 0.3], ['33200', 0.4]]),
    revenuePerEmployee: 130_000, grossMargin: 0.3, operatingMargin: 0.07, marginSpread: 0.06, assetIntensity: 0.7, fixedShare: 0.45, intangibleShare: 0.1, stockShare: 0.3,
    growth: 0.03, growthSpread: 0.12, covidShock: -0.1, chargeRate: 0.45, lenders: LENDERS_TRADING, typicalSize: SIZE_INDUSTRIAL,
    nameWords: ['ENGINEERING', 'PRECISION', 'FABRICATIONS', 'MANUFACTURING', 'INDUSTRIES', 'COMPONENTS', 'TOOLING', 'METALWORK', 'PLASTICS', 'PRINT', 'ELECTRONICS'],
  }),
  S({
    id: 'transport',
    weight: 4,
    sic: codes([['49410', 3], ['49320', 2], ['52290', 1], ['53202', 1], ['49390', 0.5], ['52103', 0.3], ['49420', 0.3], ['52219', 0.3]]),
    revenuePerEmployee: 120_000, grossMargin: 0.22, operatingMargin: 0.05, marginSpread: 0.06, assetIntensity: 0.6, fixedShare: 0.55, intangibleShare: 0.02, stockShare: 0.03,
    growth: 0.03, growthSpread: 0.14, covidShock: -0.25, chargeRate: 0.45, lenders: Weighted.of<LenderGroup>([['clearing', 40], ['asset', 40], ['abl', 12], ['challenger', 8]]),
    nameWords: ['LOGISTICS', 'TRANSPORT', 'HAULAGE', 'FREIGHT', 'COURIERS', 'DELIVERIES', 'TRAVEL', 'CARS', 'REMOVALS', 'EXPRESS'],
  }),
  S({
    id: 'health',
    weight: 5,
    sic: codes([['86900', 3], ['87300', 1], ['88100', 1], ['86210', 0.7], ['86230', 0.7], ['87100', 0.5], ['86220', 0.4], ['88910', 0.5], ['75000', 0.3], ['87200', 0.3]]),
    revenuePerEmployee: 45_000, grossMargin: 0.45, operatingMargin: 0.08, marginSpread: 0.08, assetIntensity: 0.7, fixedShare: 0.55, intangibleShare: 0.15, stockShare: 0.02,
    growth: 0.05, growthSpread: 0.1, covidShock: 0, chargeRate: 0.4, lenders: LENDERS_GENERAL,
    nameWords: ['HEALTHCARE', 'CARE', 'CLINIC', 'DENTAL', 'MEDICAL', 'CARE HOMES', 'NURSERIES', 'PHYSIOTHERAPY', 'HOME CARE', 'VETERINARY'],
  }),
  S({
    id: 'personal',
    weight: 8,
    sic: codes([['96090', 6], ['96020', 2], ['93130', 0.5], ['96040', 0.5], ['81210', 1], ['81299', 0.4], ['81300', 0.4], ['95290', 0.3], ['45200', 1.5], ['45112', 0.7], ['45111', 0.3]]),
    revenuePerEmployee: 55_000, grossMargin: 0.5, operatingMargin: 0.08, marginSpread: 0.1, assetIntensity: 0.5, fixedShare: 0.35, intangibleShare: 0.05, stockShare: 0.1,
    growth: 0.03, growthSpread: 0.15, covidShock: -0.25, chargeRate: 0.2, lenders: LENDERS_GENERAL,
    nameWords: ['SERVICES', 'CLEANING', 'MOTORS', 'GARAGE', 'HAIR AND BEAUTY', 'FITNESS', 'LANDSCAPES', 'CAR SALES', 'REPAIRS', 'STUDIO'],
  }),
  S({
    id: 'support',
    weight: 6,
    sic: codes([['82990', 6], ['82110', 0.7], ['78200', 0.5], ['80100', 0.5], ['77110', 0.4], ['77390', 0.4], ['79110', 0.4], ['82200', 0.2], ['81100', 0.3], ['77320', 0.2]]),
    revenuePerEmployee: 80_000, grossMargin: 0.4, operatingMargin: 0.07, marginSpread: 0.09, assetIntensity: 0.4, fixedShare: 0.25, intangibleShare: 0.1, stockShare: 0.02,
    growth: 0.04, growthSpread: 0.15, covidShock: -0.1, chargeRate: 0.2, lenders: LENDERS_GENERAL,
    nameWords: ['SERVICES', 'SUPPORT', 'STAFFING', 'SECURITY', 'HIRE', 'FACILITIES', 'OUTSOURCING', 'BUSINESS SERVICES', 'RENTALS', 'TRAVEL'],
  }),
  S({
    id: 'finance',
    weight: 5,
    sic: codes([['64209', 4], ['64999', 1], ['66190', 1], ['66220', 0.7], ['64303', 0.3], ['70100', 1.5], ['64205', 0.3], ['64910', 0.2], ['66300', 0.3], ['64191', 0.05], ['64921', 0.2]]),
    revenuePerEmployee: 200_000, grossMargin: 0.8, operatingMargin: 0.25, marginSpread: 0.2, assetIntensity: 3, fixedShare: 0.6, intangibleShare: 0.05, stockShare: 0,
    growth: 0.05, growthSpread: 0.15, covidShock: 0, chargeRate: 0.25, lenders: Weighted.of<LenderGroup>([['clearing', 55], ['challenger', 30], ['property', 15]]),
    nameWords: ['HOLDINGS', 'GROUP', 'CAPITAL', 'INVESTMENTS', 'FINANCE', 'WEALTH', 'ASSET MANAGEMENT', 'INSURANCE SERVICES', 'VENTURES', 'FINANCIAL SERVICES'],
  }),
  S({
    id: 'energy',
    weight: 1,
    sic: codes([['35110', 1], ['35140', 0.2], ['35300', 0.1], ['38110', 0.3], ['38320', 0.3], ['39000', 0.1], ['36000', 0.05], ['06100', 0.05], ['09100', 0.1], ['38210', 0.1]]),
    revenuePerEmployee: 400_000, grossMargin: 0.35, operatingMargin: 0.15, marginSpread: 0.12, assetIntensity: 2.5, fixedShare: 0.8, intangibleShare: 0.05, stockShare: 0.05,
    growth: 0.08, growthSpread: 0.2, covidShock: -0.05, chargeRate: 0.5, lenders: Weighted.of<LenderGroup>([['clearing', 45], ['asset', 25], ['challenger', 30]]),
    typicalSize: SIZE_INDUSTRIAL,
    nameWords: ['ENERGY', 'RENEWABLES', 'POWER', 'SOLAR', 'WIND', 'RECYCLING', 'WASTE MANAGEMENT', 'ENVIRONMENTAL', 'UTILITIES', 'GREEN ENERGY'],
  }),
  S({
    id: 'creative',
    weight: 5,
    sic: codes([['85590', 2], ['85600', 0.5], ['85510', 0.5], ['90030', 1], ['90020', 0.5], ['59111', 0.5], ['59112', 0.4], ['74202', 0.3], ['93199', 0.4], ['93290', 0.4], ['94990', 0.6], ['58190', 0.3], ['85320', 0.2], ['59200', 0.2]]),
    revenuePerEmployee: 70_000, grossMargin: 0.5, operatingMargin: 0.06, marginSpread: 0.1, assetIntensity: 0.6, fixedShare: 0.4, intangibleShare: 0.2, stockShare: 0.01,
    growth: 0.03, growthSpread: 0.16, covidShock: -0.25, chargeRate: 0.15, lenders: LENDERS_GENERAL,
    nameWords: ['MEDIA', 'PRODUCTIONS', 'STUDIOS', 'TRAINING', 'ACADEMY', 'EDUCATION', 'EVENTS', 'ARTS', 'FILMS', 'LEARNING', 'SPORTS', 'MUSIC'],
  }),
  S({
    id: 'agriculture',
    weight: 1.5,
    sic: codes([['01110', 0.5], ['01410', 0.4], ['01500', 0.6], ['01610', 0.4], ['01450', 0.3], ['02100', 0.1], ['01300', 0.1], ['03110', 0.1], ['01190', 0.1]]),
    revenuePerEmployee: 110_000, grossMargin: 0.25, operatingMargin: 0.07, marginSpread: 0.08, assetIntensity: 2, fixedShare: 0.7, intangibleShare: 0, stockShare: 0.3,
    growth: 0.02, growthSpread: 0.12, covidShock: 0, chargeRate: 0.6, lenders: Weighted.of<LenderGroup>([['clearing', 70], ['asset', 20], ['challenger', 10]]),
    nameWords: ['FARMS', 'FARMING', 'AGRICULTURE', 'GROWERS', 'ESTATES', 'NURSERIES', 'LIVESTOCK', 'FISHERIES', 'PRODUCE'],
  }),
  S({
    id: 'dormant',
    weight: 20,
    sic: codes([['99999', 3], ['74990', 1], ['98000', 2]]),
    revenuePerEmployee: 1, grossMargin: 0, operatingMargin: 0, marginSpread: 0, assetIntensity: 0, fixedShare: 0, intangibleShare: 0, stockShare: 0,
    growth: 0, growthSpread: 0, covidShock: 0, chargeRate: 0.02, lenders: LENDERS_GENERAL,
    nameWords: ['HOLDINGS', 'MANAGEMENT COMPANY', 'RESIDENTS ASSOCIATION', 'TRADING', 'SERVICES', 'GROUP', 'VENTURES'],
  }),
];

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
