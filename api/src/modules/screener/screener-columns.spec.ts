import { describe, it } from 'node:test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';
import {
  COMPANY_COLUMN_REGISTRY,
  COMPANY_COLUMN_PRIORITY,
  checkColumnFilters,
  columnSpecOf,
  companyViewIndexes,
  companyViewSelect,
  convertQueryToFilters,
  parseFilterExpression,
  type ColumnDefinition,
} from '@credence/shared';
import { filterSql, parseScreenerQuery } from '../../core/screener-query/index.js';
import { companiesTable, type ScreenerTableSpec } from '../../platform/register/views/screener-tables.js';

/**
 * One definition per screener column (issue 25 section 3). The registry generates the view that
 * the migrations froze, and a column added to a fixture registry reaches the view, the API's sort
 * and filter allow-list, the table columns and the natural-language parser with nothing else
 * written.
 */
// the migrations' source beside this spec's build (dist/src/modules/screener), wherever the runner starts
const MIGRATIONS = fileURLToPath(new URL('../../../../src/core/database/migrations/', import.meta.url));
const flat = (sql: string) => sql.replace(/\s+/g, ' ').trim();

/** The frozen view of a migration file, read as text (a test, like the registry, never runs it). */
function frozenView(file: string): { select: string; indexes: string[] } {
  const text = readFileSync(join(MIGRATIONS, file), 'utf8');
  const select = /const (?:SCREENER_COMPANIES_)?SELECT = `([^`]*)`/.exec(text)![1];
  const indexes = /const (?:SCREENER_COMPANIES_)?INDEXES = \[([^\]]*)\]/.exec(text)![1];
  return { select: flat(select), indexes: [...indexes.matchAll(/`([^`]*)`/g)].map((m) => m[1]).sort() };
}

const generated = (registry: readonly ColumnDefinition[]) => ({
  select: flat(companyViewSelect(registry)),
  indexes: companyViewIndexes(registry).sort(),
});

/** A column of the fixture: a count of the company's current secretaries, with its own words. */
const SECRETARIES: ColumnDefinition = {
  id: 'secretaries_count',
  label: 'Secretaries',
  kind: 'number',
  format: 'integer',
  sql: "(SELECT count(*) FROM officers o WHERE o.company_number = c.company_number AND o.officer_role = 'secretary' AND o.resigned_on IS NULL)::int",
  priority: 15,
  nl: {
    count: true,
    words: ['secretaries', 'company secretaries'],
    conditions: { 'without a secretary': { comparator: 'eq', label: 'no secretary' } },
  },
};
const FIXTURE = [...COMPANY_COLUMN_REGISTRY, SECRETARIES];

/** The options the screener service parses a companies query with. */
const queryOptions = (table: ScreenerTableSpec) => ({
  columns: table.columns,
  style: table.style,
  pageSizes: table.pageSizes ?? undefined,
  defaultPageSize: table.defaultPageSize,
  defaultSort: table.defaultSort,
});

describe('the companies screener column registry', () => {
  it('generates, without the identity-verification columns, the view migration 1767312000000 froze', () => {
    const before = COMPANY_COLUMN_REGISTRY.filter((c) => !c.sources?.includes('iv'));
    expect(generated(before)).toEqual(frozenView('1767312000000-screener-ratio-columns.ts'));
  });

  it('generates exactly the view of the latest screener migration (the live view)', () => {
    const latest = readdirSync(MIGRATIONS)
      .filter((file) => /^\d{13}-screener-.*\.ts$/.test(file))
      .sort()
      .at(-1)!;
    expect(latest).toMatch(/identity-verification/);
    expect(generated(COMPANY_COLUMN_REGISTRY)).toEqual(frozenView(latest));
  });

  it('puts a fixture column into the view, its sort index and the table columns', () => {
    const sql = companyViewSelect(FIXTURE);
    expect(sql).toContain(`${SECRETARIES.sql} AS secretaries_count`);
    expect(companyViewIndexes(FIXTURE)).toContain(
      'CREATE INDEX screener_companies_secretaries_count_idx ON screener_companies ("secretaries_count", company_number)',
    );
    const columns = FIXTURE.map(columnSpecOf);
    expect(columns.at(-1)).toEqual({
      id: 'secretaries_count',
      label: 'Secretaries',
      kind: 'number',
      format: 'integer',
      sortable: true,
      filterable: true,
      visible: true,
    });
    // The terminal's narrow table: the registry's priority puts it second.
    expect(COMPANY_COLUMN_PRIORITY[0]).toBe('company_name');
    const priority = FIXTURE.filter((c) => c.priority !== undefined).sort((a, b) => a.priority! - b.priority!);
    expect(priority[1].id).toBe('secretaries_count');
  });

  it('lets the API sort and filter on the fixture column, and on nothing outside the registry', () => {
    const table = companiesTable(FIXTURE);
    const request = parseScreenerQuery(
      {
        sort_by: 'secretaries_count',
        sort_order: 'desc',
        filters: JSON.stringify([{ id: 'secretaries_count', value: { type: 'greaterThan', value: 1 } }]),
      },
      queryOptions(table),
    );
    expect(request.sortBy).toBe('secretaries_count');
    const params: unknown[] = [];
    expect(filterSql(request.filters, table.map, params)).toContain('s."secretaries_count"');
    expect(table.map.secretaries_count.integer).toBe(true);
    // The real registry refuses it: the allow-list is the registry.
    const real = companiesTable();
    expect(() => parseScreenerQuery({ sort_by: 'secretaries_count' }, queryOptions(real))).toThrow(/secretaries_count/);
    expect(parseFilterExpression('secretaries_count>2', table.columns).id).toBe('secretaries_count');
  });

  it('lets the natural-language parser read the fixture column by its words', () => {
    const counted = convertQueryToFilters('companies with more than 2 secretaries in Leeds', { columns: FIXTURE });
    expect(counted.filters).toContainEqual({ id: 'secretaries_count', value: { type: 'greaterThan', value: 2 } });
    expect(counted.unplaced).toEqual([]);
    const none = convertQueryToFilters('active companies without a secretary', { columns: FIXTURE });
    expect(none.filters).toContainEqual({ id: 'secretaries_count', value: { type: 'equals', value: 0 } });
    expect(checkColumnFilters(none.filters, FIXTURE.map(columnSpecOf)).ok).toBe(true);
    // Without the fixture the words mean nothing to the parser.
    expect(convertQueryToFilters('companies with more than 2 secretaries').unplaced.length).toBeGreaterThan(0);
  });
});

describe("directors' identity verification in the screener (issue 29 section 2)", () => {
  it('reads "companies with directors whose identity verification is overdue"', () => {
    const result = convertQueryToFilters('companies with directors whose identity verification is overdue');
    expect(result.filters).toEqual([{ id: 'directors_idv_overdue', value: { type: 'greaterThan', value: 0 } }]);
    expect(result.unplaced).toEqual([]);
    expect(result.explanation).toMatch(/verification overdue/i);
  });

  it('reads "companies whose directors have not verified their identity"', () => {
    const result = convertQueryToFilters('companies whose directors have not verified their identity');
    expect(result.filters).toEqual([{ id: 'directors_unverified', value: { type: 'greaterThan', value: 0 } }]);
    expect(result.unplaced).toEqual([]);
  });

  it('reads counts with other conditions: "active companies in London with at least 2 overdue verifications"', () => {
    const result = convertQueryToFilters('active companies in London with at least 2 overdue verifications');
    expect(result.filters).toContainEqual({ id: 'directors_idv_overdue', value: { type: 'greaterThan', value: 1 } });
    expect(result.unplaced).toEqual([]);
  });
});
