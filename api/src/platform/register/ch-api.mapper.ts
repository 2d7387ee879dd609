import { createHash } from 'node:crypto';
import { COMPANY_STATUS_WORDS } from '@credence/shared';
import type { ChargeRow, CompanyRow, FilingRow, OfficerRow, PscRow } from './rows.js';

/**
 * Companies House public data API JSON → rows of the UK company tables. Pure functions, shared by
 * `import ch-api` (documents from files) and `sync` (documents fetched live): the resource shapes
 * are those of https://developer-specs.company-information.service.gov.uk/ (company profile,
 * officer list, PSC list and PSC statement list, charge list, filing history list).
 */

/** The resources this mapper takes. PSC statements are a list of their own in the API. */
export type ChResource = 'profile' | 'officers' | 'pscs' | 'psc-statements' | 'charges' | 'filing-history';

export const CH_RESOURCES: readonly ChResource[] = ['profile', 'officers', 'pscs', 'psc-statements', 'charges', 'filing-history'];

/** API path of each resource for a company (sync fetches these; file names and wrappers may use the last segment). */
export function resourcePath(resource: ChResource, companyNumber: string): string {
  const paths: Record<ChResource, string> = {
    profile: '',
    officers: '/officers',
    pscs: '/persons-with-significant-control',
    'psc-statements': '/persons-with-significant-control-statements',
    charges: '/charges',
    'filing-history': '/filing-history',
  };
  return `/company/${encodeURIComponent(companyNumber)}${paths[resource]}`;
}

/** A document or an item that cannot be mapped; the message says why, in words a user can act on. */
export class MappingError extends Error {}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Names a file, a wrapper or a `resource` field may use for each resource. */
const RESOURCE_ALIASES: Record<string, ChResource> = {
  profile: 'profile',
  company: 'profile',
  'company-profile': 'profile',
  officers: 'officers',
  'officer-list': 'officers',
  'persons-with-significant-control': 'pscs',
  psc: 'pscs',
  pscs: 'pscs',
  'persons-with-significant-control-statements': 'psc-statements',
  'psc-statements': 'psc-statements',
  charges: 'charges',
  'filing-history': 'filing-history',
  filings: 'filing-history',
};

export function resourceFromName(name: string): ChResource | null {
  return RESOURCE_ALIASES[name.trim().toLowerCase().replace(/_/g, '-')] ?? null;
}

/**
 * A company number as the register writes it: 8 characters, upper case, numeric ones padded with
 * leading zeros ("445790" → "00445790"). Null when it cannot be one.
 */
export function normaliseCompanyNumber(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  let text = String(value).trim().toUpperCase();
  if (/^\d{1,7}$/.test(text)) text = text.padStart(8, '0');
  return /^[A-Z0-9]{8}$/.test(text) ? text : null;
}

/** What the file name says, for documents that do not carry it: `<number>[-<resource>].json[l]`. */
export interface NameHint {
  companyNumber?: string;
  resource?: ChResource;
}

export function hintFromFileName(baseName: string): NameHint {
  const stem = baseName.replace(/\.(json|jsonl|ndjson)$/i, '');
  const match = /^([A-Za-z0-9]{1,8})(?:[-_.](.+))?$/.exec(stem);
  if (!match) return {};
  const companyNumber = normaliseCompanyNumber(match[1]) ?? undefined;
  if (!companyNumber) return {};
  if (!match[2]) return { companyNumber };
  // "officers", "officers-page-2", "filing-history_2024"...: the longest resource name it starts with.
  const rest = match[2].toLowerCase().replace(/_/g, '-');
  const alias = Object.keys(RESOURCE_ALIASES)
    .sort((a, b) => b.length - a.length)
    .find((name) => rest === name || rest.startsWith(`${name}-`) || rest.startsWith(`${name}.`));
  return alias ? { companyNumber, resource: RESOURCE_ALIASES[alias] } : {};
}

