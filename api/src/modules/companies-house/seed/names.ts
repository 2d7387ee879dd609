/**
 * Names: people (forenames and surnames as found on the UK register, from several generations
 * and origins) and companies (family names, places, coined words and trade words, with the legal
 * ending each company category takes).
 */
import { Rng, Weighted } from './random.js';
import type { Sector } from './sectors.js';

export const MALE_FORENAMES = [
  'James',
  'John',
  'David',
  'Michael',
  'Paul',
  'Andrew',
  'Richard',
  'Mark',
  'Peter',
  'Robert',
  'Stephen',
  'Christopher',
  'Thomas',
  'Daniel',
  'Matthew',
  'Simon',
  'Ian',
  'Martin',
  'Gary',
  'Anthony',
  'Steven',
  'Jonathan',
  'Neil',
  'Graham',
  'Alan',
  'Kevin',
  'Nicholas',
  'Philip',
  'William',
  'Benjamin',
  'Oliver',
  'Jack',
  'Harry',
  'George',
  'Samuel',
  'Joseph',
  'Adam',
  'Luke',
  'Ryan',
  'Liam',
  'Connor',
  'Callum',
  'Alexander',
  'Edward',
  'Charles',
  'Henry',
  'Timothy',
  'Stuart',
  'Craig',
  'Gareth',
  'Rhys',
  'Owen',
  'Dylan',
  'Hamish',
  'Angus',
  'Fraser',
  'Ciaran',
  'Sean',
  'Patrick',
  'Declan',
  'Mohammed',
  'Ahmed',
  'Imran',
  'Rajesh',
  'Sanjay',
  'Arjun',
  'Vikram',
  'Tomasz',
  'Piotr',
  'Marek',
  'Andrei',
  'Luca',
  'Marco',
  'Carlos',
  'Chinedu',
  'Oluwaseun',
  'Kwame',
  'Wei',
  'Jun',
  'Hiroshi',
  'Ali',
  'Hassan',
  'Omar',
  'Nathan',
  'Aaron',
];
export const FEMALE_FORENAMES = [
  'Sarah',
  'Emma',
  'Claire',
  'Helen',
  'Louise',
  'Rachel',
  'Nicola',
  'Karen',
  'Julie',
  'Susan',
  'Elizabeth',
  'Catherine',
  'Jane',
  'Joanne',
  'Victoria',
  'Rebecca',
  'Laura',
  'Charlotte',
  'Amy',
  'Hannah',
  'Sophie',
  'Emily',
  'Olivia',
  'Jessica',
  'Lucy',
  'Katie',
  'Amelia',
  'Grace',
  'Isabella',
  'Chloe',
  'Megan',
  'Lauren',
  'Natalie',
  'Caroline',
  'Fiona',
  'Alison',
  'Gillian',
  'Margaret',
  'Anne',
  'Deborah',
  'Kirsty',
  'Eilidh',
  'Siobhan',
  'Aoife',
  'Niamh',
  'Sian',
  'Bethan',
  'Carys',
  'Priya',
  'Anjali',
  'Sunita',
  'Fatima',
  'Aisha',
  'Zainab',
  'Agnieszka',
  'Katarzyna',
  'Ioana',
  'Giulia',
  'Maria',
  'Ana',
  'Ngozi',
  'Adaeze',
  'Mei',
  'Yuki',
  'Leila',
  'Samira',
  'Harriet',
  'Eleanor',
  'Alice',
];
export const SURNAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Khan',
  'Lewis',
  'James',
  'Phillips',
  'Mason',
  'Mitchell',
  'Rose',
  'Davis',
  'Rodriguez',
  'Cox',
  'Alexander',
  'Morgan',
  'Moore',
  'Mills',
  'King',
  'Harris',
  'Lee',
  'Martin',
  'Cooper',
  'Allen',
  'Clark',
  'Scott',
  'Young',
  'Turner',
  'Hill',
  'Baker',
  'Campbell',
  'Anderson',
  'Stewart',
  'MacDonald',
  'Murray',
  'Reid',
  'Ross',
  'Fraser',
  'Hamilton',
  'Graham',
  'Kerr',
  'Henderson',
  'Paterson',
  'Duncan',
  'Ferguson',
  'Sutherland',
  'Mackenzie',
  'Kennedy',
  'Murphy',
  "O'Neill",
  "O'Brien",
  'Kelly',
  'Doherty',
  'Quinn',
  'McLaughlin',
  'Gallagher',
  'Byrne',
  'Hughes',
  'Edwards',
  'Owen',
  'Griffiths',
  'Price',
  'Lloyd',
  'Rees',
  'Powell',
  'Jenkins',
  'Morris',
  'Bennett',
  'Ward',
  'Carter',
  'Parker',
  'Collins',
  'Bell',
  'Shaw',
  'Holmes',
  'Chapman',
  'Barker',
  'Fletcher',
  'Harrison',
  'Marshall',
  'Webb',
  'Ellis',
  'Hunt',
  'Palmer',
  'Gibson',
  'Knight',
  'Pearson',
  'Dixon',
  'Fisher',
  'Barnes',
  'Spencer',
  'Lawrence',
  'Butler',
  'Russell',
  'Foster',
  'Simpson',
  'Hudson',
  'Stevens',
  'Atkinson',
  'Lambert',
  'Sharma',
  'Singh',
  'Shah',
  'Ahmed',
  'Hussain',
  'Begum',
  'Ali',
  'Chowdhury',
  'Rahman',
  'Kaur',
  'Gill',
  'Mehta',
  'Nowak',
  'Kowalski',
  'Wisniewski',
  'Popescu',
  'Rossi',
  'Silva',
  'Santos',
  'Okafor',
  'Adeyemi',
  'Mensah',
  'Chen',
  'Wang',
  'Li',
  'Zhang',
  'Nguyen',
  'Tanaka',
  'Cohen',
  'Levy',
  'Ashworth',
  'Whitfield',
  'Pemberton',
  'Hargreaves',
  'Brierley',
  'Thornton',
  'Cartwright',
  'Fairbairn',
  'Kirkpatrick',
  'Blackwood',
  'Ashby',
  'Radcliffe',
];

