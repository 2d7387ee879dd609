/**
 * The query a table state stands for: what the list call sends (with its page) and what an export
 * sends (every matching row: the same filters, sort and search, no paging).
 */
import type { ScreenerFilterShapes, ScreenerTable } from '../../client/api-client.js';
import type { ScreenerQuery } from '../../contracts/screeners.js';
import { toColumnFilter, toOperatorFilter } from '../../filters/expression.js';
import type { NormalisedFilter } from '../../filters/validate.js';
import type { TableState } from './table-state.js';

type QueryState = Pick<TableState<unknown>, 'page' | 'pageSize' | 'sort' | 'filters' | 'appliedSearch'>;

/** One page of the table as the list call asks for it (companies: column filters; creditors: operator filters). */
export function tableQuery<T extends ScreenerTable>(table: T, state: QueryState): ScreenerQuery<ScreenerFilterShapes[T]> {
  const toShape = (filter: NormalisedFilter) => (table === 'companies' ? toColumnFilter(filter) : toOperatorFilter(filter));
  return {
    page: state.page,
    page_size: state.pageSize,
    sort_by: state.sort?.columnId,
    sort_order: state.sort?.order,
    filters: state.filters.map(toShape) as ScreenerFilterShapes[T][],
    global_filter: state.appliedSearch || undefined,
  };
}

/** What the rows on screen were selected by, without paging: the Export button's query. */
export function exportQuery<T extends ScreenerTable>(table: T, state: QueryState): ScreenerQuery<ScreenerFilterShapes[T]> {
  const { page: _page, page_size: _size, ...rest } = tableQuery(table, state);
  return rest;
}