/** One recognised document: a profile, or one page of a list. */
export interface ChDocument {
  resource: ChResource;
  companyNumber: string;
  /** The profile object, or the list page's items. */
  profile?: Json;
  items?: unknown[];
  /** start_index of the page (0 when absent). */
  startIndex: number;
  /** total_results / total_count of the list, when it says. */
  total: number | null;
  /** The list's own links (the PSC list links to the statements list). */
  links?: Json;
}

const COMPANY_LINK = /^\/company\/([A-Za-z0-9]+)(?:\/([a-z-]+))?/;

function linkCompany(link: unknown): { companyNumber: string; segment?: string } | null {
  if (typeof link !== 'string') return null;
  const match = COMPANY_LINK.exec(link.replace(/^https?:\/\/[^/]+/, ''));
  if (!match) return null;
  const companyNumber = normaliseCompanyNumber(match[1]);
  return companyNumber ? { companyNumber, segment: match[2] } : null;
}

function listResourceFromLink(segment: string | undefined): ChResource | null {
  if (!segment) return null;
  return (
    (
      {
        officers: 'officers',
        'persons-with-significant-control': 'pscs',
        'persons-with-significant-control-statements': 'psc-statements',
        charges: 'charges',
        'filing-history': 'filing-history',
      } as Record<string, ChResource>
    )[segment] ?? null
  );
}

function resourceFromItem(item: unknown): ChResource | null {
  if (!isObject(item)) return null;
  const kind = typeof item.kind === 'string' ? item.kind : '';
  if (kind.startsWith('persons-with-significant-control-statement')) return 'psc-statements';
  if (/significant-control|beneficial-owner/.test(kind) || Array.isArray(item.natures_of_control)) return 'pscs';
  if ('officer_role' in item) return 'officers';
  if ('transaction_id' in item) return 'filing-history';
  if ('charge_number' in item || 'charge_code' in item || 'classification' in item) return 'charges';
  const self = isObject(item.links) ? linkCompany(item.links.self) : null;
  if (self?.segment === 'appointments') return 'officers';
  return listResourceFromLink(self?.segment);
}

/**
 * Recognises what a document is, from its `kind` where it has one, else its structure, the
 * wrapper `{company_number, resource, data}`, and last the file name.
 */
