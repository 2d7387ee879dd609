import type { EntityManager } from 'typeorm';
import { replaceForCompanies, upsertCharges, upsertRows } from '../store/company-store.js';
import type { ChargeRow, CompanyRow, PscRow } from '../../../platform/register/rows.js';
import { CHARGES, COMPANIES, FILINGS, OFFICERS, PSCS, type TableSpec } from '../store/tables.js';
import {
  chargeCounts,
  mapCharges,
  mapCompanyProfile,
  mapFilings,
  mapOfficers,
  mapPscs,
  MappingError,
  PROFILE_COLUMNS,
  type ChDocument,
  type ChResource,
  type ItemProblem,
} from '../../../platform/register/ch-api.mapper.js';

/**
 * Everything known about one company from Companies House API documents (from files or fetched
 * live), and the one transaction that stores it: the profile first (so that its lists have a
 * company to hang off), then each list. A complete list replaces what is stored for the company;
 * a partial one (a page missing, an item unreadable) updates and adds, and removes nothing.
 */

export type ListResource = Exclude<ChResource, 'profile'>;

/** Where a document came from, for bad-row reports. */
export interface Source {
  file: string;
  line: number;
}

interface Page {
  rows: object[];
  items: number;
}

interface ListState {
  pages: Map<number, Page>;
  total: number | null;
  /** An item could not be mapped: the list is not whole, so it must not remove anything. */
  damaged: boolean;
}

export class CompanyNotInDatabase extends Error {
  constructor(readonly companyNumber: string) {
    super(`company ${companyNumber} is not in the database: import its profile first (or put the profile in the same input)`);
  }
}

/** The documents of one company gathered so far. */
export class CompanyGroup {
  profile?: CompanyRow;
  readonly lists = new Map<ListResource, ListState>();
  readonly sources: Source[] = [];
  /** Records read (the profile and each list item). */
  records = 0;

  constructor(readonly companyNumber: string) {}

  /**
   * Maps the document into rows. Items that cannot be mapped come back as problems (the rest of
   * the list is kept); a profile that cannot be mapped throws MappingError.
   */
  add(doc: ChDocument, source: Source): ItemProblem[] {
    if (doc.companyNumber !== this.companyNumber) throw new Error(`document of ${doc.companyNumber} added to ${this.companyNumber}`);
    if (doc.resource === 'profile') {
      this.profile = mapCompanyProfile(doc.profile!);
      this.records++;
      this.sources.push(source);
      return [];
    }
    const items = doc.items ?? [];
    const mapped =
      doc.resource === 'officers'
        ? mapOfficers(this.companyNumber, items, doc.startIndex)
        : doc.resource === 'pscs'
          ? mapPscs(this.companyNumber, items, doc.startIndex, false)
          : doc.resource === 'psc-statements'
            ? mapPscs(this.companyNumber, items, doc.startIndex, true)
            : doc.resource === 'charges'
              ? mapCharges(this.companyNumber, items, doc.startIndex)
              : mapFilings(this.companyNumber, items, doc.startIndex);
    const list = this.lists.get(doc.resource) ?? { pages: new Map(), total: null, damaged: false };
    // The same page twice (a re-fetched or repeated document): the later one wins.
    list.pages.set(doc.startIndex, { rows: mapped.rows, items: items.length });
    list.total = doc.total ?? list.total;
    list.damaged ||= mapped.problems.length > 0;
    this.lists.set(doc.resource, list);
    this.records += items.length;
    this.sources.push(source);
    return mapped.problems;
  }

  /** Documents from a later group of the same company (deferred until its profile was seen). */
  merge(other: CompanyGroup): void {
    if (other.profile) this.profile = other.profile;
    for (const [resource, list] of other.lists) {
      const mine = this.lists.get(resource);
      if (!mine) this.lists.set(resource, list);
      else {
        for (const [start, page] of list.pages) mine.pages.set(start, page);
        mine.total = list.total ?? mine.total;
        mine.damaged ||= list.damaged;
      }
    }
    this.sources.push(...other.sources);
    this.records += other.records;
  }

  get hasLists(): boolean {
    return this.lists.size > 0;
  }
}

interface ListToWrite {
  resource: ListResource;
  rows: object[];
  complete: boolean;
  damaged: boolean;
  items: number;
  total: number | null;
}

function listToWrite(resource: ListResource, list: ListState): ListToWrite {
  const starts = [...list.pages.keys()].sort((a, b) => a - b);
  const rows = starts.flatMap((start) => list.pages.get(start)!.rows);
  const items = starts.reduce((sum, start) => sum + list.pages.get(start)!.items, 0);
  const complete = starts[0] === 0 && !list.damaged && (list.total === null || items >= list.total);
  return { resource, rows, complete, damaged: list.damaged, items, total: list.total };
}

const TABLES: Record<ListResource, TableSpec> = {
  officers: OFFICERS,
  pscs: PSCS,
  'psc-statements': PSCS,
  charges: CHARGES,
  'filing-history': FILINGS,
};

const LIST_NAMES: Record<ListResource, string> = {
  officers: 'officers list',
  pscs: 'PSC list',
  'psc-statements': 'PSC statements list',
  charges: 'charges list',
  'filing-history': 'filing history',
};

export interface WriteResult {
  /** Rows written per table. */
  tables: Record<string, number>;
  /** Lists written, as `${company}:${resource}` (a later partial document of the run only adds to them). */
  written: string[];
  /** Things worth saying on stderr (a partial list that removed nothing). */
  notes: string[];
}

/**
 * Stores the group in the caller's transaction. `seen`: lists already written earlier in this run
 * (documents of one company that were not next to each other): those are added to, not replaced.
 */
