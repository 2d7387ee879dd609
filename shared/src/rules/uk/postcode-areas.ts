/**
 * UK postcode areas (the letters before the first digit of a postcode: "LS" of "LS11 5QT") with
 * the principal post town Royal Mail names each after, and the ITL1 region (the ONS International
 * Territorial Levels, level 1: the former NUTS1 / Government Office regions) the area belongs to.
 *
 * Frozen: the companies screener's `region` and `postcode_area` columns are read from this table
 * (a copy of it is written into the database by a migration, and a test holds the two equal).
 *
 * An area that straddles a regional boundary is given to the region where most of its addresses
 * lie (DA Dartford: Kent rather than Bexley; KT Kingston: Surrey rather than Greater London; HP:
 * Buckinghamshire rather than Hertfordshire; CH Chester: Cheshire rather than Flintshire; SY
 * Shrewsbury: Shropshire rather than Powys). So a region filter is exact for most areas and right
 * for the majority of addresses in the few border areas. Crown dependencies (GY, JE, IM) are not
 * in the UK and have no region.
 */

export const ITL1_REGIONS = [
  'North East',
  'North West',
  'Yorkshire and The Humber',
  'East Midlands',
  'West Midlands',
  'East of England',
  'London',
  'South East',
  'South West',
  'Wales',
  'Scotland',
  'Northern Ireland',
] as const;
export type Itl1Region = (typeof ITL1_REGIONS)[number];

export interface PostcodeArea {
  /** "LS" */
  area: string;
  /** The principal post town the area is named after ("Leeds"; London areas "London"). */
  town: string;
  region: Itl1Region;
}

const NE = 'North East';
const NW = 'North West';
const YH = 'Yorkshire and The Humber';
const EM = 'East Midlands';
const WM = 'West Midlands';
const EE = 'East of England';
const LDN = 'London';
const SE = 'South East';
const SW = 'South West';
const WAL = 'Wales';
const SCO = 'Scotland';
const NI = 'Northern Ireland';

