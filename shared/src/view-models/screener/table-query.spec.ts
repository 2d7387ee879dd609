import { describe, it } from 'node:test';
import { expect } from 'expect';
import { exportQuery, tableQuery } from './table-query.js';
import { initialTableState } from './table-state.js';

describe('table query', () => {
  const state = {
    ...initialTableState<never>(25, { columnId: 'turnover', order: 'desc' as const }),
    page: 3,
    appliedSearch: 'bank',
    filters: [{ id: 'turnover', type: 'greaterThan' as const, value: 10_000_000 }],
  };

  it('asks for the page with sort, search and the table’s filter shape', () => {
    const query = tableQuery('companies', state as never);
    expect(query).toMatchObject({ page: 3, page_size: 25, sort_by: 'turnover', sort_order: 'desc', global_filter: 'bank' });
    expect(query.filters).toHaveLength(1);
    expect(tableQuery('charges', state as never).filters?.[0]).toHaveProperty('operator');
  });

  it('exports what the filters select, without paging', () => {
    const query = exportQuery('companies', state as never);
    expect(query.page).toBeUndefined();
    expect(query.page_size).toBeUndefined();
    expect(query).toMatchObject({ sort_by: 'turnover', global_filter: 'bank' });
    expect(exportQuery('lenders', { ...state, appliedSearch: '' } as never).global_filter).toBeUndefined();
  });
});
