import { arrayLiteral, COPY_NULL, escapeCopy } from '../../../core/database/bulk-insert.js';
import type { CompanyRow } from '../../../platform/register/rows.js';

/**
 * The columns of Companies House's "Free Company Data Product" (BasicCompanyData), in the order
 * they are published. The published header line has leading spaces before some names
 * (" CompanyNumber", " RegAddress.AddressLine2", " PreviousName_1.CompanyName"...): names are
 * compared trimmed.
 */
export const PUBLISHED_COLUMNS = [
  'CompanyName',
  'CompanyNumber',
  'RegAddress.CareOf',
  'RegAddress.POBox',
  'RegAddress.AddressLine1',
  'RegAddress.AddressLine2',
  'RegAddress.PostTown',
  'RegAddress.County',
  'RegAddress.Country',
  'RegAddress.PostCode',
  'CompanyCategory',
  'CompanyStatus',
  'CountryOfOrigin',
  'DissolutionDate',
  'IncorporationDate',
  'Accounts.AccountRefDay',
  'Accounts.AccountRefMonth',
  'Accounts.NextDueDate',
  'Accounts.LastMadeUpDate',
  'Accounts.AccountCategory',
  'Returns.NextDueDate',
  'Returns.LastMadeUpDate',
  'Mortgages.NumMortCharges',
  'Mortgages.NumMortOutstanding',
  'Mortgages.NumMortPartSatisfied',
  'Mortgages.NumMortSatisfied',
  'SICCode.SicText_1',
  'SICCode.SicText_2',
  'SICCode.SicText_3',
  'SICCode.SicText_4',
  'LimitedPartnerships.NumGenPartners',
  'LimitedPartnerships.NumLimPartners',
  'URI',
  ...Array.from({ length: 10 }, (_, i) => [`PreviousName_${i + 1}.CONDATE`, `PreviousName_${i + 1}.CompanyName`]).flat(),
  'ConfStmtNextDueDate',
  'ConfStmtLastMadeUpDate',
] as const;

type Column = (typeof PUBLISHED_COLUMNS)[number];

/** Where each published column is in a file's header (files may add columns or reorder them). */
export type ColumnIndex = Record<Column, number>;

export class HeaderError extends Error {}

/** Reads a header line's fields; throws a HeaderError naming the published columns it lacks. */
export function indexHeader(fields: string[], file: string): ColumnIndex {
  const positions = new Map<string, number>();
  fields.forEach((name, i) => {
    const key = name.trim();
    if (!positions.has(key)) positions.set(key, i);
  });
  const missing = PUBLISHED_COLUMNS.filter((name) => !positions.has(name));
  if (missing.length) {
    const shown = missing.length > 12 ? `${missing.slice(0, 12).join(', ')} and ${missing.length - 12} more` : missing.join(', ');
    throw new HeaderError(
      `${file}: not a BasicCompanyData CSV (Companies House Free Company Data Product): its header lacks ` +
        `${missing.length === 1 ? 'the column' : `${missing.length} columns:`} ${shown}. ` +
        `The first line must be the published header, starting "CompanyName, CompanyNumber,RegAddress.CareOf,..."`,
    );
  }
  return Object.fromEntries(PUBLISHED_COLUMNS.map((name) => [name, positions.get(name)!])) as ColumnIndex;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** DD/MM/YYYY → YYYY-MM-DD; '' → null; anything else (31/02/2020 too) → undefined. */
export function publishedDate(text: string): string | null | undefined {
  if (text.length === 0) return null;
  if (text.length !== 10) {
    const trimmed = text.trim();
    return trimmed.length === 0 ? null : trimmed.length === 10 ? publishedDate(trimmed) : undefined;
  }
  if (text.charCodeAt(2) !== 47 || text.charCodeAt(5) !== 47) return undefined;
  const d1 = text.charCodeAt(0) - 48;
  const d2 = text.charCodeAt(1) - 48;
  const m1 = text.charCodeAt(3) - 48;
  const m2 = text.charCodeAt(4) - 48;
  const y1 = text.charCodeAt(6) - 48;
  const y2 = text.charCodeAt(7) - 48;
  const y3 = text.charCodeAt(8) - 48;
  const y4 = text.charCodeAt(9) - 48;
  // A non-digit makes its value negative or above 9: unsigned, above 9 either way.
  if (d1 >>> 0 > 9 || d2 >>> 0 > 9 || m1 >>> 0 > 9 || m2 >>> 0 > 9 || y1 >>> 0 > 9 || y2 >>> 0 > 9 || y3 >>> 0 > 9 || y4 >>> 0 > 9)
    return undefined;
  const day = d1 * 10 + d2;
  const month = m1 * 10 + m2;
  const year = y1 * 1000 + y2 * 100 + y3 * 10 + y4;
  if (month < 1 || month > 12 || day < 1 || year < 1) return undefined;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > DAYS_IN_MONTH[month - 1] + (leap ? 1 : 0)) return undefined;
  return `${text.slice(6, 10)}-${text.slice(3, 5)}-${text.slice(0, 2)}`;
}