const AREAS: readonly [string, string, Itl1Region][] = [
  ['AB', 'Aberdeen', SCO],
  ['AL', 'St Albans', EE],
  ['B', 'Birmingham', WM],
  ['BA', 'Bath', SW],
  ['BB', 'Blackburn', NW],
  ['BD', 'Bradford', YH],
  ['BH', 'Bournemouth', SW],
  ['BL', 'Bolton', NW],
  ['BN', 'Brighton', SE],
  ['BR', 'Bromley', LDN],
  ['BS', 'Bristol', SW],
  ['BT', 'Belfast', NI],
  ['CA', 'Carlisle', NW],
  ['CB', 'Cambridge', EE],
  ['CF', 'Cardiff', WAL],
  ['CH', 'Chester', NW],
  ['CM', 'Chelmsford', EE],
  ['CO', 'Colchester', EE],
  ['CR', 'Croydon', LDN],
  ['CT', 'Canterbury', SE],
  ['CV', 'Coventry', WM],
  ['CW', 'Crewe', NW],
  ['DA', 'Dartford', SE],
  ['DD', 'Dundee', SCO],
  ['DE', 'Derby', EM],
  ['DG', 'Dumfries', SCO],
  ['DH', 'Durham', NE],
  ['DL', 'Darlington', NE],
  ['DN', 'Doncaster', YH],
  ['DT', 'Dorchester', SW],
  ['DY', 'Dudley', WM],
  ['E', 'London', LDN],
  ['EC', 'London', LDN],
  ['EH', 'Edinburgh', SCO],
  ['EN', 'Enfield', LDN],
  ['EX', 'Exeter', SW],
  ['FK', 'Falkirk', SCO],
  ['FY', 'Blackpool', NW],
  ['G', 'Glasgow', SCO],
  ['GL', 'Gloucester', SW],
  ['GU', 'Guildford', SE],
  ['HA', 'Harrow', LDN],
  ['HD', 'Huddersfield', YH],
  ['HG', 'Harrogate', YH],
  ['HP', 'Hemel Hempstead', SE],
  ['HR', 'Hereford', WM],
  ['HS', 'Outer Hebrides', SCO],
  ['HU', 'Hull', YH],
  ['HX', 'Halifax', YH],
  ['IG', 'Ilford', LDN],
  ['IP', 'Ipswich', EE],
  ['IV', 'Inverness', SCO],
  ['KA', 'Kilmarnock', SCO],
  ['KT', 'Kingston upon Thames', SE],
  ['KW', 'Kirkwall', SCO],
  ['KY', 'Kirkcaldy', SCO],
  ['L', 'Liverpool', NW],
  ['LA', 'Lancaster', NW],
  ['LD', 'Llandrindod Wells', WAL],
  ['LE', 'Leicester', EM],
  ['LL', 'Llandudno', WAL],
  ['LN', 'Lincoln', EM],
  ['LS', 'Leeds', YH],
  ['LU', 'Luton', EE],
  ['M', 'Manchester', NW],
  ['ME', 'Rochester', SE],
  ['MK', 'Milton Keynes', SE],
  ['ML', 'Motherwell', SCO],
  ['N', 'London', LDN],
  ['NE', 'Newcastle upon Tyne', NE],
  ['NG', 'Nottingham', EM],
  ['NN', 'Northampton', EM],
  ['NP', 'Newport', WAL],
  ['NR', 'Norwich', EE],
  ['NW', 'London', LDN],
  ['OL', 'Oldham', NW],
  ['OX', 'Oxford', SE],
  ['PA', 'Paisley', SCO],
  ['PE', 'Peterborough', EE],
  ['PH', 'Perth', SCO],
  ['PL', 'Plymouth', SW],
  ['PO', 'Portsmouth', SE],
  ['PR', 'Preston', NW],
  ['RG', 'Reading', SE],
  ['RH', 'Redhill', SE],
  ['RM', 'Romford', LDN],
  ['S', 'Sheffield', YH],
  ['SA', 'Swansea', WAL],
  ['SE', 'London', LDN],
  ['SG', 'Stevenage', EE],
  ['SK', 'Stockport', NW],
  ['SL', 'Slough', SE],
  ['SM', 'Sutton', LDN],
  ['SN', 'Swindon', SW],
  ['SO', 'Southampton', SE],
  ['SP', 'Salisbury', SW],
  ['SR', 'Sunderland', NE],
  ['SS', 'Southend-on-Sea', EE],
  ['ST', 'Stoke-on-Trent', WM],
  ['SW', 'London', LDN],
  ['SY', 'Shrewsbury', WM],
  ['TA', 'Taunton', SW],
  ['TD', 'Galashiels', SCO],
  ['TF', 'Telford', WM],
  ['TN', 'Tonbridge', SE],
  ['TQ', 'Torquay', SW],
  ['TR', 'Truro', SW],
  ['TS', 'Cleveland', NE],
  ['TW', 'Twickenham', LDN],
  ['UB', 'Southall', LDN],
  ['W', 'London', LDN],
  ['WA', 'Warrington', NW],
  ['WC', 'London', LDN],
  ['WD', 'Watford', EE],
  ['WF', 'Wakefield', YH],
  ['WN', 'Wigan', NW],
  ['WR', 'Worcester', WM],
  ['WS', 'Walsall', WM],
  ['WV', 'Wolverhampton', WM],
  ['YO', 'York', YH],
  ['ZE', 'Lerwick', SCO],
];

/** Every UK postcode area, in alphabetical order of its letters. */
export const POSTCODE_AREAS: readonly PostcodeArea[] = AREAS.map(([area, town, region]) => ({ area, town, region }));

const BY_AREA: ReadonlyMap<string, PostcodeArea> = new Map(POSTCODE_AREAS.map((a) => [a.area, a]));

/** The area letters of a postcode ("ls11 5qt" → "LS"), or null when it does not start like a UK postcode of a known area. */
export function postcodeArea(postcode: string | null | undefined): string | null {
  const match = /^\s*([A-Za-z]{1,2})[0-9]/.exec(postcode ?? '');
  const area = match ? match[1].toUpperCase() : null;
  return area && BY_AREA.has(area) ? area : null;
}

/** The ITL1 region of a postcode, or null (no postcode, not a UK area). */
export function postcodeRegion(postcode: string | null | undefined): Itl1Region | null {
  const area = postcodeArea(postcode);
  return area ? BY_AREA.get(area)!.region : null;
}
