import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import type { UsKpiItem } from '../../contracts/us-equity.js';
import { pendingClient, settle, usCompany } from '../testing/fakes.js';
import { createStrategicIndicatorsViewModel, kpiSearchResults, strategicIndicatorsSearch } from './strategic-indicators-view-model.js';
import { createUsCompanySearchViewModel } from './us-company-search-view-model.js';
import { kpiTableNames, prefetchStrategicIndicators, readStrategicIndicatorsAddress } from './strategic-indicators-prefetch.js';

const company = usCompany;
const item = (name: string, table_name: string, category: 'annual' | 'quarterly' = 'annual'): UsKpiItem => ({
  name,
  table_name,
  group_name: 'g',
  row_header_name: name.replace(/_/g, ' '),
  category,
});
const KPIS = [
  item('revenue', 'Income Statement'),
  item('total_assets', 'Balance Sheet'),
  item('revenue', 'Income Statement', 'quarterly'),
  item('gross_margin', 'Margins and Returns', 'quarterly'),
];
const table = (table_name: string, category: string) => ({ table_name, category, table_unit: 'USD', periods: [], table_data: [] });

describe('strategic indicators view model', () => {
  it('opens a company, its KPI list and the first table of the category, then switches category and table', async () => {
    const { client, callsOf } = pendingClient({
      usCompany: company(),
      usKpisList: KPIS,
      usKpiTable: (_cik: string, name: string, category: string) => table(name, category),
    });
    const model = createStrategicIndicatorsViewModel({ client });
    model.open({ cik: '0001001' });
    await settle();
    const s = model.getState();
    expect([s.companyStatus, s.kpisStatus, s.tableStatus, s.tableName]).toEqual(['ready', 'ready', 'ready', 'Income Statement']);
    expect(kpiTableNames(s)).toEqual(['Income Statement', 'Balance Sheet']);
    model.setCategory('quarterly');
    await settle();
    // the quarterly tables have an Income Statement too: it stays
    expect(model.getState().table).toMatchObject({ table_name: 'Income Statement', category: 'quarterly' });
    model.setTable('Balance Sheet');
    // not in the quarterly list: the first quarterly table instead
    expect(model.getState().tableName).toBe('Income Statement');
    model.setKpiQuery('gros margn');
    const found = kpiSearchResults(model.getState());
    expect(found.map((k) => k.name)).toEqual(['gross_margin']);
    model.chooseKpi(found[0]!);
    await settle();
    expect(model.getState()).toMatchObject({ tableName: 'Margins and Returns', kpiName: 'gross_margin', kpiQuery: '' });
    expect(strategicIndicatorsSearch(model.getState())).toBe(
      'cik=1001&category=quarterly&table_name=Margins+and+Returns&kpi_name=gross_margin',
    );
    expect(readStrategicIndicatorsAddress(new URLSearchParams(strategicIndicatorsSearch(model.getState())))).toEqual({
      cik: '1001',
      category: 'quarterly',
      table_name: 'Margins and Returns',
      kpi_name: 'gross_margin',
    });
    expect(callsOf('usCompany')).toHaveLength(1);
  });

  it('shows the quota text on 402, names an unknown CIK, and asks nothing more of a company without data', async () => {
    const quota = pendingClient({
      usCompany: company(),
      usKpisList: () => {
        throw new ApiError({ status: 402, error: 'You have exceeded your quota!', call: 'GET /api/get_kpis_list' });
      },
    });
    const a = createStrategicIndicatorsViewModel({ client: quota.client });
    a.open({ cik: '1001' });
    await settle();
    expect([a.getState().kpisStatus, a.getState().kpisError]).toEqual(['quota', 'You have exceeded your quota!']);
    expect(quota.callsOf('usKpiTable')).toHaveLength(0);

    const missing = pendingClient({
      usCompany: () => {
        throw new ApiError({ status: 404, error: 'No US company', call: 'GET /api/us/company' });
      },
    });
    const b = createStrategicIndicatorsViewModel({ client: missing.client });
    b.open({ cik: '999' });
    await settle();
    expect(b.getState().companyStatus).toBe('missing');
    expect(b.getState().companyError).toMatch(/CIK 999/);

    const none = pendingClient({ usCompany: company({ available: false }), usRequestCompany: { msg: 'Request received' } });
    const c = createStrategicIndicatorsViewModel({ client: none.client });
    c.open({ cik: '1001' });
    await settle();
    expect(none.callsOf('usKpisList')).toHaveLength(0);
    expect(await c.requestCompany()).toEqual({ ok: true, text: 'Request received' });
  });

  it('takes a prefetch started before the page: company, KPI list and then the first table, each asked once', async () => {
    const { client, callsOf } = pendingClient();
    const prefetch = prefetchStrategicIndicators(client, { cik: '0001001' });
    expect(callsOf('usCompany')).toHaveLength(1);
    callsOf('usCompany')[0]!.answer.resolve(company());
    await settle();
    // the list follows the company at once, before any view model exists; the table waits for the list
    expect(callsOf('usKpisList').map((c) => c.args[0])).toEqual(['1001']);
    expect(callsOf('usKpiTable')).toHaveLength(0);
    const model = createStrategicIndicatorsViewModel({ client });
    model.open({ cik: '1001' }, { prefetch });
    await settle();
    expect(model.getState()).toMatchObject({ companyStatus: 'ready', kpisStatus: 'loading' });
    callsOf('usKpisList')[0]!.answer.resolve(KPIS);
    await settle();
    expect(callsOf('usKpiTable').map((c) => c.args.slice(0, 3))).toEqual([['1001', 'Income Statement', 'annual']]);
    callsOf('usKpiTable')[0]!.answer.resolve(table('Income Statement', 'annual'));
    await settle();
    expect(model.getState()).toMatchObject({ tableStatus: 'ready', table: { table_name: 'Income Statement' } });
    expect([callsOf('usCompany').length, callsOf('usKpisList').length, callsOf('usKpiTable').length]).toEqual([1, 1, 1]);

    // the address's table and category when the list has them; another company: asked as usual
    const quarterly = prefetchStrategicIndicators(
      client,
      { cik: '1001', category: 'quarterly', table_name: 'Margins and Returns' },
      company(),
    );
    await settle();
    callsOf('usKpisList')[1]!.answer.resolve(KPIS);
    await settle();
    expect(callsOf('usKpiTable')[1]!.args.slice(0, 3)).toEqual(['1001', 'Margins and Returns', 'quarterly']);
    await quarterly.kpis;
    const other = createStrategicIndicatorsViewModel({ client });
    other.open({ cik: '2002' }, { prefetch });
    expect(callsOf('usCompany').map((c) => c.args[0])).toEqual(['0001001', '2002']);
  });

  it('asks for the table again when the prefetched one is not the one shown or failed', async () => {
    const { client, callsOf } = pendingClient({ usCompany: company(), usKpisList: KPIS });
    const prefetch = prefetchStrategicIndicators(client, { cik: '1001' });
    await settle();
    const model = createStrategicIndicatorsViewModel({ client });
    // the page opened on the quarterly tables meanwhile: the annual table started is not used
    model.open({ cik: '1001', category: 'quarterly' }, { prefetch });
    await settle();
    callsOf('usKpiTable')[0]!.answer.resolve(table('Income Statement', 'annual'));
    await settle();
    expect(callsOf('usKpiTable').map((c) => c.args[2])).toEqual(['annual', 'quarterly']);
    callsOf('usKpiTable')[1]!.answer.resolve(table('Income Statement', 'quarterly'));
    await settle();
    expect(model.getState().table).toMatchObject({ category: 'quarterly' });

    const failed = prefetchStrategicIndicators(client, { cik: '1001' });
    await settle();
    const again = createStrategicIndicatorsViewModel({ client });
    again.open({ cik: '1001' }, { prefetch: failed });
    callsOf('usKpiTable')[2]!.answer.reject(new ApiError({ status: 503, error: 'busy', call: 'GET /api/us/get_kpi_values_by_table_name' }));
    await settle();
    expect(callsOf('usKpiTable')).toHaveLength(4);
    callsOf('usKpiTable')[3]!.answer.resolve(table('Income Statement', 'annual'));
    await settle();
    expect(again.getState()).toMatchObject({ tableStatus: 'ready', tableError: null });
  });

  it('keeps the rules with a prefetch: no KPI list for a company without data, no table after a 402', async () => {
    // the search already holds the company (no company call); it has no data: nothing more is asked
    const none = pendingClient();
    const c = createStrategicIndicatorsViewModel({ client: none.client });
    c.open({ cik: '1652044' }, { company: company({ cik_str: '1652044', available: false }) });
    await settle();
    expect(c.getState()).toMatchObject({ companyStatus: 'ready', kpisStatus: 'idle', tableStatus: 'idle' });
    expect(none.calls).toHaveLength(0);

    const quota = pendingClient({
      usKpisList: () => {
        throw new ApiError({ status: 402, error: 'You have exceeded your quota!', call: 'GET /api/get_kpis_list' });
      },
    });
    const a = createStrategicIndicatorsViewModel({ client: quota.client });
    a.open({ cik: '1001' }, { company: company() });
    await settle();
    expect([a.getState().kpisStatus, a.getState().kpisError, a.getState().table]).toEqual(['quota', 'You have exceeded your quota!', null]);
    expect(quota.calls.map((call) => call.method)).toEqual(['usKpisList']);
  });

  it('searches the company list locally with the fuzzy rule, and says when the list failed', async () => {
    const list = [company(), company({ title: 'Alphabet Inc.', ticker: 'GOOGL', cik_str: '1652044', available: false })];
    const { client } = pendingClient({ usCompanies: list });
    const model = createUsCompanySearchViewModel({ client });
    model.start();
    await settle();
    model.setQuery('alphabet');
    expect(model.getState().results.map((c) => c.ticker)).toEqual(['GOOGL']);
    model.setQuery('acme wigdets');
    expect(model.getState().results.map((c) => c.ticker)).toEqual(['ACME']);
    model.setQuery('1652044');
    expect(model.getState().results.map((c) => c.ticker)).toEqual(['GOOGL']);
    const failing = pendingClient({
      usCompanies: () => {
        throw new ApiError({ status: 500, error: 'x', call: 'GET /api/us/companies' });
      },
    });
    const f = createUsCompanySearchViewModel({ client: failing.client });
    f.start();
    await settle();
    expect([f.getState().status, f.getState().error]).toEqual(['error', 'Failed to load company data.']);
  });
});