export function recogniseDocument(input: unknown, hint: NameHint = {}): ChDocument {
  if (!isObject(input)) throw new MappingError(`expected a JSON object, found ${Array.isArray(input) ? 'an array' : typeof input}`);
  let doc = input;
  let wrapperNumber: string | undefined;
  let wrapperResource: ChResource | undefined;
  if (isObject(input.data) && (typeof input.resource === 'string' || 'company_number' in input) && !('items' in input)) {
    if (typeof input.resource === 'string') {
      const resource = resourceFromName(input.resource);
      if (!resource)
        throw new MappingError(`unknown resource "${input.resource}" (use one of ${Object.keys(RESOURCE_ALIASES).join(', ')})`);
      wrapperResource = resource;
    }
    if (input.company_number !== undefined) {
      const number = normaliseCompanyNumber(input.company_number);
      if (!number) throw new MappingError(`"${String(input.company_number)}" is not a company number`);
      wrapperNumber = number;
    }
    doc = input.data;
  }

  const kind = typeof doc.kind === 'string' ? doc.kind : '';
  if (kind.startsWith('search')) {
    throw new MappingError(`search results (kind "${kind}") are not imported: fetch each company's profile (/company/{number}) instead`);
  }

  const items = Array.isArray(doc.items) ? doc.items : null;
  const links = isObject(doc.links) ? doc.links : undefined;
  let resource: ChResource | null = wrapperResource ?? null;
  if (!resource && !items && typeof doc.company_number === 'string' && typeof doc.company_name === 'string') resource = 'profile';
  if (!resource && kind === 'officer-list') resource = 'officers';
  if (!resource && (kind === 'filing-history' || 'filing_history_status' in doc)) resource = 'filing-history';
  if (!resource) resource = listResourceFromLink(linkCompany(links?.self)?.segment);
  if (!resource && items && items.length > 0) resource = resourceFromItem(items[0]);
  if (!resource && items && ('unfiltered_count' in doc || 'satisfied_count' in doc || 'part_satisfied_count' in doc)) resource = 'charges';
  if (!resource && items) resource = hint.resource ?? null;
  if (!resource) {
    if (items) {
      throw new MappingError(
        'cannot tell which list this is (no kind, links or items to go by): name the file <company number>-<resource>.json ' +
          '(officers, persons-with-significant-control, persons-with-significant-control-statements, charges, filing-history) ' +
          'or wrap it as {"company_number": "...", "resource": "...", "data": {...}}',
      );
    }
    throw new MappingError(
      'not a Companies House API resource this importer takes (company profile, officers, PSCs, PSC statements, charges, filing history)',
    );
  }

  if (resource === 'profile') {
    const number = normaliseCompanyNumber(doc.company_number);
    if (!number) throw new MappingError(`company_number "${String(doc.company_number ?? '')}" is not a company number`);
    if (wrapperNumber && wrapperNumber !== number)
      throw new MappingError(`the wrapper says company ${wrapperNumber} but the profile is of ${number}`);
    return { resource, companyNumber: number, profile: doc, startIndex: 0, total: null };
  }

  if (!items) throw new MappingError(`a ${resource} list needs an "items" array`);
  const companyNumber =
    wrapperNumber ??
    linkCompany(links?.self)?.companyNumber ??
    items.map((item) => (isObject(item) && isObject(item.links) ? linkCompany(item.links.self)?.companyNumber : undefined)).find(Boolean) ??
    hint.companyNumber;
  if (!companyNumber) {
    throw new MappingError(
      `the ${resource} list does not say which company it belongs to: name the file <company number>-${resource === 'pscs' ? 'persons-with-significant-control' : resource === 'psc-statements' ? 'persons-with-significant-control-statements' : resource}.json or wrap it as {"company_number": "...", "resource": "${resource}", "data": {...}}`,
    );
  }
  const total = firstNumber(doc.total_results, doc.total_count);
  const startIndex = firstNumber(doc.start_index) ?? 0;
  return { resource, companyNumber, items, startIndex, total, links };
}

function firstNumber(...values: unknown[]): number | null {
  for (const value of values) {
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof n === 'number' && Number.isFinite(n)) return n;
  }
  return null;
}

// ---------------------------------------------------------------- field helpers

function text(value: unknown): string | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (typeof value === 'number') return String(value);
  return null;
}

function requiredText(item: Json, field: string): string {
  const value = text(item[field]);
  if (value === null) throw new MappingError(`${field} is missing`);
  return value;
}

/** 'YYYY-MM-DD' (the API's date format), checked to be a real day; null when absent. */
function date(item: Json | undefined, field: string): string | null {
  const value = item?.[field];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !isDate(value)) throw new MappingError(`${field} "${String(value)}" is not a date (YYYY-MM-DD)`);
  return value;
}

export function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

function integer(value: unknown, field: string, min: number, max: number): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
    throw new MappingError(`${field} "${String(value)}" is not a whole number from ${min} to ${max}`);
  return n;
}

function bool(value: unknown): boolean {
  return value === true || value === 'true';
}

/** The last path segment of a link: the id of an appointment, PSC, charge or document. */
function lastSegment(link: unknown): string | null {
  if (typeof link !== 'string') return null;
  const segment = link.split('?')[0].replace(/\/+$/, '').split('/').pop();
  return segment ? decodeURIComponent(segment) : null;
}

const hashKey = (...parts: unknown[]) =>
  'h' +
  createHash('sha1')
    .update(parts.map((p) => String(p ?? '')).join('\u001f'))
    .digest('hex')
    .slice(0, 24);

// ---------------------------------------------------------------- company profile

/** company_status (the API's enumeration) → the words of the bulk product (BasicCompanyData CompanyStatus): the shared table. */
const STATUS = COMPANY_STATUS_WORDS;

