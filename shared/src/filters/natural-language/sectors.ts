/**
 * Sectors in plain words and SIC codes → the screener's industry columns, from the SIC 2007 list:
 * industry_sector holds a section's description ("Manufacturing"), industry_group a division's
 * ("Retail trade, except of motor vehicles and motorcycles"), sic_code the five-digit code.
 */
import { DORMANT_SECTION, SIC_CODES, SIC_DIVISIONS, SIC_SECTIONS } from '../../rules/uk/sic-codes.js';
import { phraseTable } from './vocabulary.js';

export type SectorLevel = 'section' | 'division' | 'code';

/** One named sector: a few sections, divisions or codes (never mixed). */
export interface SectorRef {
  level: SectorLevel;
  keys: readonly string[];
}

export const SECTOR_COLUMN: Readonly<Record<SectorLevel, string>> = {
  section: 'industry_sector',
  division: 'industry_group',
  code: 'sic_code',
};
const LEVEL_ORDER: readonly SectorLevel[] = ['section', 'division', 'code'];

const section = (...keys: string[]): SectorRef => ({ level: 'section', keys });
const division = (...keys: string[]): SectorRef => ({ level: 'division', keys });
const codes = (...keys: string[]): SectorRef => ({ level: 'code', keys });

/** Everyday names; the rest of the list is reached through the words of the SIC descriptions. */
export const SECTORS = phraseTable<SectorRef>({
  manufacturing: section('C'),
  manufacturers: section('C'),
  manufacturer: section('C'),
  factories: section('C'),
  construction: section('F'),
  builders: section('F'),
  contractors: section('F'),
  agriculture: section('A'),
  agricultural: section('A'),
  farming: division('01'),
  farms: division('01'),
  mining: section('B'),
  energy: section('D'),
  utilities: section('D', 'E'),
  hospitality: section('I'),
  finance: section('K'),
  financial: section('K'),
  'financial services': section('K'),
  'real estate': section('L'),
  property: section('L'),
  'professional services': section('M'),
  education: section('P'),
  healthcare: section('Q'),
  'health care': section('Q'),
  health: section('Q'),
  arts: section('R'),
  entertainment: section('R'),
  leisure: section('R'),
  transport: section('H'),
  transportation: section('H'),
  logistics: section('H'),
  wholesale: division('46'),
  wholesalers: division('46'),
  retail: division('47'),
  retailers: division('47'),
  retailer: division('47'),
  shops: division('47'),
  tech: division('62', '63'),
  technology: division('62', '63'),
  it: division('62', '63'),
  'it services': division('62', '63'),
  software: codes('58290', '62011', '62012'),
  saas: codes('58290', '62011', '62012'),
  telecoms: division('61'),
  telecom: division('61'),
  telecommunications: division('61'),
  publishing: division('58'),
  publishers: division('58'),
  media: division('58', '59', '60'),
  banks: codes('64110', '64191'),
  bank: codes('64110', '64191'),
  banking: codes('64110', '64191'),
  'building societies': codes('64192'),
  insurance: division('65'),
  insurers: division('65'),
  'asset management': codes('66300'),
  'fund management': codes('66300'),
  'fund managers': codes('66300'),
  'holding companies': codes('64201', '64202', '64203', '64204', '64205', '64209'),
  legal: codes('69101', '69102', '69109'),
  'law firms': codes('69101', '69102', '69109'),
  lawyers: codes('69101', '69102', '69109'),
  accountants: codes('69201', '69202', '69203'),
  accounting: codes('69201', '69202', '69203'),
  accountancy: codes('69201', '69202', '69203'),
  consultancy: codes('70221', '70229'),
  consulting: codes('70221', '70229'),
  consultants: codes('70221', '70229'),
  engineering: division('71'),
  research: division('72'),
  'r&d': division('72'),
  biotech: codes('72110'),
  advertising: division('73'),
  marketing: division('73'),
  recruitment: division('78'),
  staffing: division('78'),
  food: division('10', '56'),
  'food manufacturing': division('10'),
  'food manufacturers': division('10'),
  'food producers': division('10'),
  restaurants: codes('56101', '56102'),
  cafes: codes('56102'),
  pubs: codes('56302'),
  bars: codes('56302'),
  hotels: codes('55100'),
  drinks: division('11'),
  beverages: division('11'),
  breweries: codes('11050'),
  brewers: codes('11050'),
  pharma: division('21'),
  pharmaceutical: division('21'),
  pharmaceuticals: division('21'),
  chemicals: division('20'),
  automotive: division('29'),
  aerospace: codes('30300'),
  'oil and gas': codes('06100', '06200', '09100'),
  electronics: division('26'),
  steel: division('24'),
  metals: division('24'),
  textiles: division('13'),
  clothing: division('14'),
  apparel: division('14'),
  furniture: division('31'),
  hospitals: codes('86101'),
  dentists: codes('86230'),
  dental: codes('86230'),
  'care homes': division('87'),
  gambling: division('92'),
  betting: division('92'),
  gyms: codes('93130'),
  fitness: codes('93130'),
  hairdressers: codes('96020'),
  dormant: codes('99999'),
  airlines: division('51'),
  aviation: division('51'),
  shipping: division('50'),
  warehousing: division('52'),
  couriers: division('53'),
  waste: division('38'),
  recycling: division('38'),
  'e commerce': codes('47910'),
  ecommerce: codes('47910'),
  'online retail': codes('47910'),
  'estate agents': codes('68310'),
  veterinary: division('75'),
  vets: division('75'),
});

