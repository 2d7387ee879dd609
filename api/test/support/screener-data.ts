/**
 * Data and independent checks for the screener suites: hand-made companies, accounts and charges
 * written through the store (as importers write them), the generated sample beside them, and a
 * plain-JS model of what each filter type and sort must give, to compare the API's answers with.
 */
import { ScreenerMemory } from '../../src/modules/screener/screener-memory.service.js';
import type { DataSource } from 'typeorm';
import { lenderKey, type ColumnKind, type ColumnSpec } from '@credence/shared';
import { loadConfig } from '../../src/core/config/config.js';
import { seedSampleData } from '../../src/modules/companies-house/seed/seed.js';
import { sicCodeRows } from '../../src/modules/companies-house/seed/sic-codes.js';
import { upsertCharges, upsertRows } from '../../src/modules/companies-house/store/company-store.js';
import { refreshDerivedTables } from '../../src/modules/companies-house/store/derived-tables.js';
import type { ChargeRow, CompanyRow, FinancialStatementRow } from '../../src/platform/register/rows.js';
import { COMPANIES, FINANCIAL_STATEMENTS, SIC_CODES } from '../../src/modules/companies-house/store/tables.js';
import type { TestApi } from './test-api.js';

export const quietReporter = { progress: () => undefined, bad: () => undefined, info: () => undefined };

/** A company as the register's CSV import writes it (source csv: the sample generator leaves it alone). */
export const company = (company_number: string, company_name: string, extra: Partial<CompanyRow> = {}): CompanyRow => ({
  company_number,
  company_name,
  company_status: 'Active',
  company_category: 'Private Limited Company',
  incorporation_date: '2012-03-04',
  post_town: 'Newcastle upon Tyne',
  postcode: 'NE1 1AA',
  sic_codes: ['62012'],
  source: 'csv',
  ...extra,
});

export const statement = (
  company_number: string,
  fiscal_year: number,
  extra: Partial<FinancialStatementRow> = {},
): FinancialStatementRow => ({
  company_number,
  fiscal_year,
  period_end: `${fiscal_year}-03-31`,
  currency: 'GBP',
  source: 'api',
  ...extra,
});

export const charge = (charge_id: string, company_number: string, extra: Partial<ChargeRow> = {}): ChargeRow => ({
  charge_id,
  company_number,
  status: 'outstanding',
  contains_fixed_charge: false,
  contains_floating_charge: false,
  contains_negative_pledge: false,
  persons_entitled: [],
  ...extra,
});

export interface HandMade {
  companies: CompanyRow[];
  statements?: FinancialStatementRow[];
  charges?: ChargeRow[];
}

/**
 * Writes the hand-made rows, then (with `sample`) the generated sample around them, and brings
 * the screener views up to date the way every import does (refreshDerivedTables).
 */
export async function loadScreenerData(t: TestApi, handMade: HandMade, sample?: { companies: number; seed: number }): Promise<void> {
  const db = t.api.dataSource;
  await db.transaction(async (m) => {
    await upsertRows(m, SIC_CODES, sicCodeRows());
    await upsertRows(m, COMPANIES, handMade.companies);
    if (handMade.statements?.length) await upsertRows(m, FINANCIAL_STATEMENTS, handMade.statements);
    if (handMade.charges?.length) await upsertCharges(m, handMade.charges);
  });
  if (sample) {
    // Skips generated companies whose numbers the hand-made ones hold; refreshes the views itself.
    await seedSampleData(db, loadConfig(t.environment.env), { ...sample, reporter: quietReporter, referenceDate: '2026-06-30' });
  } else {
    await refreshDerivedTables(db, 'all');
  }
  // On server Postgres: the pages that follow are answered from the in-memory copies.
  await t.api.app.get(ScreenerMemory).ready();
}