export async function writeCompanyGroup(manager: EntityManager, group: CompanyGroup, seen: ReadonlySet<string>): Promise<WriteResult> {
  const n = group.companyNumber;
  const result: WriteResult = { tables: {}, written: [], notes: [] };
  const add = (table: string, count: number) => (result.tables[table] = (result.tables[table] ?? 0) + count);

  let name: string | null = null;
  if (group.profile) {
    add(COMPANIES.name, await writeProfiles(manager, [group.profile]));
    name = group.profile.company_name;
  }
  if (!group.hasLists) return result;
  if (name === null) {
    const [existing] = await manager.query(`SELECT company_name FROM companies WHERE company_number = $1`, [n]);
    if (!existing) throw new CompanyNotInDatabase(n);
    name = existing.company_name as string;
  }

  const lists = new Map([...group.lists].map(([resource, list]) => [resource, listToWrite(resource, list)]));
  const replacing = (list: ListToWrite | undefined) => Boolean(list && list.complete && !seen.has(`${n}:${list.resource}`));
  for (const list of lists.values()) {
    result.written.push(`${n}:${list.resource}`);
    if (!list.complete) {
      const why = list.damaged
        ? 'has entries that could not be read'
        : `is partial (${list.items}${list.total !== null ? ` of ${list.total}` : ''} entries)`;
      result.notes.push(`${LIST_NAMES[list.resource]} of ${n} ${why}: stored entries were updated and added to, none removed`);
    }
  }

  for (const resource of ['officers', 'charges', 'filing-history'] as const) {
    const list = lists.get(resource);
    if (!list) continue;
    const table = TABLES[resource];
    let count: number;
    if (replacing(list)) count = await replaceForCompanies(manager, table, [n], list.rows);
    else if (table === CHARGES) count = await upsertCharges(manager, list.rows as ChargeRow[]);
    else count = await upsertRows(manager, table, list.rows);
    add(table.name, count);
    if (resource === 'charges' && list.complete) {
      // The register's Mortgages.* counts for this company, from its whole charges list.
      await upsertRows(
        manager,
        COMPANIES,
        [{ company_number: n, company_name: name, ...chargeCounts(list.rows as ChargeRow[]) }],
        ['company_name', 'mortgages_total', 'mortgages_outstanding', 'mortgages_part_satisfied', 'mortgages_satisfied'],
      );
    }
  }

  // PSCs and PSC statements are two lists of the API in one table: replacing one keeps the other.
  const pscs = lists.get('pscs');
  const statements = lists.get('psc-statements');
  if (pscs || statements) {
    const fresh = [...(pscs?.rows ?? []), ...(statements?.rows ?? [])] as PscRow[];
    const replacePscs = replacing(pscs);
    const replaceStatements = replacing(statements);
    if (replacePscs || replaceStatements) {
      const kept = (await storedPscs(manager, n)).filter((row) => {
        const statement = row.kind.startsWith('persons-with-significant-control-statement');
        return statement ? !replaceStatements : !replacePscs;
      });
      await replaceForCompanies(manager, PSCS, [n], [...kept, ...fresh]);
      add(PSCS.name, new Set(fresh.map((row) => row.psc_key)).size);
    } else {
      add(PSCS.name, await upsertRows(manager, PSCS, fresh));
    }
  }
  return result;
}

async function storedPscs(manager: EntityManager, companyNumber: string): Promise<PscRow[]> {
  return manager.query(
    `SELECT company_number, psc_key, kind, name, notified_on::text AS notified_on, ceased_on::text AS ceased_on, natures_of_control,
            nationality, country_of_residence, statement, data
       FROM pscs WHERE company_number = $1`,
    [companyNumber],
  );
}

/**
 * Company profiles (from the API or the companies stream), with their SIC codes as the register
 * publishes them ("62012 - Business and domestic software development"): the description from the
 * sic_codes table, else the one already stored for the company, else the bare code. Answers the
 * rows written.
 */
export async function writeProfiles(manager: EntityManager, rows: CompanyRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const codes = [...new Set(rows.flatMap((row) => row.sic_codes ?? []))];
  const known = new Map<string, string>();
  const stored = new Map<string, string[]>();
  if (codes.length > 0) {
    const found: { code: string; description: string }[] = await manager.query(
      `SELECT code, description FROM sic_codes WHERE code = ANY($1::text[])`,
      [codes],
    );
    for (const { code, description } of found) if (description) known.set(code, description);
    const numbers = rows.filter((row) => (row.sic_codes ?? []).some((code) => !known.has(code))).map((row) => row.company_number);
    if (numbers.length > 0) {
      const texts: { company_number: string; sic_texts: string[] }[] = await manager.query(
        `SELECT company_number, sic_texts FROM companies WHERE company_number = ANY($1::text[])`,
        [numbers],
      );
      for (const row of texts) stored.set(row.company_number, row.sic_texts ?? []);
    }
  }
  const withTexts = rows.map((row) => ({
    ...row,
    sic_texts: (row.sic_codes ?? []).map((code) => {
      const description = known.get(code);
      if (description) return `${code} - ${description}`;
      return (stored.get(row.company_number) ?? []).find((t) => t.startsWith(`${code} - `)) ?? code;
    }),
  }));
  return upsertRows(manager, COMPANIES, withTexts, PROFILE_COLUMNS);
}

/** Whether an error from a transaction is about this company's data (reported, the run goes on) or the database itself (the run stops). */
export function isDataError(error: unknown): boolean {
  if (error instanceof MappingError || error instanceof CompanyNotInDatabase) return true;
  const code = (error as { code?: unknown; driverError?: { code?: unknown } })?.driverError?.code ?? (error as { code?: unknown })?.code;
  // Postgres classes 22 (data exception) and 23 (integrity constraint violation).
  return typeof code === 'string' && /^2[23]/.test(code);
}