/** type (the API's enumeration) → CompanyCategory as the bulk product writes it. */
const CATEGORY: Record<string, string> = {
  ltd: 'Private Limited Company',
  plc: 'Public Limited Company',
  llp: 'Limited Liability Partnership',
  'limited-partnership': 'Limited Partnership',
  'private-limited-guarant-nsc': 'PRI/LTD BY GUAR/NSC (Private, limited by guarantee, no share capital)',
  'private-limited-guarant-nsc-limited-exemption':
    "PRI/LBG/NSC (Private, Limited by guarantee, no share capital, use of 'Limited' exemption)",
  'private-limited-shares-section-30-exemption': 'PRIV LTD SECT. 30 (Private limited company, section 30 of the Companies Act)',
  'private-unlimited': 'Private Unlimited Company',
  'private-unlimited-nsc': 'Private Unlimited',
  'old-public-company': 'Old Public Company',
  'royal-charter': 'Royal Charter Company',
  'investment-company-with-variable-capital': 'Investment Company with Variable Capital',
  'icvc-securities': 'Investment Company with Variable Capital (Securities)',
  'icvc-umbrella': 'Investment Company with Variable Capital(Umbrella)',
  'icvc-warrant': 'Investment Company with Variable Capital',
  'scottish-partnership': 'Scottish Partnership',
  'charitable-incorporated-organisation': 'Charitable Incorporated Organisation',
  'scottish-charitable-incorporated-organisation': 'Scottish Charitable Incorporated Organisation',
  'industrial-and-provident-society': 'Industrial and Provident Society',
  'registered-society-non-jurisdictional': 'Registered Society',
  'further-education-or-sixth-form-college-corporation': 'Further Education and Sixth Form College Corps',
  'european-public-limited-liability-company-se': 'European Public Limited-Liability Company (SE)',
  'registered-overseas-entity': 'Overseas Entity',
  'oversea-company': 'Other company type',
  'uk-establishment': 'UK Establishment',
  'assurance-company': 'Assurance Company',
  'converted-or-closed': 'Converted/Closed',
  'protected-cell-company': 'Protected Cell Company',
  'unregistered-company': 'Unregistered Company',
  eeig: 'European Economic Interest Grouping (EEIG)',
  'united-kingdom-economic-interest-grouping': 'United Kingdom Economic Interest Grouping',
  'northern-ireland': 'Northern Ireland Company',
  'northern-ireland-other': 'Credit Union (Northern Ireland)',
  other: 'Other company type',
};

const UK_JURISDICTIONS = new Set(['england-wales', 'wales', 'scotland', 'northern-ireland', 'united-kingdom', 'england']);

const titleCase = (slug: string) => slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * The profile as a companies row (source 'api'). `sic_texts` are the bare codes here; the writer
 * adds the descriptions it knows ("62012 - Business and domestic software development").
 */