/** A whole number in 0..max as text; '' → null; anything else → undefined. */
function count(text: string, max: number): number | null | undefined {
  if (text.length === 0) return null;
  if (text.length > 10) {
    const trimmed = text.trim();
    return trimmed.length < text.length ? count(trimmed, max) : undefined;
  }
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) {
      const trimmed = text.trim();
      return trimmed.length === text.length ? undefined : count(trimmed, max);
    }
    n = n * 10 + d;
  }
  return n <= max ? n : undefined;
}

const SIC_CODE = /^(\d{4,5}) - /;
const NONE_SUPPLIED = 'None Supplied';
const INT32 = 2_147_483_647;

const text = (value: string): string | null => {
  if (value.length === 0) return null;
  const c0 = value.charCodeAt(0);
  const cn = value.charCodeAt(value.length - 1);
  if (c0 > 32 && cn > 32) return value;
  const trimmed = value.trim();
  return trimmed.length ? trimmed : null;
};

const SIC_COLUMNS = ['SICCode.SicText_1', 'SICCode.SicText_2', 'SICCode.SicText_3', 'SICCode.SicText_4'] as const;

/**
 * The companies columns a record fills, in the order of companyCopyMapper's lines: everything but
 * the listing (exchange, ticker), which other sources set and a re-import keeps.
 */
export const COPY_COLUMNS = [
  'company_number',
  'company_name',
  'company_status',
  'company_category',
  'country_of_origin',
  'incorporation_date',
  'dissolution_date',
  'address_care_of',
  'address_po_box',
  'address_line_1',
  'address_line_2',
  'post_town',
  'county',
  'country',
  'postcode',
  'sic_codes',
  'sic_texts',
  'accounts_ref_day',
  'accounts_ref_month',
  'accounts_next_due',
  'accounts_last_made_up',
  'accounts_category',
  'conf_stmt_next_due',
  'conf_stmt_last_made_up',
  'mortgages_outstanding',
  'mortgages_part_satisfied',
  'mortgages_satisfied',
  'mortgages_total',
  'previous_names',
  'uri',
  'source',
] as const;

/** A record as one line of COPY's text format (COPY_COLUMNS), with its company number. */
export class CopyLine {
  constructor(
    readonly key: string,
    readonly text: string,
  ) {}
}

/**
 * The mapper for a file's header: one published record → a companies row, or the reason it cannot
 * be one (a string). Every value is checked here, before any batch is written, so that a bad value
 * never rolls back a batch of good rows. Specialised per header (the column positions are
 * constants of the closure): it runs millions of times.
 */
export function companyMapper(at: ColumnIndex, width: number): (fields: string[]) => CompanyRow | string {
  return mapper(at, width, false) as (fields: string[]) => CompanyRow | string;
}

/**
 * companyMapper with the same checks and reasons, answering the row as its line of COPY's text
 * format (COPY_COLUMNS) for server Postgres: the line is all a batch keeps of a record, so there
 * is no row object to build, keep until the batch is written, and convert.
 */
export function companyCopyMapper(at: ColumnIndex, width: number): (fields: string[]) => CopyLine | string {
  return mapper(at, width, true) as (fields: string[]) => CopyLine | string;
}