/** "Manufacturing"; the dormant pseudo-section X has its own description. */
export function sectionDescription(letter: string): string {
  return letter === DORMANT_SECTION.code ? DORMANT_SECTION.description : SIC_SECTIONS[letter].description;
}

export function divisionDescription(key: string): string {
  return SIC_DIVISIONS[key];
}

function divisionsOf(letter: string): string[] {
  const range = SIC_SECTIONS[letter]?.divisions;
  if (!range) return [];
  return Object.keys(SIC_DIVISIONS).filter((d) => Number(d) >= range[0] && Number(d) <= range[1]);
}

function codesOf(ref: SectorRef): string[] {
  const all = [...SIC_CODES.keys()];
  if (ref.level === 'code') return [...ref.keys];
  const divisions = new Set(ref.level === 'division' ? ref.keys : ref.keys.flatMap(divisionsOf));
  return all.filter((code) => code !== '99999' && divisions.has(code.slice(0, 2)));
}

/** One ref's keys at a finer (or the same) level. */
function keysAt(ref: SectorRef, level: SectorLevel): string[] {
  if (ref.level === level) return [...ref.keys];
  if (level === 'division') return ref.keys.flatMap(divisionsOf);
  return codesOf(ref);
}

/** The display value the screener's column holds for a key of that level. */
export function sectorValue(level: SectorLevel, key: string): string {
  return level === 'section' ? sectionDescription(key) : level === 'division' ? divisionDescription(key) : key;
}

/**
 * Several sectors named in one query are alternatives ("manufacturing or construction"): one
 * is_one_of on the finest level any of them needs, the coarser ones spelt out at that level.
 */
export function combineSectors(refs: readonly SectorRef[]): { level: SectorLevel; keys: string[] } | null {
  if (refs.length === 0) return null;
  const level = LEVEL_ORDER[Math.max(...refs.map((r) => LEVEL_ORDER.indexOf(r.level)))];
  const keys = [...new Set(refs.flatMap((r) => keysAt(r, level)))];
  return { level, keys };
}

/** "SIC 62012", "62012", "SIC 62" (a division), "SIC 620" (codes starting 620); null when the list has none. */
export function sicRef(digits: string): SectorRef | null {
  if (digits.length === 5) return SIC_CODES.has(digits) ? codes(digits) : null;
  if (digits.length === 2) return SIC_DIVISIONS[digits] ? division(digits) : null;
  if (digits.length === 3 || digits.length === 4) {
    const found = [...SIC_CODES.keys()].filter((c) => c.startsWith(digits));
    return found.length ? codes(...found) : null;
  }
  return null;
}