export function mapCompanyProfile(profile: Json): CompanyRow {
  const company_number = normaliseCompanyNumber(profile.company_number);
  if (!company_number) throw new MappingError(`company_number "${String(profile.company_number ?? '')}" is not a company number`);
  const company_name = requiredText(profile, 'company_name');
  const status = text(profile.company_status);
  const detail = text(profile.company_status_detail);
  const type = text(profile.type);
  const subtype = text(profile.subtype);
  const jurisdiction = text(profile.jurisdiction);
  const address = isObject(profile.registered_office_address) ? profile.registered_office_address : {};
  const accounts = isObject(profile.accounts) ? profile.accounts : undefined;
  const reference = isObject(accounts?.accounting_reference_date) ? accounts.accounting_reference_date : undefined;
  const lastAccounts = isObject(accounts?.last_accounts) ? accounts.last_accounts : undefined;
  const nextAccounts = isObject(accounts?.next_accounts) ? accounts.next_accounts : undefined;
  const confirmation = isObject(profile.confirmation_statement) ? profile.confirmation_statement : undefined;
  const foreign = isObject(profile.foreign_company_details) ? profile.foreign_company_details : undefined;
  const registry = isObject(foreign?.originating_registry) ? foreign.originating_registry : undefined;
  const sicCodes = Array.isArray(profile.sic_codes)
    ? profile.sic_codes.map((code) => text(code)).filter((code): code is string => code !== null)
    : [];
  const previous = Array.isArray(profile.previous_company_names) ? profile.previous_company_names : [];
  const accountsType = text(lastAccounts?.type);

  let companyStatus = status ? (STATUS[status] ?? titleCase(status)) : null;
  if (status === 'active' && detail === 'active-proposal-to-strike-off') companyStatus = 'Active - Proposal to Strike off';

  return {
    company_number,
    company_name,
    company_status: companyStatus,
    company_category:
      subtype === 'community-interest-company' ? 'Community Interest Company' : type ? (CATEGORY[type] ?? titleCase(type)) : null,
    country_of_origin:
      jurisdiction && UK_JURISDICTIONS.has(jurisdiction)
        ? 'United Kingdom'
        : (text(registry?.country) ?? (jurisdiction ? titleCase(jurisdiction) : null)),
    incorporation_date: date(profile, 'date_of_creation'),
    dissolution_date: date(profile, 'date_of_cessation'),
    address_care_of: text(address.care_of),
    address_po_box: text(address.po_box),
    address_line_1: joinPremises(text(address.premises), text(address.address_line_1)),
    address_line_2: text(address.address_line_2),
    post_town: text(address.locality),
    county: text(address.region),
    country: text(address.country),
    postcode: text(address.postal_code),
    sic_codes: sicCodes,
    sic_texts: sicCodes,
    accounts_ref_day: integer(reference?.day, 'accounts.accounting_reference_date.day', 1, 31),
    accounts_ref_month: integer(reference?.month, 'accounts.accounting_reference_date.month', 1, 12),
    accounts_next_due: date(accounts, 'next_due') ?? date(nextAccounts, 'due_on'),
    accounts_last_made_up: date(lastAccounts, 'made_up_to') ?? date(lastAccounts, 'period_end_on'),
    // The bulk product's AccountCategory: "TOTAL EXEMPTION FULL" for total-exemption-full.
    accounts_category: accountsType && accountsType !== 'null' ? accountsType.replace(/-/g, ' ').toUpperCase() : null,
    conf_stmt_next_due: date(confirmation, 'next_due'),
    conf_stmt_last_made_up: date(confirmation, 'last_made_up_to'),
    previous_names: previous.filter(isObject).flatMap((name) => {
      const value = text(name.name);
      return value ? [{ name: value, effective_from: date(name, 'effective_from'), ceased_on: date(name, 'ceased_on') }] : [];
    }),
    source: 'api',
  };
}

/** The columns a profile knows: the others (uri, mortgages_*, exchange, ticker) keep what is stored. */
export const PROFILE_COLUMNS = [
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
  'previous_names',
  'source',
];

/** "10" + "Queen Street Place" → "10 Queen Street Place"; "Tesco House" + "Shire Park" → "Tesco House, Shire Park". */
function joinPremises(premises: string | null, line1: string | null): string | null {
  if (!premises) return line1;
  if (!line1) return premises;
  if (line1.toLowerCase().startsWith(premises.toLowerCase())) return line1;
  return /^\d+[A-Za-z]?(-\d+[A-Za-z]?)?$/.test(premises) ? `${premises} ${line1}` : `${premises}, ${line1}`;
}

// ---------------------------------------------------------------- lists

/** An item that could not be mapped: its position in the list and why. */
export interface ItemProblem {
  index: number;
  reason: string;
}

export interface Mapped<T> {
  rows: T[];
  problems: ItemProblem[];
}