function mapper(at: ColumnIndex, width: number, copy: boolean): (fields: string[]) => CompanyRow | CopyLine | string {
  const iName = at.CompanyName;
  const iNumber = at.CompanyNumber;
  const iCareOf = at['RegAddress.CareOf'];
  const iPoBox = at['RegAddress.POBox'];
  const iLine1 = at['RegAddress.AddressLine1'];
  const iLine2 = at['RegAddress.AddressLine2'];
  const iTown = at['RegAddress.PostTown'];
  const iCounty = at['RegAddress.County'];
  const iCountry = at['RegAddress.Country'];
  const iPostcode = at['RegAddress.PostCode'];
  const iCategory = at.CompanyCategory;
  const iStatus = at.CompanyStatus;
  const iOrigin = at.CountryOfOrigin;
  const iDissolved = at.DissolutionDate;
  const iIncorporated = at.IncorporationDate;
  const iRefDay = at['Accounts.AccountRefDay'];
  const iRefMonth = at['Accounts.AccountRefMonth'];
  const iAccountsNext = at['Accounts.NextDueDate'];
  const iAccountsLast = at['Accounts.LastMadeUpDate'];
  const iAccountsCategory = at['Accounts.AccountCategory'];
  const iCharges = at['Mortgages.NumMortCharges'];
  const iOutstanding = at['Mortgages.NumMortOutstanding'];
  const iPartSatisfied = at['Mortgages.NumMortPartSatisfied'];
  const iSatisfied = at['Mortgages.NumMortSatisfied'];
  const iSics = SIC_COLUMNS.map((column) => at[column]);
  const iUri = at.URI;
  const iPreviousNames = Array.from({ length: 10 }, (_, n) => at[`PreviousName_${n + 1}.CompanyName` as Column]);
  const iPreviousDates = Array.from({ length: 10 }, (_, n) => at[`PreviousName_${n + 1}.CONDATE` as Column]);
  const iConfNext = at.ConfStmtNextDueDate;
  const iConfLast = at.ConfStmtLastMadeUpDate;

  // Caches: most values repeat (statuses, categories, countries, dates, SIC lists). Sharing one
  // string or array per distinct value keeps the rows of a batch small, which matters more than
  // it seems: every row lives until its batch is written, and the garbage collector copies what
  // lives. The lookups are cheaper than a Map of strings: recent values compared with ===, dates
  // and SIC codes by number.
  // In COPY mode they hold the values as COPY text (escaped, \N for none).
  const shared = copy ? copyText : text;
  const status = recentValues(shared);
  const category = recentValues(shared);
  const origin = recentValues(shared);
  const country = recentValues(shared);
  const accountsCategory = recentValues(shared);
  const date = dateCache();
  const sicCache = new Map<number, { text: string; list: SicList | string }>();

  return (fields) => {
    if (fields.length !== width) {
      return `expected ${width} fields as in the header, found ${fields.length}${fields.length < width ? ' (a field or a comma missing?)' : ' (an unquoted comma?)'}`;
    }
    let number = fields[iNumber];
    if (!isCompanyNumber(number)) {
      const trimmed = number.trim().toUpperCase();
      if (trimmed.length === 0) return 'missing company number (CompanyNumber is empty)';
      // A file that went through a spreadsheet loses the leading zeros of English numbers.
      number = /^\d{1,7}$/.test(trimmed) ? trimmed.padStart(8, '0') : trimmed;
      if (!isCompanyNumber(number)) return `company number "${fields[iNumber]}" is not 8 letters and digits`;
    }
    const name = text(fields[iName]);
    if (name === null) return `missing company name for company ${number}`;

    const incorporated = date(fields[iIncorporated]);
    if (incorporated === undefined) return unparsableDate(fields[iIncorporated], 'IncorporationDate');
    const dissolved = date(fields[iDissolved]);
    if (dissolved === undefined) return unparsableDate(fields[iDissolved], 'DissolutionDate');
    const accountsNext = date(fields[iAccountsNext]);
    if (accountsNext === undefined) return unparsableDate(fields[iAccountsNext], 'Accounts.NextDueDate');
    const accountsLast = date(fields[iAccountsLast]);
    if (accountsLast === undefined) return unparsableDate(fields[iAccountsLast], 'Accounts.LastMadeUpDate');
    const confNext = date(fields[iConfNext]);
    if (confNext === undefined) return unparsableDate(fields[iConfNext], 'ConfStmtNextDueDate');
    const confLast = date(fields[iConfLast]);
    if (confLast === undefined) return unparsableDate(fields[iConfLast], 'ConfStmtLastMadeUpDate');

    const refDay = count(fields[iRefDay], 31);
    if (refDay === undefined) return `Accounts.AccountRefDay "${fields[iRefDay]}" is not a day of the month`;
    const refMonth = count(fields[iRefMonth], 12);
    if (refMonth === undefined) return `Accounts.AccountRefMonth "${fields[iRefMonth]}" is not a month number`;
    const total = count(fields[iCharges], INT32);
    if (total === undefined) return notACount(fields[iCharges], 'Mortgages.NumMortCharges');
    const outstanding = count(fields[iOutstanding], INT32);
    if (outstanding === undefined) return notACount(fields[iOutstanding], 'Mortgages.NumMortOutstanding');
    const partSatisfied = count(fields[iPartSatisfied], INT32);
    if (partSatisfied === undefined) return notACount(fields[iPartSatisfied], 'Mortgages.NumMortPartSatisfied');
    const satisfied = count(fields[iSatisfied], INT32);
    if (satisfied === undefined) return notACount(fields[iSatisfied], 'Mortgages.NumMortSatisfied');

    // SIC: "62012 - Business and domestic software development" (or "None Supplied"): the texts
    // as published, the codes without "None Supplied".
    let sics: SicList;
    const sic1 = fields[iSics[0]];
    if (fields[iSics[1]].length === 0 && fields[iSics[2]].length === 0 && fields[iSics[3]].length === 0) {
      // One SIC (or none): the common case, cached by its code.
      const code = leadingCode(sic1);
      const cached = sicCache.get(code);
      let list: SicList | string;
      if (cached !== undefined && cached.text === sic1) list = cached.list;
      else {
        list = sicList([sic1]);
        if (sicCache.size > 20_000) sicCache.clear();
        sicCache.set(code, { text: sic1, list });
      }
      if (typeof list === 'string') return list;
      sics = list;
    } else {
      const list = sicList([sic1, fields[iSics[1]], fields[iSics[2]], fields[iSics[3]]]);
      if (typeof list === 'string') return list;
      sics = list;
    }

    let previousNames: PreviousName[] = NO_NAMES;
    if (fields[iPreviousNames[0]].length || fields[iPreviousDates[0]].length) {
      const names = previousNamesOf(fields, iPreviousNames, iPreviousDates, incorporated, date);
      if (typeof names === 'string') return names;
      previousNames = names;
    }

    if (copy) {
      // Dates are ISO or null and numbers digits: nothing to escape. The order of COPY_COLUMNS.
      const line = [
        number,
        escapeCopy(name),
        status(fields[iStatus]),
        category(fields[iCategory]),
        origin(fields[iOrigin]),
        incorporated ?? COPY_NULL,
        dissolved ?? COPY_NULL,
        copyText(fields[iCareOf]),
        copyText(fields[iPoBox]),
        copyText(fields[iLine1]),
        copyText(fields[iLine2]),
        copyText(fields[iTown]),
        copyText(fields[iCounty]),
        country(fields[iCountry]),
        copyText(fields[iPostcode]),
        sicCopy(sics),
        refDay === null ? COPY_NULL : String(refDay),
        refMonth === null ? COPY_NULL : String(refMonth),
        accountsNext ?? COPY_NULL,
        accountsLast ?? COPY_NULL,
        accountsCategory(fields[iAccountsCategory]),
        confNext ?? COPY_NULL,
        confLast ?? COPY_NULL,
        outstanding === null ? COPY_NULL : String(outstanding),
        partSatisfied === null ? COPY_NULL : String(partSatisfied),
        satisfied === null ? COPY_NULL : String(satisfied),
        total === null ? COPY_NULL : String(total),
        previousNames === NO_NAMES ? '[]' : escapeCopy(JSON.stringify(previousNames)),
        copyText(fields[iUri]),
        'csv',
      ].join('\t');
      return new CopyLine(number, line);
    }
    return {
      company_number: number,
      company_name: name,
      company_status: status(fields[iStatus]),
      company_category: category(fields[iCategory]),
      country_of_origin: origin(fields[iOrigin]),
      incorporation_date: incorporated,
      dissolution_date: dissolved,
      address_care_of: text(fields[iCareOf]),
      address_po_box: text(fields[iPoBox]),
      address_line_1: text(fields[iLine1]),
      address_line_2: text(fields[iLine2]),
      post_town: text(fields[iTown]),
      county: text(fields[iCounty]),
      country: country(fields[iCountry]),
      postcode: text(fields[iPostcode]),
      sic_codes: sics.codes,
      sic_texts: sics.texts,
      accounts_ref_day: refDay,
      accounts_ref_month: refMonth,
      accounts_next_due: accountsNext,
      accounts_last_made_up: accountsLast,
      accounts_category: accountsCategory(fields[iAccountsCategory]),
      conf_stmt_next_due: confNext,
      conf_stmt_last_made_up: confLast,
      mortgages_outstanding: outstanding,
      mortgages_part_satisfied: partSatisfied,
      mortgages_satisfied: satisfied,
      mortgages_total: total,
      previous_names: previousNames,
      uri: text(fields[iUri]),
      source: 'csv',
    };
  };
}

