/**
 * Names: people (forenames and surnames as found on the UK register, from several generations
 * and origins) and companies (family names, places, coined words and trade words, with the legal
 * ending each company category takes).
 */
import { Rng, Weighted } from '../../../core/random.js';
import type { Sector } from './sectors.js';
// the word lists and tables are data, not code: data/names.json (loaded once, with the module)
import NAMES from './data/names.json' with { type: 'json' };

export const MALE_FORENAMES = NAMES.MALE_FORENAMES;
export const FEMALE_FORENAMES = NAMES.FEMALE_FORENAMES;
export const SURNAMES = NAMES.SURNAMES;

export type Gender = 'm' | 'f';

export interface PersonName {
  title: string;
  forenames: string;
  surname: string;
  gender: Gender;
}

const MALE_TITLES = Weighted.of(NAMES.MALE_TITLES as [string, number][]);
const FEMALE_TITLES = Weighted.of(NAMES.FEMALE_TITLES as [string, number][]);

export function personName(rng: Rng): PersonName {
  const gender: Gender = rng.chance(0.64) ? 'm' : 'f';
  const names = gender === 'm' ? MALE_FORENAMES : FEMALE_FORENAMES;
  let forenames = rng.pick(names);
  if (rng.chance(0.55)) {
    const middle = rng.pick(names);
    if (middle !== forenames) forenames += ` ${middle}`;
  }
  return { title: (gender === 'm' ? MALE_TITLES : FEMALE_TITLES).pick(rng), forenames, surname: rng.pick(SURNAMES), gender };
}

/** "SMITH, John Andrew": the officers list form. */
export function registerName(name: PersonName): string {
  return `${name.surname.toUpperCase()}, ${name.forenames}`;
}

/** "Mr John Andrew Smith": the form filings (officer_name, psc_name) and PSC records use. */
export function fullName(name: PersonName): string {
  return `${name.title} ${name.forenames} ${name.surname}`;
}

const PLACE_WORDS = NAMES.PLACE_WORDS;
const COINED_START = NAMES.COINED_START;
const COINED_END = NAMES.COINED_END;
const ABSTRACT = NAMES.ABSTRACT;
const DESCRIPTORS = ['', '', '', '', 'UK ', 'GROUP ', 'INTERNATIONAL ', 'BRITISH ', '(UK) ', 'SERVICES ', 'SOLUTIONS '];

export type LegalForm = 'ltd' | 'plc' | 'llp' | 'lp' | 'unlimited' | 'cic' | 'guarantee' | 'society';

function ending(rng: Rng, form: LegalForm): string {
  switch (form) {
    case 'ltd':
      return rng.chance(0.78) ? 'LIMITED' : 'LTD';
    case 'plc':
      return 'PLC';
    case 'llp':
      return 'LLP';
    case 'lp':
      return rng.pick(['LP', 'L.P.', 'LIMITED PARTNERSHIP', 'FUND LP', 'INVESTMENTS LP']);
    case 'unlimited':
      return rng.pick(['', 'UNLIMITED', 'COMPANY']);
    case 'cic':
      return rng.pick(['C.I.C.', 'CIC', 'COMMUNITY INTEREST COMPANY']);
    case 'guarantee':
      return 'LIMITED';
    case 'society':
      return rng.pick(['CO-OPERATIVE LIMITED', 'SOCIETY LIMITED', 'COMMUNITY BENEFIT SOCIETY LIMITED', 'CO-OPERATIVE SOCIETY LIMITED']);
  }
}

/** A company name in the register's upper case, with the ending its legal form requires. */
export function companyName(rng: Rng, sector: Sector, form: LegalForm, town: string): string {
  const trade = rng.pick(sector.nameWords);
  let stem: string;
  const roll = rng.next();
  if (sector.id === 'dormant' && trade === 'MANAGEMENT COMPANY') {
    stem = `${rng.between(1, 120)} ${rng.pick(['HIGH STREET', 'CHURCH ROAD', 'PARK AVENUE', 'STATION ROAD', 'VICTORIA ROAD'])} MANAGEMENT COMPANY`;
  } else if (sector.id === 'dormant' && trade === 'RESIDENTS ASSOCIATION') {
    stem = `${rng.pick(SURNAMES).toUpperCase()} ${rng.pick(['COURT', 'HOUSE', 'MEWS', 'GARDENS', 'LODGE', 'PLACE'])} RESIDENTS ASSOCIATION`;
  } else if (roll < 0.24) {
    stem = `${rng.pick(SURNAMES).toUpperCase()} ${trade}`;
  } else if (roll < 0.34) {
    stem = `${rng.pick(SURNAMES).toUpperCase()} & ${rng.pick(SURNAMES).toUpperCase()}${rng.chance(0.5) ? ` ${trade}` : ''}`;
  } else if (roll < 0.5) {
    stem = `${rng.pick(PLACE_WORDS)} ${trade}`;
  } else if (roll < 0.6) {
    stem = `${town.toUpperCase()} ${trade}`;
  } else if (roll < 0.78) {
    stem =
      `${rng.pick(COINED_START)}${rng.pick(COINED_END)} ${rng.chance(0.6) ? trade : DESCRIPTORS[rng.int(DESCRIPTORS.length)].trim()}`.trim();
  } else if (roll < 0.9) {
    stem = `${rng.pick(ABSTRACT)} ${DESCRIPTORS[rng.int(DESCRIPTORS.length)]}${trade}`;
  } else {
    const letters = 'ABCDEFGHJKLMNPRSTW';
    stem = `${letters[rng.int(letters.length)]}${letters[rng.int(letters.length)]}${rng.chance(0.5) ? letters[rng.int(letters.length)] : ''} ${trade}`;
  }
  const end = ending(rng, form);
  return end ? `${stem} ${end}` : stem;
}

/** Names of other companies (corporate PSCs, corporate officers, parents). */
export function holdingName(rng: Rng): string {
  const roll = rng.next();
  const stem =
    roll < 0.4
      ? `${rng.pick(SURNAMES).toUpperCase()} ${rng.pick(['HOLDINGS', 'GROUP HOLDINGS', 'INVESTMENTS', 'GROUP'])}`
      : roll < 0.7
        ? `${rng.pick(COINED_START)}${rng.pick(COINED_END)} ${rng.pick(['HOLDINGS', 'GROUP', 'TOPCO', 'BIDCO', 'MIDCO'])}`
        : `${rng.pick(ABSTRACT)} ${rng.pick(['HOLDINGS', 'CAPITAL', 'GROUP', 'INVESTMENTS'])}`;
  return `${stem} ${rng.chance(0.85) ? 'LIMITED' : 'LTD'}`;
}

/** Title case for text ("NORTHERN LIGHT SOFTWARE LTD" -> "Northern Light Software Ltd"). */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/\b([a-z])/g, (c) => c.toUpperCase())
    .replace(/\bPlc\b/, 'plc')
    .replace(/\bLlp\b/, 'LLP')
    .replace(/\b(Uk|Cic|Lp)\b/g, (w) => w.toUpperCase());
}