function mapItems<T>(resource: string, items: unknown[], startIndex: number, map: (item: Json) => T): Mapped<T> {
  const rows: T[] = [];
  const problems: ItemProblem[] = [];
  items.forEach((item, i) => {
    const index = startIndex + i + 1;
    try {
      if (!isObject(item)) throw new MappingError('not an object');
      rows.push(map(item));
    } catch (error) {
      if (!(error instanceof MappingError)) throw error;
      problems.push({ index, reason: `${resource} item ${index}: ${error.message}` });
    }
  });
  return { rows, problems };
}

export function mapOfficers(companyNumber: string, items: unknown[], startIndex = 0): Mapped<OfficerRow> {
  return mapItems('officers', items, startIndex, (item) => {
    const name = requiredText(item, 'name');
    const officer_role = requiredText(item, 'officer_role');
    const links = isObject(item.links) ? item.links : {};
    const officerLinks = isObject(links.officer) ? links.officer : {};
    const birth = isObject(item.date_of_birth) ? item.date_of_birth : {};
    const appointed_on = date(item, 'appointed_on');
    return {
      company_number: companyNumber,
      officer_key: lastSegment(links.self) ?? hashKey(name, officer_role, appointed_on ?? item.appointed_before),
      name,
      officer_role,
      appointed_on,
      resigned_on: date(item, 'resigned_on'),
      nationality: text(item.nationality),
      occupation: text(item.occupation),
      country_of_residence: text(item.country_of_residence),
      birth_month: integer(birth.month, 'date_of_birth.month', 1, 12),
      birth_year: integer(birth.year, 'date_of_birth.year', 1800, 2200),
      person_number: text(item.person_number),
      appointments_link: text(officerLinks.appointments),
      address: isObject(item.address) ? item.address : null,
      identity_verification: identityVerificationDetails(item),
    };
  });
}

const VERIFICATION_DATES = [
  'appointment_verification_start_on',
  'appointment_verification_end_on',
  'appointment_verification_statement_date',
  'appointment_verification_statement_due_on',
  'identity_verified_on',
];

/** identity_verification_details (ECCTA): its known fields, dates checked; null when absent. */
function identityVerificationDetails(item: Json): Record<string, unknown> | null {
  const details = item.identity_verification_details;
  if (!isObject(details)) return null;
  const out: Record<string, unknown> = {};
  // A date that does not read as one is left out rather than losing the officer.
  for (const field of VERIFICATION_DATES) {
    const value = details[field];
    if (typeof value === 'string' && isDate(value)) out[field] = value;
  }
  for (const field of ['authorised_corporate_service_provider_name', 'preferred_name']) {
    const value = text(details[field]);
    if (value) out[field] = value;
  }
  const bodies = details.anti_money_laundering_supervisory_bodies;
  if (Array.isArray(bodies)) out.anti_money_laundering_supervisory_bodies = bodies.filter((b): b is string => typeof b === 'string');
  return Object.keys(out).length ? out : null;
}

/** PSC list items of every kind, and PSC statement list items (kind persons-with-significant-control-statement). */
export function mapPscs(companyNumber: string, items: unknown[], startIndex = 0, statements = false): Mapped<PscRow> {
  return mapItems(statements ? 'PSC statements' : 'PSCs', items, startIndex, (item) => {
    const kind = text(item.kind) ?? (statements || 'statement' in item ? 'persons-with-significant-control-statement' : null);
    if (!kind) throw new MappingError('kind is missing');
    const isStatement = kind.startsWith('persons-with-significant-control-statement');
    if (statements && !isStatement) throw new MappingError(`kind "${kind}" is not a statement`);
    if (!statements && isStatement) throw new MappingError(`kind "${kind}" belongs in the statements list`);
    const name = text(item.name) ?? (kind.startsWith('super-secure') ? text(item.description) : null);
    const notified_on = date(item, 'notified_on');
    const links = isObject(item.links) ? item.links : {};
    return {
      company_number: companyNumber,
      psc_key: lastSegment(links.self) ?? hashKey(kind, name, notified_on, item.statement),
      kind,
      name,
      notified_on,
      ceased_on: date(item, 'ceased_on'),
      natures_of_control: Array.isArray(item.natures_of_control)
        ? item.natures_of_control.filter((n): n is string => typeof n === 'string')
        : [],
      nationality: text(item.nationality),
      country_of_residence: text(item.country_of_residence),
      statement: text(item.statement),
      data: item,
    };
  });
}