/**
 * SIC columns as published ("62012 - Business and domestic software development", "None
 * Supplied") → the codes (without "None Supplied") and the texts; or why not. Frozen: rows share them.
 */
function sicList(values: string[]): SicList | string {
  const texts: string[] = [];
  const codes: string[] = [];
  for (let k = 0; k < values.length; k++) {
    const sic = text(values[k]);
    if (sic === null) continue;
    texts.push(sic);
    if (sic === NONE_SUPPLIED) continue;
    const match = SIC_CODE.exec(sic);
    const code = match ? match[1] : /^\d{4,5}$/.test(sic) ? sic : null;
    if (code === null) return `SIC "${sic}" in ${SIC_COLUMNS[k]} is not "<code> - <description>" or "None Supplied"`;
    if (!codes.includes(code)) codes.push(code);
  }
  return { codes: Object.freeze(codes) as string[], texts: Object.freeze(texts) as string[] };
}

/**
 * The sic_codes and sic_texts columns as COPY text (tab between them) for the four SIC fields as
 * published, or null when they are not valid (the record mapper then says why).
 */
export function sicColumnsCopy(values: string[]): string | null {
  const list = sicList(values);
  return typeof list === 'string' ? null : sicCopy(list);
}

function sicCopy(sics: SicList): string {
  return (sics.copy ??= `${escapeCopy(arrayLiteral(sics.codes))}\t${escapeCopy(arrayLiteral(sics.texts))}`);
}

