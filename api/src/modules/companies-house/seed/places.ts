/**
 * Registered office addresses: real UK post towns with their postcode areas, the districts of
 * each area, counties and nations, and street names, so that "Leeds, LS11 5QT, West Yorkshire"
 * hangs together. Scottish companies (SC, SO, SL) sit in Scotland, NI ones in Northern Ireland.
 */
import { Rng, Weighted } from './random.js';

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

export const TOWNS: readonly Town[] = [
  // London: the largest share of registered offices, with central districts over-represented.
  T(
    'London',
    '',
    [
      'EC1V',
      'EC1M',
      'EC2A',
      'EC2M',
      'EC2V',
      'EC3A',
      'EC3M',
      'EC3N',
      'EC3V',
      'EC4A',
      'EC4M',
      'EC4N',
      'EC4V',
      'WC1A',
      'WC1B',
      'WC1H',
      'WC1N',
      'WC1V',
      'WC1X',
      'WC2A',
      'WC2B',
      'WC2E',
      'WC2H',
      'WC2N',
      'W1B',
      'W1D',
      'W1F',
      'W1G',
      'W1H',
      'W1J',
      'W1K',
      'W1S',
      'W1T',
      'W1U',
      'W1W',
      'W2',
      'W4',
      'W5',
      'W6',
      'W8',
      'W10',
      'W14',
      'SW1A',
      'SW1E',
      'SW1H',
      'SW1P',
      'SW1V',
      'SW1W',
      'SW1X',
      'SW1Y',
      'SW3',
      'SW4',
      'SW6',
      'SW7',
      'SW8',
      'SW11',
      'SW15',
      'SW18',
      'SW19',
      'SE1',
      'SE5',
      'SE8',
      'SE10',
      'SE13',
      'SE15',
      'SE16',
      'SE18',
      'SE22',
      'SE26',
      'E1',
      'E1W',
      'E2',
      'E3',
      'E8',
      'E9',
      'E13',
      'E14',
      'E15',
      'E16',
      'E17',
      'E20',
      'N1',
      'N4',
      'N7',
      'N8',
      'N12',
      'N16',
      'N17',
      'N19',
      'NW1',
      'NW3',
      'NW4',
      'NW5',
      'NW6',
      'NW8',
      'NW10',
      'NW11',
    ],
    'Greater London',
    'England',
    210,
  ),
  T('Manchester', 'M', [1, 50], 'Greater Manchester', 'England', 40),
  T('Birmingham', 'B', [1, 48], 'West Midlands', 'England', 38),
  T('Leeds', 'LS', [1, 29], 'West Yorkshire', 'England', 22),
  T('Sheffield', 'S', [1, 36], 'South Yorkshire', 'England', 13),
  T('Bristol', 'BS', [1, 16], 'Bristol', 'England', 16),
  T('Liverpool', 'L', [1, 38], 'Merseyside', 'England', 14),
  T('Newcastle upon Tyne', 'NE', [1, 15], 'Tyne and Wear', 'England', 11),
  T('Nottingham', 'NG', [1, 22], 'Nottinghamshire', 'England', 11),
  T('Leicester', 'LE', [1, 19], 'Leicestershire', 'England', 10),
  T('Coventry', 'CV', [1, 8], 'West Midlands', 'England', 7),
  T('Reading', 'RG', [1, 31], 'Berkshire', 'England', 9),
  T('Oxford', 'OX', [1, 4], 'Oxfordshire', 'England', 5),
  T('Cambridge', 'CB', [1, 5], 'Cambridgeshire', 'England', 6),
  T('Milton Keynes', 'MK', [1, 17], 'Buckinghamshire', 'England', 8),
  T('Northampton', 'NN', [1, 7], 'Northamptonshire', 'England', 6),
  T('Norwich', 'NR', [1, 14], 'Norfolk', 'England', 5),
  T('Ipswich', 'IP', [1, 10], 'Suffolk', 'England', 4),
  T('Colchester', 'CO', [1, 7], 'Essex', 'England', 4),
  T('Chelmsford', 'CM', [1, 3], 'Essex', 'England', 5),
  T('Southampton', 'SO', [14, 19], 'Hampshire', 'England', 6),
  T('Portsmouth', 'PO', [1, 6], 'Hampshire', 'England', 5),
  T('Brighton', 'BN', [1, 3], 'East Sussex', 'England', 6),
  T('Guildford', 'GU', [1, 5], 'Surrey', 'England', 5),
  T('Croydon', 'CR', [0, 9], 'Surrey', 'England', 5),
  T('Kingston upon Thames', 'KT', [1, 6], 'Surrey', 'England', 4),
  T('Watford', 'WD', [17, 25], 'Hertfordshire', 'England', 5),
  T('St Albans', 'AL', [1, 4], 'Hertfordshire', 'England', 4),
  T('Luton', 'LU', [1, 4], 'Bedfordshire', 'England', 4),
  T('Bedford', 'MK', [40, 45], 'Bedfordshire', 'England', 3),
  T('Swindon', 'SN', [1, 5], 'Wiltshire', 'England', 4),
  T('Bath', 'BA', [1, 2], 'Somerset', 'England', 3),
  T('Exeter', 'EX', [1, 6], 'Devon', 'England', 4),
  T('Plymouth', 'PL', [1, 9], 'Devon', 'England', 4),
  T('Truro', 'TR', [1, 4], 'Cornwall', 'England', 3),
  T('Bournemouth', 'BH', [1, 11], 'Dorset', 'England', 5),
  T('Gloucester', 'GL', [1, 4], 'Gloucestershire', 'England', 3),
  T('Cheltenham', 'GL', [50, 53], 'Gloucestershire', 'England', 3),
  T('Worcester', 'WR', [1, 5], 'Worcestershire', 'England', 3),
  T('Hereford', 'HR', [1, 4], 'Herefordshire', 'England', 2),
  T('Shrewsbury', 'SY', [1, 5], 'Shropshire', 'England', 2),
  T('Stoke-on-Trent', 'ST', [1, 12], 'Staffordshire', 'England', 4),
  T('Derby', 'DE', [1, 24], 'Derbyshire', 'England', 5),
  T('Lincoln', 'LN', [1, 6], 'Lincolnshire', 'England', 3),
  T('Peterborough', 'PE', [1, 7], 'Cambridgeshire', 'England', 4),
  T('York', 'YO', [1, 32], 'North Yorkshire', 'England', 4),
  T('Harrogate', 'HG', [1, 3], 'North Yorkshire', 'England', 3),
  T('Hull', 'HU', [1, 17], 'East Riding of Yorkshire', 'England', 4),
  T('Bradford', 'BD', [1, 18], 'West Yorkshire', 'England', 4),
  T('Huddersfield', 'HD', [1, 9], 'West Yorkshire', 'England', 3),
  T('Wakefield', 'WF', [1, 4], 'West Yorkshire', 'England', 3),
  T('Doncaster', 'DN', [1, 12], 'South Yorkshire', 'England', 3),
  T('Halifax', 'HX', [1, 7], 'West Yorkshire', 'England', 2),
  T('Preston', 'PR', [1, 5], 'Lancashire', 'England', 4),
  T('Blackburn', 'BB', [1, 2], 'Lancashire', 'England', 3),
  T('Bolton', 'BL', [1, 7], 'Greater Manchester', 'England', 3),
  T('Oldham', 'OL', [1, 9], 'Greater Manchester', 'England', 2),
  T('Stockport', 'SK', [1, 8], 'Cheshire', 'England', 4),
  T('Warrington', 'WA', [1, 5], 'Cheshire', 'England', 4),
  T('Chester', 'CH', [1, 4], 'Cheshire', 'England', 3),
  T('Crewe', 'CW', [1, 2], 'Cheshire', 'England', 2),
  T('Wigan', 'WN', [1, 6], 'Greater Manchester', 'England', 2),
  T('Carlisle', 'CA', [1, 6], 'Cumbria', 'England', 2),
  T('Lancaster', 'LA', [1, 2], 'Lancashire', 'England', 2),
  T('Durham', 'DH', [1, 7], 'County Durham', 'England', 2),
  T('Sunderland', 'SR', [1, 6], 'Tyne and Wear', 'England', 3),
  T('Middlesbrough', 'TS', [1, 8], 'North Yorkshire', 'England', 3),
  T('Darlington', 'DL', [1, 3], 'County Durham', 'England', 2),
  T('Maidstone', 'ME', [14, 18], 'Kent', 'England', 4),
  T('Canterbury', 'CT', [1, 4], 'Kent', 'England', 3),
  T('Tunbridge Wells', 'TN', [1, 4], 'Kent', 'England', 3),
  T('Dartford', 'DA', [1, 2], 'Kent', 'England', 3),
  T('Slough', 'SL', [1, 3], 'Berkshire', 'England', 3),
  T('High Wycombe', 'HP', [10, 15], 'Buckinghamshire', 'England', 3),
  T('Harrow', 'HA', [1, 3], 'Middlesex', 'England', 5),
  T('Enfield', 'EN', [1, 3], 'Middlesex', 'England', 4),
  T('Ilford', 'IG', [1, 6], 'Essex', 'England', 4),
  T('Romford', 'RM', [1, 7], 'Essex', 'England', 3),
  T('Southend-on-Sea', 'SS', [0, 3], 'Essex', 'England', 3),
  T('Bromley', 'BR', [1, 2], 'Kent', 'England', 3),
  T('Sutton', 'SM', [1, 3], 'Surrey', 'England', 2),
  T('Twickenham', 'TW', [1, 2], 'Middlesex', 'England', 2),
  T('Uxbridge', 'UB', [8, 10], 'Middlesex', 'England', 3),
  T('Wolverhampton', 'WV', [1, 14], 'West Midlands', 'England', 3),
  T('Walsall', 'WS', [1, 9], 'West Midlands', 'England', 2),
  T('Dudley', 'DY', [1, 3], 'West Midlands', 'England', 2),
  T('Telford', 'TF', [1, 7], 'Shropshire', 'England', 2),
  T('Salisbury', 'SP', [1, 5], 'Wiltshire', 'England', 2),
  T('Taunton', 'TA', [1, 4], 'Somerset', 'England', 2),
  T('Torquay', 'TQ', [1, 2], 'Devon', 'England', 2),
  T('Dorchester', 'DT', [1, 2], 'Dorset', 'England', 1),
  T('Cardiff', 'CF', [5, 24], 'South Glamorgan', 'Wales', 9),
  T('Swansea', 'SA', [1, 7], 'West Glamorgan', 'Wales', 4),
  T('Newport', 'NP', [10, 20], 'Gwent', 'Wales', 3),
  T('Wrexham', 'LL', [11, 14], 'Clwyd', 'Wales', 2),
  T('Bangor', 'LL', [57, 57], 'Gwynedd', 'Wales', 1),
  T('Llandudno', 'LL', [30, 30], 'Conwy', 'Wales', 1),
  T('Aberystwyth', 'SY', [23, 23], 'Dyfed', 'Wales', 1),
  T('Carmarthen', 'SA', [31, 33], 'Dyfed', 'Wales', 1),
  T('Edinburgh', 'EH', [1, 17], 'Midlothian', 'Scotland', 12),
  T('Glasgow', 'G', [1, 53], 'Lanarkshire', 'Scotland', 13),
  T('Aberdeen', 'AB', [10, 25], 'Aberdeenshire', 'Scotland', 6),
  T('Dundee', 'DD', [1, 5], 'Angus', 'Scotland', 3),
  T('Inverness', 'IV', [1, 3], 'Inverness-shire', 'Scotland', 2),
  T('Perth', 'PH', [1, 2], 'Perthshire', 'Scotland', 2),
  T('Stirling', 'FK', [7, 9], 'Stirlingshire', 'Scotland', 2),
  T('Falkirk', 'FK', [1, 2], 'Stirlingshire', 'Scotland', 1),
  T('Paisley', 'PA', [1, 3], 'Renfrewshire', 'Scotland', 2),
  T('Kilmarnock', 'KA', [1, 3], 'Ayrshire', 'Scotland', 1),
  T('Ayr', 'KA', [6, 8], 'Ayrshire', 'Scotland', 1),
  T('Dumfries', 'DG', [1, 2], 'Dumfriesshire', 'Scotland', 1),
  T('Kirkcaldy', 'KY', [1, 2], 'Fife', 'Scotland', 1),
  T('Livingston', 'EH', [53, 54], 'West Lothian', 'Scotland', 1),
  T('Motherwell', 'ML', [1, 1], 'Lanarkshire', 'Scotland', 1),
  T('Galashiels', 'TD', [1, 1], 'Selkirkshire', 'Scotland', 1),
  T('Belfast', 'BT', [1, 17], 'County Antrim', 'Northern Ireland', 8),
  T('Londonderry', 'BT', [47, 48], 'County Londonderry', 'Northern Ireland', 2),
  T('Newry', 'BT', [34, 35], 'County Down', 'Northern Ireland', 2),
  T('Lisburn', 'BT', [27, 28], 'County Antrim', 'Northern Ireland', 2),
  T('Armagh', 'BT', [60, 61], 'County Armagh', 'Northern Ireland', 1),
  T('Enniskillen', 'BT', [74, 74], 'County Fermanagh', 'Northern Ireland', 1),
  T('Omagh', 'BT', [78, 79], 'County Tyrone', 'Northern Ireland', 1),
  T('Ballymena', 'BT', [42, 43], 'County Antrim', 'Northern Ireland', 1),
  T('Bangor', 'BT', [19, 20], 'County Down', 'Northern Ireland', 1),
  T('Coleraine', 'BT', [51, 52], 'County Londonderry', 'Northern Ireland', 1),
];

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