const CHARGE_STATUSES = new Set(['outstanding', 'fully-satisfied', 'part-satisfied', 'satisfied']);

export function mapCharges(companyNumber: string, items: unknown[], startIndex = 0): Mapped<ChargeRow> {
  return mapItems('charges', items, startIndex, (item) => {
    const links = isObject(item.links) ? item.links : {};
    const charge_id = lastSegment(links.self) ?? text(item.id);
    if (!charge_id) throw new MappingError('no charge id (links.self or id)');
    const status = requiredText(item, 'status');
    if (!CHARGE_STATUSES.has(status)) throw new MappingError(`status "${status}" is not one of ${[...CHARGE_STATUSES].join(', ')}`);
    const classification = isObject(item.classification) ? item.classification : {};
    const particulars = isObject(item.particulars) ? item.particulars : {};
    const persons = Array.isArray(item.persons_entitled) ? item.persons_entitled : [];
    return {
      charge_id,
      company_number: companyNumber,
      charge_number: integer(item.charge_number, 'charge_number', 0, 1_000_000_000),
      charge_code: text(item.charge_code),
      status,
      created_on: date(item, 'created_on'),
      delivered_on: date(item, 'delivered_on'),
      satisfied_on: date(item, 'satisfied_on'),
      acquired_on: date(item, 'acquired_on'),
      classification_type: text(classification.type),
      classification_description: text(classification.description),
      particulars_type: text(particulars.type),
      particulars_description: text(particulars.description),
      contains_fixed_charge: bool(particulars.contains_fixed_charge),
      contains_floating_charge: bool(particulars.contains_floating_charge),
      contains_negative_pledge: bool(particulars.contains_negative_pledge),
      floating_charge_covers_all: bool(particulars.floating_charge_covers_all),
      persons_entitled: persons.map((p) => (isObject(p) ? text(p.name) : text(p))).filter((name): name is string => name !== null),
      transactions: Array.isArray(item.transactions) ? item.transactions : [],
      etag: text(item.etag),
    };
  });
}

export function mapFilings(companyNumber: string, items: unknown[], startIndex = 0): Mapped<FilingRow> {
  return mapItems('filing history', items, startIndex, (item) => {
    const links = isObject(item.links) ? item.links : {};
    const subcategory = Array.isArray(item.subcategory)
      ? item.subcategory.filter((s) => typeof s === 'string').join('/') || null
      : text(item.subcategory);
    const pages = integer(item.pages, 'pages', 0, 1_000_000);
    return {
      transaction_id: requiredText(item, 'transaction_id'),
      company_number: companyNumber,
      category: requiredText(item, 'category'),
      subcategory,
      type: requiredText(item, 'type'),
      date: date(item, 'date'),
      action_date: date(item, 'action_date'),
      description: text(item.description) ?? '',
      description_values: isObject(item.description_values) ? item.description_values : {},
      annotations: Array.isArray(item.annotations) ? item.annotations : [],
      associated_filings: Array.isArray(item.associated_filings) ? item.associated_filings : [],
      pages,
      barcode: text(item.barcode),
      paper_filed: bool(item.paper_filed),
      // https://document-api.company-information.service.gov.uk/document/{id} → {id}
      document_id: lastSegment(links.document_metadata),
    };
  });
}

/** Counts by status, as the bulk product's Mortgages.* columns give them. */
export function chargeCounts(rows: ChargeRow[]) {
  const count = (statuses: string[]) => rows.filter((row) => statuses.includes(row.status)).length;
  return {
    mortgages_total: rows.length,
    mortgages_outstanding: count(['outstanding']),
    mortgages_part_satisfied: count(['part-satisfied']),
    mortgages_satisfied: count(['fully-satisfied', 'satisfied']),
  };
}
