import { describe, it } from 'node:test';
import { expect } from 'expect';
import { buildListPlan, fileKindOf } from '../src/commands/list-options.js';
import { describeFailure, EXIT } from '../src/runtime/exit-codes.js';
import { nounFor, TABLES } from '../src/tables.js';

const tty = { json: false, stdoutIsTTY: true };
const pipe = { json: false, stdoutIsTTY: false };

function usage(fn: () => unknown): { code: number; message: string } {
  try {
    fn();
  } catch (error) {
    return describeFailure(error);
  }
  throw new Error('expected a failure');
}

describe('list flags → query', () => {
  it('turns filters into the companies shape and the sort into sort_by / sort_order', () => {
    const plan = buildListPlan(
      TABLES.companies,
      { filter: ['turnover>10m', 'filing_year=2023,2024'], sort: 'turnover:desc', search: ' acme ' },
      tty,
    );
    expect(plan.query).toEqual({
      filters: [
        { id: 'turnover', value: { type: 'greaterThan', value: 10_000_000, valueTo: null, values: [] } },
        { id: 'filing_year', value: { type: 'is_one_of', value: null, valueTo: null, values: ['2023', '2024'] } },
      ],
      global_filter: 'acme',
      sort_by: 'turnover',
      sort_order: 'desc',
      page: 1,
      page_size: 100,
    });
    expect(plan.format).toBe('table');
    expect(plan.all).toBe(false);
  });

  it('uses the operator shape and the tab default sort for the creditors tabs', () => {
    const plan = buildListPlan(TABLES.charges, { filter: ['status=outstanding', 'delivered_on>2024-01-01'] }, tty);
    expect(plan.query.filters).toEqual([
      { id: 'status', operator: 'is_one_of', value: null, valueTo: null, values: ['outstanding'] },
      { id: 'delivered_on', operator: 'after', value: '2024-01-01', valueTo: null },
    ]);
    expect(plan.query).toMatchObject({ sort_by: 'delivered_on', sort_order: 'desc', page_size: 50 });
    expect(buildListPlan(TABLES.lenders, {}, tty).query).toMatchObject({ sort_by: 'total_charges', sort_order: 'desc' });
  });

  it('answers exit 2 naming an unknown filter column and listing the valid ones', () => {
    const failure = usage(() => buildListPlan(TABLES.companies, { filter: ['turnovr>10m'] }, tty));
    expect(failure.code).toBe(EXIT.usage);
    expect(failure.message).toContain('Unknown column "turnovr"');
    expect(failure.message).toContain('turnover, operating_profit');
  });

  it('answers exit 2 for a bad sort, page size, page or column list', () => {
    expect(usage(() => buildListPlan(TABLES.companies, { sort: 'turnover:sideways' }, tty))).toMatchObject({
      code: 2,
      message: expect.stringContaining('valid: asc, desc'),
    });
    expect(usage(() => buildListPlan(TABLES.companies, { pageSize: '30' }, tty))).toMatchObject({
      code: 2,
      message: expect.stringContaining('10, 25, 50, 100'),
    });
    expect(usage(() => buildListPlan(TABLES.lenders, { pageSize: '5000' }, tty))).toMatchObject({
      code: 2,
      message: expect.stringContaining('1 to 1000'),
    });
    expect(usage(() => buildListPlan(TABLES.lenders, { page: '0' }, tty)).code).toBe(2);
    expect(usage(() => buildListPlan(TABLES.lenders, { columns: 'lender_name,nope' }, tty))).toMatchObject({
      code: 2,
      message: expect.stringContaining('Unknown column "nope" in --columns'),
    });
    expect(usage(() => buildListPlan(TABLES.lenders, { all: true, page: '2' }, tty)).code).toBe(2);
  });

  it('keeps the chosen columns in the order given', () => {
    const plan = buildListPlan(TABLES.companies, { columns: 'turnover, company_name' }, tty);
    expect(plan.columns.map((c) => c.id)).toEqual(['turnover', 'company_name']);
    expect(buildListPlan(TABLES.companies, {}, tty).columns.map((c) => c.id)).not.toContain('ticker');
  });

  it('reads the file format from --output and exports every row', () => {
    const plan = buildListPlan(TABLES.companies, { output: 'out/Big.XLSX' }, pipe);
    expect(plan.output).toEqual({ path: 'out/Big.XLSX', kind: 'xlsx' });
    expect(plan.all).toBe(true);
    expect(fileKindOf('rows.jsonl', undefined)).toBe('jsonl');
    expect(fileKindOf('rows.json', undefined)).toBe('json');
    expect(fileKindOf('rows.txt', 'csv')).toBe('csv');
    expect(usage(() => fileKindOf('rows.txt', undefined))).toMatchObject({
      code: 2,
      message: expect.stringContaining('.xlsx, .csv, .json or .jsonl'),
    });
    expect(usage(() => fileKindOf('rows.xlsx', 'csv')).code).toBe(2);
    expect(usage(() => buildListPlan(TABLES.companies, { output: 'x.csv', page: '2' }, pipe)).code).toBe(2);
  });

  it('chooses json for --json and refuses xlsx on a terminal', () => {
    expect(buildListPlan(TABLES.companies, {}, { json: true, stdoutIsTTY: true }).format).toBe('json');
    expect(usage(() => buildListPlan(TABLES.companies, { format: 'xlsx' }, tty))).toMatchObject({
      code: 2,
      message: expect.stringContaining('--output'),
    });
    expect(buildListPlan(TABLES.companies, { format: 'xlsx' }, pipe).all).toBe(true);
    expect(usage(() => buildListPlan(TABLES.companies, { format: 'yaml' }, pipe)).code).toBe(2);
  });

  it('counts in the right number: 1 company, 2 companies, 1 lender', () => {
    expect([
      nounFor(TABLES.companies, 1),
      nounFor(TABLES.chargeCompanies, 2),
      nounFor(TABLES.lenders, 1),
      nounFor(TABLES.charges, 0),
    ]).toEqual(['company', 'companies', 'lender', 'charges']);
  });
});