/** `copy`: the two columns as COPY text, made once per list (lists are shared through the cache). */
type SicList = { codes: string[]; texts: string[]; copy?: string };

/** The number made of the digits a SIC text starts with (-1 for none): a cache key. */
function leadingCode(text: string): number {
  let n = 0;
  let i = 0;
  for (; i < 6 && i < text.length; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
  }
  return i === 0 ? -1 : n;
}

/** text() as a value of COPY's text format: escaped, \N for none. */
function copyText(value: string): string {
  const trimmed = text(value);
  return trimmed === null ? COPY_NULL : escapeCopy(trimmed);
}

/**
 * `convert` (text() or copyText()) for a column of few distinct values, answering one shared
 * string per value: the last 16 distinct values, compared with ===, each hit moving one place forward.
 */
function recentValues<V extends string | null>(convert: (raw: string) => V, size = 16): (raw: string) => V {
  const raws: string[] = [];
  const values: V[] = [];
  return (raw) => {
    for (let i = 0; i < raws.length; i++) {
      if (raws[i] === raw) {
        const value = values[i];
        if (i > 0) {
          raws[i] = raws[i - 1];
          values[i] = values[i - 1];
          raws[i - 1] = raw;
          values[i - 1] = value;
        }
        return value;
      }
    }
    const value = convert(raw);
    if (raws.length < size) {
      raws.push(raw);
      values.push(value);
    } else {
      raws[size - 1] = raw;
      values[size - 1] = value;
    }
    return value;
  };
}

const INVALID = '';
const FIRST_YEAR = 1800;
const YEARS = 400;

/**
 * publishedDate() with one shared string per distinct date (1800 to 2199), found by position in
 * an array: cheaper than a Map, and the same ISO string for every row with that date.
 */