const STREET_NAMES = [
  'High',
  'Station',
  'Church',
  'Victoria',
  'Park',
  'Queen',
  'King',
  'Market',
  'Mill',
  'London',
  'New',
  'George',
  'Albert',
  'Bridge',
  'Manor',
  'Princess',
  'York',
  'Castle',
  'Chapel',
  'Springfield',
  'Grove',
  'North',
  'South',
  'West',
  'Windsor',
  'Richmond',
  'Oxford',
  'Cambridge',
  'Duke',
  'Granby',
  'Lancaster',
  'Wellington',
  'Nelson',
  'Clarence',
  'Regent',
  'Portland',
  'Hanover',
  'Cavendish',
  'Bedford',
  'Grosvenor',
  'Meadow',
  'Riverside',
  'Canal',
  'Harbour',
  'Orchard',
  'Kingsway',
  'Broad',
  'Fore',
  'Bath',
  'Water',
  'Wood',
  'Greenfield',
  'Highfield',
  'Brook',
  'Abbey',
  'Cheapside',
  'Moorgate',
  'Wharf',
  'Deansgate',
  'Bishopsgate',
  'Cornwall',
  'Stanley',
  'Russell',
  'Baker',
  'Albion',
];
const STREET_TYPES = Weighted.of([
  ['Street', 30],
  ['Road', 30],
  ['Lane', 8],
  ['Avenue', 6],
  ['Way', 5],
  ['Place', 4],
  ['Square', 3],
  ['Court', 2],
  ['Drive', 3],
  ['Close', 2],
  ['Crescent', 2],
  ['Terrace', 2],
  ['Hill', 2],
  ['Row', 1],
  ['Parade', 1],
  ['Gardens', 1],
  ['Walk', 1],
] as const);
const BUILDINGS = [
  'Lancaster House',
  'Victoria House',
  'Regent House',
  'Kings Court',
  'Abbey House',
  'Station House',
  'Riverside House',
  'The Old Mill',
  'Park House',
  'Harbour Court',
  'Albion House',
  'Cavendish House',
  'Wellington House',
  'Union House',
  'Mercury House',
  'Phoenix House',
  'Beacon House',
  'Norfolk House',
  'Crown House',
  'Sterling House',
  'The Courtyard',
  'Eagle House',
  'Granary Wharf',
  'The Exchange',
  'Citygate',
];
const ESTATES = [
  'Riverside Business Park',
  'Enterprise Park',
  'Castle Industrial Estate',
  'Meadow Lane Industrial Estate',
  'Station Road Industrial Estate',
  'Greenfield Business Centre',
  'Kingsway Business Park',
  'Airport Business Park',
  'Mill Lane Trading Estate',
  'Oakwood Business Park',
  'Phoenix Trading Estate',
  'Harbour Business Park',
  'Springfield Enterprise Centre',
  'Westside Industrial Estate',
];

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