/** The URL of a screener route with its query (objects and arrays as JSON, as the clients send filters). */
export function screenerPath(route: string, query: Record<string, unknown> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(name, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return `/api/${route}${text ? `?${text}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Filters, modelled in JS (spec 2 3.15 and section 5): what each filter type must let through.

export interface ModelFilter {
  id: string;
  type: string;
  value?: unknown;
  valueTo?: unknown;
  values?: unknown[];
}

const lower = (v: unknown) => String(v).toLowerCase();
const blank = (v: unknown) => v === null || v === undefined || v === '';

function textMatches(value: unknown, f: ModelFilter): boolean {
  if (blank(value)) return false;
  const text = lower(value);
  const needle = lower(f.value);
  switch (f.type) {
    case 'contains':
      return text.includes(needle);
    case 'startsWith':
      return text.startsWith(needle);
    case 'endsWith':
      return text.endsWith(needle);
    case 'equals':
      return text === needle;
  }
  throw new Error(`no text model for ${f.type}`);
}

/** Whether a row's value passes one filter on a column of that kind. */
export function passes(value: unknown, kind: ColumnKind, f: ModelFilter): boolean {
  if (Array.isArray(value)) {
    if (f.type === 'empty') return value.length === 0;
    if (f.type === 'notEmpty') return value.length > 0;
    return value.some((v) => textMatches(v, f));
  }
  if (f.type === 'empty') return blank(value);
  if (f.type === 'notEmpty') return !blank(value);
  if (f.type === 'is_one_of') return !blank(value) && f.values!.map(String).includes(String(value));
  if (f.type === 'is_not_one_of') return blank(value) || !f.values!.map(String).includes(String(value));
  if (value === null || value === undefined) return false;
  if (kind === 'text') return textMatches(value, f);
  if (kind === 'boolean') return value === f.value;
  if (kind === 'number') {
    const n = value as number;
    const a = f.value as number;
    if (f.type === 'greaterThan') return n > a;
    if (f.type === 'lessThan') return n < a;
    if (f.type === 'equals') return n === a;
    if (f.type === 'between') return n >= Math.min(a, f.valueTo as number) && n <= Math.max(a, f.valueTo as number);
  }
  if (kind === 'date') {
    const d = value as string;
    const a = f.value as string;
    if (f.type === 'equals') return d === a;
    if (f.type === 'after') return d > a;
    if (f.type === 'before') return d < a;
    if (f.type === 'range') return d >= a && d <= (f.valueTo as string);
  }
  throw new Error(`no model for ${kind} ${f.type}`);
}

/** The rows every filter lets through (AND). */
export function modelFilter<R extends Record<string, unknown>>(
  rows: readonly R[],
  columns: readonly ColumnSpec[],
  filters: readonly ModelFilter[],
): R[] {
  return rows.filter((row) =>
    filters.every((f) => {
      const column = columns.find((c) => c.id === f.id);
      if (!column) throw new Error(`unknown column ${f.id}`);
      return passes(row[f.id], column.kind, f);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Sorting, modelled in JS: by the column in the direction asked, ties by the key in the same
// direction, and rows without a value last in both directions (ordered by key, same direction).

/**
 * The database's order of text values (its collation decides; C orders by bytes, others do
 * not), as ranks: the one thing the model asks the database, so that it holds under any locale.
 */
export async function textRanks(db: DataSource, values: Iterable<unknown>): Promise<Map<string, number>> {
  const distinct = [...new Set([...values].filter((v) => typeof v === 'string') as string[])];
  const rows: { v: string }[] = await db.query(`SELECT v FROM unnest($1::text[]) AS v ORDER BY v`, [distinct]);
  return new Map(rows.map((r, i) => [r.v, i]));
}

export function compareValues(a: unknown, b: unknown, ranks: Map<string, number>): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') {
    const ra = ranks.get(a);
    const rb = ranks.get(b);
    if (ra === undefined || rb === undefined) throw new Error(`no rank for ${a} or ${b}`);
    return ra - rb;
  }
  throw new Error(`cannot compare ${JSON.stringify(a)} with ${JSON.stringify(b)}`);
}

/** The keys of `rows` in the order the screener must give for sort_by=column, sort_order=order. */
export function modelOrder<R extends Record<string, unknown>>(
  rows: readonly R[],
  column: string,
  order: 'asc' | 'desc',
  keyOf: (row: R) => string,
  ranks: Map<string, number>,
): string[] {
  const sign = order === 'asc' ? 1 : -1;
  const isNull = (v: unknown) => v === null || v === undefined;
  return [...rows]
    .sort((a, b) => {
      const va = a[column];
      const vb = b[column];
      if (isNull(va) !== isNull(vb)) return isNull(va) ? 1 : -1;
      const byValue = isNull(va) ? 0 : compareValues(va, vb, ranks);
      return sign * (byValue !== 0 ? byValue : compareValues(keyOf(a), keyOf(b), ranks));
    })
    .map(keyOf);
}

// ---------------------------------------------------------------------------------------------
// Creditors aggregates, modelled in JS from the charges screener's rows.

export interface ChargeModelRow {
  charge_id: string;
  company_number: string;
  company_name: string;
  status: string;
  delivered_on: string | null;
  lenders: string[];
  contains_fixed_charge: boolean;
  contains_floating_charge: boolean;
  contains_negative_pledge: boolean;
}

const keysOf = (charge: ChargeModelRow) =>
  new Set(
    charge.lenders
      .map((n) => n.trim())
      .filter(Boolean)
      .map(lenderKey),
  );

/** Lender statistics (spec 2 3.11) by lender key; a charge naming one lender twice counts once. */
export function modelLenderStats(charges: readonly ChargeModelRow[], ranks: Map<string, number>) {
  const stats = new Map<string, { charges: ChargeModelRow[]; spellings: Map<string, number> }>();
  for (const c of charges) {
    for (const name of c.lenders.map((n) => n.trim()).filter(Boolean)) {
      const key = lenderKey(name);
      const entry = stats.get(key) ?? { charges: [] as ChargeModelRow[], spellings: new Map<string, number>() };
      stats.set(key, entry);
      entry.spellings.set(name, (entry.spellings.get(name) ?? 0) + 1);
      if (!entry.charges.includes(c)) entry.charges.push(c);
    }
  }
  return new Map(
    [...stats].map(([key, { charges: list, spellings }]) => {
      const [lender_name] = [...spellings].sort((a, b) => b[1] - a[1] || compareValues(a[0], b[0], ranks))[0];
      return [
        key,
        {
          lender_name,
          total_charges: list.length,
          outstanding_charges: list.filter((c) => c.status === 'outstanding').length,
          part_satisfied_charges: list.filter((c) => c.status === 'part-satisfied').length,
          companies_count: new Set(list.map((c) => c.company_number)).size,
          floating_charges: list.filter((c) => c.contains_floating_charge).length,
          fixed_charges: list.filter((c) => c.contains_fixed_charge).length,
          negative_pledge_charges: list.filter((c) => c.contains_negative_pledge).length,
        },
      ];
    }),
  );
}

/** Company charge aggregation (spec 2 3.13) by company number. */
export function modelCompanyStats(charges: readonly ChargeModelRow[]) {
  const byCompany = new Map<string, ChargeModelRow[]>();
  for (const c of charges) byCompany.set(c.company_number, [...(byCompany.get(c.company_number) ?? []), c]);
  return new Map(
    [...byCompany].map(([company_number, list]) => {
      const delivered = list
        .map((c) => c.delivered_on)
        .filter((d): d is string => d !== null)
        .sort();
      const lenders = new Set(list.flatMap((c) => [...keysOf(c)]));
      return [
        company_number,
        {
          company_number,
          company_name: list[0].company_name,
          total_charges: list.length,
          outstanding_charges: list.filter((c) => c.status === 'outstanding').length,
          part_satisfied_charges: list.filter((c) => c.status === 'part-satisfied').length,
          fixed_charges: list.filter((c) => c.contains_fixed_charge).length,
          floating_charges: list.filter((c) => c.contains_floating_charge).length,
          negative_pledge_charges: list.filter((c) => c.contains_negative_pledge).length,
          latest_charge_date: delivered.length ? delivered[delivered.length - 1] : null,
          unique_lenders_count: lenders.size,
        },
      ];
    }),
  );
}
