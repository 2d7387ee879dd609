import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import type { CompaniesHouseTable } from '../../contracts/uk-companies.js';
import { pendingClient, settle } from '../testing/fakes.js';
import {
  accountsRows,
  COMPANY_TABLE_TEXTS,
  createCompanyTablesViewModel,
  kpiGrid,
  statementValueKind,
} from './company-tables-view-model.js';
import { filing } from './fixtures.js';
import { groupFilings } from './filings-view-model.js';

const TABLE: CompaniesHouseTable = {
  tableMetadata: { tableName: 'financial_summary', currency: 'GBP', unit: 'units', pageNumber: 7, pdfName: 'DOC9.pdf', tableType: 'AA' },
  dataRows: [
    {
      rowLabel: 'turnover',
      columns: [
        { columnLabel: 'FY2023', value: 1000 },
        { columnLabel: 'FY2024', value: 1200 },
      ],
    },
    { rowLabel: 'employeeCount', columns: [{ columnLabel: 'FY2024', value: 12 }] },
  ],
};

describe('company tables view model (accounts and KPIs, spec 2 2.10)', () => {
  it('loads a table for the open company, keeps it, and loads another when chosen', async () => {
    const { client, callsOf } = pendingClient();
    const model = createCompanyTablesViewModel({ client });
    model.setCompany('00123456');
    model.showKpiTable('financial_summary');
    expect(model.getState().kpi.status).toBe('loading');
    model.showKpiTable('financial_summary');
    expect(callsOf('kpiTable')).toHaveLength(1);
    expect(callsOf('kpiTable')[0].args.slice(0, 2)).toEqual(['00123456', 'financial_summary']);
    callsOf('kpiTable')[0].answer.resolve({ table_data: TABLE, table_unit: 'units' });
    await settle();
    expect(model.getState().kpi).toEqual({ table: 'financial_summary', status: 'ready', data: TABLE, error: null });
    model.showKpiTable('financial_summary');
    expect(callsOf('kpiTable')).toHaveLength(1);
    model.showKpiTable('balance_sheet');
    expect(callsOf('kpiTable')[1].args[1]).toBe('balance_sheet');
  });

  it('says "Failed to fetch financial data" when a table fails, and tries again when asked', async () => {
    const { client, callsOf } = pendingClient();
    const model = createCompanyTablesViewModel({ client });
    model.setCompany('00123456');
    model.showKpiTable('cash_flow');
    callsOf('kpiTable')[0].answer.reject(new ApiError({ status: 500, error: 'boom', call: 'GET /api/get_kpi_values_by_table_name' }));
    await settle();
    expect(model.getState().kpi).toMatchObject({ status: 'error', error: COMPANY_TABLE_TEXTS.failed });
    model.showKpiTable('cash_flow');
    expect(callsOf('kpiTable')).toHaveLength(2);
  });

  it('loads the dates once per company; a failure is an empty list (spec 2 section 8)', async () => {
    const { client, callsOf } = pendingClient();
    const model = createCompanyTablesViewModel({ client });
    model.setCompany('00123456');
    model.loadDates();
    model.loadDates();
    expect(callsOf('companyDates')).toHaveLength(1);
    callsOf('companyDates')[0].answer.reject(new Error('down'));
    await settle();
    expect(model.getState().dates).toEqual({ status: 'ready', data: [] });
    model.setCompany('00000002');
    expect(model.getState().dates.status).toBe('idle');
    model.loadDates();
    const dates = [{ date: '2024-12-31', fiscal_date: 'FY2024', fiscal_year: 2024, document_id: 'D24' }];
    callsOf('companyDates')[1].answer.resolve(dates);
    await settle();
    expect(model.getState().dates.data).toEqual(dates);
  });

  it('ignores an answer for the company before', async () => {
    const { client, callsOf } = pendingClient();
    const model = createCompanyTablesViewModel({ client });
    model.setCompany('00000001');
    model.showKpiTable('key_financials');
    model.setCompany('00000002');
    callsOf('kpiTable')[0].answer.resolve({ table_data: TABLE, table_unit: 'units' });
    await settle();
    expect(model.getState().kpi.status).toBe('idle');
  });
});

describe('kpiGrid', () => {
  it('labels summary rows as the KPI cards do, aligns the years and cites the page', () => {
    expect(kpiGrid(TABLE)).toEqual({
      currency: 'GBP',
      columns: ['FY2023', 'FY2024'],
      rows: [
        { label: 'Revenue', values: [1000, 1200], kind: 'amount' },
        { label: 'Employees', values: [null, 12], kind: 'count' },
      ],
      source: { documentId: 'DOC9', page: 7 },
    });
    expect(kpiGrid({ ...TABLE, dataRows: [] })).toBeNull();
    expect(
      [
        'Average number of employees',
        'Operating margin (%)',
        'Current ratio',
        'Basic earnings per share (pence)',
        'debt_to_equity_ratio',
        'Turnover',
      ].map(statementValueKind),
    ).toEqual(['count', 'ratio', 'ratio', 'ratio', 'ratio', 'amount']);
    expect(kpiGrid({ ...TABLE, tableMetadata: { ...TABLE.tableMetadata, pdfName: null } })!.source).toBeNull();
  });
});

describe('accountsRows', () => {
  it('puts the fiscal year and period end beside each accounts filing', () => {
    const groups = groupFilings(
      {
        accounts: [
          filing({ transaction_id: 'a1', category: 'accounts', date: '2024-09-01', document_id: 'D24', long_description: 'Full accounts' }),
          filing({
            transaction_id: 'a2',
            category: 'accounts',
            date: '2023-09-01',
            document_id: null,
            description_values: { made_up_date: '2022-12-31' },
          }),
        ],
        officers: [filing({ transaction_id: 'o1', category: 'officers', date: '2024-01-01' })],
      },
      new Date('2025-01-01T00:00:00Z'),
    );
    const rows = accountsRows(
      groups.flatMap((g) => g.entries),
      [
        { date: '2023-12-31', fiscal_date: 'FY2023', fiscal_year: 2023, document_id: 'D24' },
        { date: '2022-12-31', fiscal_date: 'FY2022', fiscal_year: 2022, document_id: 'OTHER' },
      ],
    );
    expect(rows.map((r) => [r.entry.filing.transaction_id, r.fiscal, r.periodEnd])).toEqual([
      ['a1', 'FY2023', '2023-12-31'],
      ['a2', 'FY2022', '2022-12-31'],
    ]);
  });
});
