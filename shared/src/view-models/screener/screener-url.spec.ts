import { describe, it } from 'node:test';
import { expect } from 'expect';
import { COMPANY_SCREENER_COLUMNS } from '../../filters/columns.js';
import { createManualScheduler } from '../scheduler.js';
import { pendingClient, settle } from '../testing/fakes.js';
import { createCompaniesScreenerViewModel } from './companies-screener-view-model.js';
import { createCreditorsScreenerViewModel } from '../creditors/creditors-screener-view-model.js';
import {
  addressHistoryMode,
  readCompaniesScreenerAddress,
  readCreditorsScreenerAddress,
  tableAddressState,
  writeCompaniesScreenerAddress,
  writeCreditorsScreenerAddress,
  type TableAddressState,
} from './screener-url.js';

const SIZES = [10, 25, 50, 100];
const DEFAULTS: TableAddressState = { page: 1, pageSize: 100, sort: null, filters: [], search: '' };
const read = (query: string, defaults = DEFAULTS) =>
  readCompaniesScreenerAddress(new URLSearchParams(query), COMPANY_SCREENER_COLUMNS, defaults, SIZES);

describe('screener address', () => {
  it('leaves the defaults out, so the plain address is the default view', () => {
    expect(writeCompaniesScreenerAddress({ ...DEFAULTS, naturalQuery: '  ' }, DEFAULTS).toString()).toBe('');
    expect(read('')).toEqual({ ...DEFAULTS, naturalQuery: '' });
  });

  it('writes filters as expressions, sort, page, size, search and the query, and reads them back the same', () => {
    const state = {
      naturalQuery: 'software companies in London',
      search: 'acme ltd',
      filters: [
        { id: 'turnover', type: 'greaterThan' as const, value: 10_000_000 },
        { id: 'industry_sector', type: 'is_one_of' as const, values: ['Manufacturing', 'Information, communication'] },
      ],
      sort: { columnId: 'turnover', order: 'desc' as const },
      page: 3,
      pageSize: 25,
    };
    const params = writeCompaniesScreenerAddress(state, DEFAULTS);
    expect(params.getAll('filter')).toEqual(['turnover>10000000', 'industry_sector=Manufacturing,"Information, communication"']);
    expect(params.get('sort')).toBe('turnover:desc');
    expect(params.get('q')).toBe('software companies in London');
    expect(read(params.toString())).toEqual(state);
  });

  it('says "none" where the defaults have a sort or filters the user removed', () => {
    const defaults: TableAddressState = {
      ...DEFAULTS,
      sort: { columnId: 'turnover', order: 'desc' },
      filters: [{ id: 'turnover', type: 'greaterThan', value: 1 }],
    };
    const params = writeCompaniesScreenerAddress({ ...DEFAULTS, naturalQuery: '' }, defaults);
    expect(params.toString()).toBe('filter=&sort=none');
    expect(read(params.toString(), defaults)).toMatchObject({ sort: null, filters: [] });
    expect(read('', defaults)).toMatchObject({ sort: defaults.sort, filters: defaults.filters });
  });

  it('drops what a hand-edited address gets wrong instead of failing', () => {
    expect(read('filter=nonsense>1&filter=turnover>abc&filter=employee_count>5&sort=shoe:up&size=7&page=-2')).toEqual({
      ...DEFAULTS,
      naturalQuery: '',
      filters: [{ id: 'employee_count', type: 'greaterThan', value: 5 }],
    });
    expect(read('filter=turnover>1m&filter=turnover<5m').filters).toEqual([{ id: 'turnover', type: 'lessThan', value: 5_000_000 }]);
  });

  it('keeps the creditors tab; the default tab is left out', () => {
    const defaults = {
      lenders: { ...DEFAULTS, pageSize: 50, sort: { columnId: 'total_charges', order: 'desc' as const } },
      charges: { ...DEFAULTS, pageSize: 50, sort: { columnId: 'delivered_on', order: 'desc' as const } },
      chargeCompanies: { ...DEFAULTS, pageSize: 50, sort: { columnId: 'total_charges', order: 'desc' as const } },
    };
    const params = writeCreditorsScreenerAddress(
      {
        tab: 'charges',
        table: { ...defaults.charges, search: 'bank', filters: [{ id: 'status', type: 'is_one_of', values: ['outstanding'] }] },
      },
      defaults,
    );
    expect(params.toString()).toBe('tab=charges&search=bank&filter=status%3Doutstanding');
    expect(readCreditorsScreenerAddress(params, defaults, SIZES)).toEqual({
      tab: 'charges',
      table: { ...defaults.charges, search: 'bank', filters: [{ id: 'status', type: 'is_one_of', values: ['outstanding'] }] },
    });
    expect(writeCreditorsScreenerAddress({ tab: 'lenders', table: defaults.lenders }, defaults).toString()).toBe('');
    expect(readCreditorsScreenerAddress(new URLSearchParams('tab=bogus'), defaults, SIZES).tab).toBe('lenders');
  });

  it('replaces the history entry for typing and pushes one for everything else', () => {
    const mode = (a: string, b: string) => addressHistoryMode(new URLSearchParams(a), new URLSearchParams(b));
    expect(mode('search=ac', 'search=acme')).toBe('replace');
    expect(mode('filter=turnover>1&q=big', 'filter=turnover>1&q=big%20ones')).toBe('replace');
    expect(mode('search=acme', 'search=acme&page=2')).toBe('push');
    expect(mode('q=big', 'q=big&filter=turnover>1')).toBe('push');
    expect(mode('', 'tab=charges')).toBe('push');
  });
});