export type Gender = 'm' | 'f';

export interface PersonName {
  title: string;
  forenames: string;
  surname: string;
  gender: Gender;
}

const MALE_TITLES = Weighted.of([
  ['Mr', 92],
  ['Dr', 6],
  ['Professor', 1],
  ['Sir', 1],
] as const);
const FEMALE_TITLES = Weighted.of([
  ['Mrs', 45],
  ['Ms', 35],
  ['Miss', 13],
  ['Dr', 6],
  ['Professor', 1],
] as const);

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

const PLACE_WORDS = [
  'NORTHERN',
  'SOUTHERN',
  'WESTERN',
  'EASTERN',
  'PENNINE',
  'CHILTERN',
  'COTSWOLD',
  'MERSEY',
  'THAMES',
  'SEVERN',
  'TRENT',
  'TYNE',
  'CLYDE',
  'FORTH',
  'HIGHLAND',
  'LOWLAND',
  'CALEDONIAN',
  'CAMBRIAN',
  'MENDIP',
  'WESSEX',
  'MERCIA',
  'ANGLIA',
  'ALBION',
  'BRITANNIA',
  'KENTISH',
  'YORKSHIRE',
  'LANCASHIRE',
  'CHESHIRE',
  'DEVON',
  'CORNISH',
  'SUFFOLK',
  'NORFOLK',
  'SOLENT',
  'HUMBER',
  'DALES',
  'MIDLAND',
  'METRO',
  'CITY',
  'COASTAL',
  'VALLEY',
  'RIVERSIDE',
  'PARKSIDE',
  'HARBOUR',
  'ULSTER',
  'ANTRIM',
  'GRAMPIAN',
  'LOMOND',
  'SNOWDON',
  'GOWER',
  'WYE',
  'AVON',
];
const COINED_START = [
  'BRIGHT',
  'BLUE',
  'GREEN',
  'RED',
  'SILVER',
  'GOLD',
  'OAK',
  'ASH',
  'ELM',
  'BIRCH',
  'STONE',
  'IRON',
  'CLEAR',
  'TRUE',
  'NORTH',
  'SUN',
  'STAR',
  'SKY',
  'FIRE',
  'SWIFT',
  'KEY',
  'CORE',
  'PRIME',
  'NOVA',
  'APEX',
  'VERTEX',
  'ZEN',
  'FLEX',
  'PURE',
  'BOLD',
  'WISE',
  'FAIR',
  'HIGH',
  'DEEP',
  'CROWN',
  'ROYAL',
  'ARROW',
  'ANCHOR',
  'BEACON',
  'SUMMIT',
  'MAPLE',
  'WILLOW',
  'CEDAR',
  'HAWK',
  'FALCON',
  'LION',
  'FOX',
  'WOLF',
  'BEAR',
];
const COINED_END = [
  'PATH',
  'BRIDGE',
  'FIELD',
  'GATE',
  'WAY',
  'POINT',
  'LINE',
  'WORKS',
  'STONE',
  'WOOD',
  'BROOK',
  'LIGHT',
  'WAVE',
  'SPARK',
  'LINK',
  'HUB',
  'FORGE',
  'TREE',
  'HILL',
  'VIEW',
  'MARK',
  'SHIELD',
  'STAR',
  'RIDGE',
  'HAVEN',
  'CREST',
  'DALE',
  'FORD',
  'WELL',
  'LEAF',
  'TECH',
  'SOFT',
];
const ABSTRACT = [
  'ALPHA',
  'OMEGA',
  'VECTOR',
  'QUANTUM',
  'VANTAGE',
  'PINNACLE',
  'ELEVATE',
  'INSIGHT',
  'HORIZON',
  'MOMENTUM',
  'ASPIRE',
  'ENDEAVOUR',
  'MERIDIAN',
  'ZENITH',
  'NEXUS',
  'CATALYST',
  'SYNERGY',
  'ORBIT',
  'LEGACY',
  'HERITAGE',
  'CORNERSTONE',
  'KEYSTONE',
  'LANDMARK',
  'PIONEER',
  'SOVEREIGN',
  'PARAGON',
  'EVOLVE',
  'FUSION',
  'INFINITY',
  'SPECTRUM',
  'AURORA',
  'ATLAS',
  'TITAN',
  'ORION',
  'PHOENIX',
  'SAPPHIRE',
  'EMERALD',
];
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
