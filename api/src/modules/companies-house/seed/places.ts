/**
 * Registered office addresses: real UK post towns with their postcode areas, the districts of
 * each area, counties and nations, and street names, so that "Leeds, LS11 5QT, West Yorkshire"
 * hangs together. Scottish companies (SC, SO, SL) sit in Scotland, NI ones in Northern Ireland.
 */
import { Rng, Weighted } from '../../../core/random.js';
// the word lists and tables are data, not code: data/places.json (loaded once, with the module)
import PLACES from './data/places.json' with { type: 'json' };

export type Nation = 'England' | 'Wales' | 'Scotland' | 'Northern Ireland';

export interface Town {
  name: string;
  area: string;
  /** Outward code districts: [first, last] numbers, or explicit districts (London). */
  districts: [number, number] | readonly string[];
  county: string;
  nation: Nation;
  /** Relative number of registered offices. */
  weight: number;
}

const T = (name: string, area: string, districts: Town['districts'], county: string, nation: Nation, weight: number): Town => ({
  name,
  area,
  districts,
  county,
  nation,
  weight,
});

export const TOWNS: readonly Town[] = (PLACES.TOWNS as Parameters<typeof T>[]).map((town) => T(...town));

function townsOf(nations: Nation[]): Weighted<Town> {
  const towns = TOWNS.filter((t) => nations.includes(t.nation));
  return new Weighted(
    towns,
    towns.map((t) => t.weight),
  );
}

export const TOWNS_BY_JURISDICTION = {
  'england-wales': townsOf(['England', 'Wales']),
  scotland: townsOf(['Scotland']),
  'northern-ireland': townsOf(['Northern Ireland']),
} as const;
export type Jurisdiction = keyof typeof TOWNS_BY_JURISDICTION;

export function townNamed(name: string, nation?: Nation): Town {
  const town = TOWNS.find((t) => t.name === name && (!nation || t.nation === nation));
  if (!town) throw new Error(`no town ${name}`);
  return town;
}

const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

export function postcode(rng: Rng, town: Town): string {
  const d = town.districts;
  const outward =
    typeof d[0] === 'string' ? (d as readonly string[])[rng.int(d.length)] : `${town.area}${rng.between(d[0] as number, d[1] as number)}`;
  return `${outward} ${rng.int(10)}${INWARD_LETTERS[rng.int(20)]}${INWARD_LETTERS[rng.int(20)]}`;
}

const STREET_NAMES = PLACES.STREET_NAMES;
const STREET_TYPES = Weighted.of(PLACES.STREET_TYPES as [string, number][]);
const BUILDINGS = PLACES.BUILDINGS;
const ESTATES = PLACES.ESTATES;

export interface Address {
  address_line_1: string;
  address_line_2: string | null;
  post_town: string;
  county: string;
  country: string;
  postcode: string;
}

export function street(rng: Rng): string {
  return `${rng.pick(STREET_NAMES)} ${STREET_TYPES.pick(rng)}`;
}

/** A registered office in the town: a street address, an office building or a unit on an estate. */
export function address(rng: Rng, town: Town, industrial = false): Address {
  const roll = rng.next();
  let line1: string;
  let line2: string | null = null;
  if (industrial && roll < 0.45) {
    line1 = `Unit ${rng.between(1, 40)}${rng.chance(0.1) ? rng.pick(['A', 'B', 'C']) : ''}`;
    line2 = rng.pick(ESTATES);
  } else if (roll < 0.3) {
    line1 = `${rng.pick(['Suite', 'Floor', 'Office'])} ${rng.between(1, 12)}, ${rng.pick(BUILDINGS)}`;
    line2 = `${rng.between(1, 250)} ${street(rng)}`;
  } else if (roll < 0.4) {
    line1 = rng.pick(BUILDINGS);
    line2 = `${rng.between(1, 120)} ${street(rng)}`;
  } else if (roll < 0.5) {
    line1 = `${rng.pick(['First', 'Second', 'Third', 'Ground'])} Floor`;
    line2 = `${rng.between(1, 200)} ${street(rng)}`;
  } else {
    line1 = `${rng.between(1, 320)} ${street(rng)}`;
  }
  return {
    address_line_1: line1,
    address_line_2: line2,
    post_town: town.name,
    county: town.county,
    country: town.nation === 'Northern Ireland' ? 'Northern Ireland' : rng.chance(0.3) ? 'United Kingdom' : town.nation,
    postcode: postcode(rng, town),
  };
}

/** "12 High Street, Leeds, LS1 4AB": the one-line form filings use for old and new addresses. */
export function oneLine(a: Address): string {
  return [a.address_line_1, a.address_line_2, a.post_town, a.postcode].filter(Boolean).join(', ');
}