describe('restoring an address into the view models', () => {
  it('writes the search the rows answer: typing changes the address only once it is applied', () => {
    const clock = createManualScheduler();
    const model = createCompaniesScreenerViewModel({ client: pendingClient().client, scheduler: clock });
    const defaults = tableAddressState(model.getState());
    model.start();
    model.setSearch('acm');
    expect(tableAddressState(model.getState()).search).toBe('');
    clock.advance(300);
    expect(writeCompaniesScreenerAddress({ ...tableAddressState(model.getState()), naturalQuery: '' }, defaults).toString()).toBe(
      'search=acm',
    );
  });

  it('companies: the query bar text and the table come back with one load', async () => {
    const clock = createManualScheduler();
    const fake = pendingClient();
    const model = createCompaniesScreenerViewModel({ client: fake.client, scheduler: clock });
    const defaults = tableAddressState(model.getState());
    model.restoreAddress(read('q=big%20builders&filter=turnover>10m&sort=turnover:desc&page=2&size=25&search=ltd', defaults));
    expect(fake.callsOf('list')).toHaveLength(0);
    model.start();
    expect(fake.callsOf('list')).toHaveLength(1);
    expect(fake.callsOf('list')[0].args[1]).toMatchObject({
      page: 2,
      page_size: 25,
      sort_by: 'turnover',
      sort_order: 'desc',
      global_filter: 'ltd',
      filters: [{ id: 'turnover', value: { type: 'greaterThan', value: 10_000_000 } }],
    });
    expect(model.getState().naturalQuery.text).toBe('big builders');
    // Back to the plain address: everything back to the defaults, one more load
    fake.callsOf('list')[0].answer.resolve({ status: 'success', data: { companies: [], total_count: 0, page_count: 0 } });
    await settle();
    model.restoreAddress(read('', defaults));
    expect(fake.callsOf('list')).toHaveLength(2);
    expect(fake.callsOf('list')[1].args[1]).toMatchObject({ page: 1, page_size: 100, filters: [], global_filter: undefined });
    expect(
      writeCompaniesScreenerAddress(
        { ...tableAddressState(model.getState()), naturalQuery: model.getState().naturalQuery.text },
        defaults,
      ).toString(),
    ).toBe('');
  });

  it('creditors: opens the tab of the address and loads it with its filters once', () => {
    const fake = pendingClient();
    const model = createCreditorsScreenerViewModel({ client: fake.client, scheduler: createManualScheduler() });
    const state = model.getState();
    const defaults = {
      lenders: tableAddressState(state.tabs.lenders),
      charges: tableAddressState(state.tabs.charges),
      chargeCompanies: tableAddressState(state.tabs.chargeCompanies),
    };
    model.start();
    model.restoreAddress(readCreditorsScreenerAddress(new URLSearchParams('tab=chargeCompanies&search=acme&page=2'), defaults, SIZES));
    expect(model.getState().activeTab).toBe('chargeCompanies');
    const companies = fake.callsOf('list').filter((c) => c.args[0] === 'chargeCompanies');
    expect(companies).toHaveLength(1);
    expect(companies[0].args[1]).toMatchObject({ page: 2, global_filter: 'acme', sort_by: 'total_charges' });
  });
});