function dateCache(): (raw: string) => string | null | undefined {
  const cache: (string | undefined)[] = new Array(YEARS * 372);
  return (raw) => {
    if (raw.length !== 10 || raw.charCodeAt(2) !== 47 || raw.charCodeAt(5) !== 47) return publishedDate(raw);
    const d1 = raw.charCodeAt(0) - 48;
    const d2 = raw.charCodeAt(1) - 48;
    const m1 = raw.charCodeAt(3) - 48;
    const m2 = raw.charCodeAt(4) - 48;
    const y1 = raw.charCodeAt(6) - 48;
    const y2 = raw.charCodeAt(7) - 48;
    const y3 = raw.charCodeAt(8) - 48;
    const y4 = raw.charCodeAt(9) - 48;
    if (d1 >>> 0 > 9 || d2 >>> 0 > 9 || m1 >>> 0 > 9 || m2 >>> 0 > 9 || y1 >>> 0 > 9 || y2 >>> 0 > 9 || y3 >>> 0 > 9 || y4 >>> 0 > 9)
      return undefined;
    const day = d1 * 10 + d2;
    const month = m1 * 10 + m2;
    const year = y1 * 1000 + y2 * 100 + y3 * 10 + y4;
    if (day < 1 || day > 31 || month < 1 || month > 12 || year < FIRST_YEAR || year >= FIRST_YEAR + YEARS) return publishedDate(raw);
    const at = (year - FIRST_YEAR) * 372 + (month - 1) * 31 + (day - 1);
    let value = cache[at];
    if (value === undefined) {
      value = publishedDate(raw) ?? INVALID;
      cache[at] = value;
    }
    return value === INVALID ? undefined : value;
  };
}

/** [A-Z0-9]{8}, without a regular expression (it runs for every row). */
function isCompanyNumber(value: string): boolean {
  if (value.length !== 8) return false;
  for (let i = 0; i < 8; i++) {
    const c = value.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) return false;
  }
  return true;
}

/**
 * Previous names, newest first, or why they cannot be read. CONDATE is the date the company changed
 * FROM that name: the name's ceased_on. It took effect when the next older name ceased, or at
 * incorporation. `date` reads a published date (publishedDate, or a cache of it).
 */
export function previousNamesOf(
  fields: readonly string[],
  nameAt: readonly number[],
  dateAt: readonly number[],
  incorporated: string | null,
  date: (raw: string) => string | null | undefined = publishedDate,
): PreviousName[] | string {
  const previousNames: PreviousName[] = [];
  for (let k = 0; k < 10; k++) {
    const previous = text(fields[nameAt[k]]);
    const changed = date(fields[dateAt[k]]);
    if (changed === undefined) return unparsableDate(fields[dateAt[k]], `PreviousName_${k + 1}.CONDATE`);
    if (previous === null) {
      if (changed !== null) return `PreviousName_${k + 1}.CONDATE is ${fields[dateAt[k]]} but PreviousName_${k + 1}.CompanyName is empty`;
      continue;
    }
    previousNames.push({ name: previous, effective_from: null, ceased_on: changed });
  }
  previousNames.sort((a, b) => (b.ceased_on ?? '').localeCompare(a.ceased_on ?? ''));
  for (let k = 0; k < previousNames.length; k++) {
    previousNames[k].effective_from = k + 1 < previousNames.length ? previousNames[k + 1].ceased_on : incorporated;
  }
  return previousNames;
}

/** previous_names as COPY text (escaped JSON), or null when the mapper would reject them. */
export function previousNamesCopy(
  fields: readonly string[],
  nameAt: readonly number[],
  dateAt: readonly number[],
  incorporated: string | null,
): string | null {
  const names = previousNamesOf(fields, nameAt, dateAt, incorporated);
  return typeof names === 'string' ? null : escapeCopy(JSON.stringify(names));
}

interface PreviousName {
  name: string;
  effective_from: string | null;
  ceased_on: string | null;
}

/** Shared by the rows without previous names (never modified). */
const NO_NAMES = Object.freeze([]) as unknown as PreviousName[];

function unparsableDate(value: string, column: string): string {
  return `unparsable date "${value}" in ${column} (expected DD/MM/YYYY)`;
}

function notACount(value: string, column: string): string {
  return `${column} "${value}" is not a whole number`;
}
