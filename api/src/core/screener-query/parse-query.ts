/**
 * The query string of every screener list call (spec 2 section 7): page, page_size, sort_by,
 * sort_order, filters (JSON text), global_filter, cursor → a typed ScreenerRequest, or a 400 whose
 * body is `{status: 'error', message, error: message, statusCode: 400}`.
 */
import { BadRequestException } from '@nestjs/common';
import { checkColumnFilters, checkOperatorFilters, type ColumnSpec, type NormalisedFilter, type SortOrder } from '@credence/shared';

export interface ScreenerRequest {
  page: number;
  pageSize: number;
  sortBy: string;
  sortOrder: SortOrder;
  filters: NormalisedFilter[];
  /** Trimmed search-box text, or null when blank. */
  globalFilter: string | null;
  /** The opaque keyset cursor as sent (decode it with the sort: runPage does), or null. */
  cursor: string | null;
}

export interface ScreenerQueryOptions {
  columns: readonly ColumnSpec[];
  /** 'value': the companies screener's `{id, value: {type, ...}}`; 'operator': the charges queries' `{id, operator, ...}`. */
  style: 'value' | 'operator';
  /** The only page sizes allowed (companies: 10, 25, 50, 100); without it 1..maxPageSize. */
  pageSizes?: readonly number[];
  /** Largest page_size when pageSizes is not given (default 1000: option fetches use 1000). */
  maxPageSize?: number;
  defaultPageSize: number;
  defaultSort: { sortBy: string; sortOrder: SortOrder };
}

/** Longest global_filter text. */
export const MAX_GLOBAL_FILTER_LENGTH = 200;

/** The screener routes' error body (spec 2 section 7: `message`), keeping the API's `{error, statusCode}`. */
export function screenerBadRequest(message: string): BadRequestException {
  return new BadRequestException({ status: 'error', message, error: message, statusCode: 400 });
}

function single(raw: Record<string, unknown>, name: string): string | undefined {
  const value = raw[name];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) throw screenerBadRequest(`${name} was given more than once`);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') throw screenerBadRequest(`${name} must be text`);
  return value;
}

function positiveInteger(text: string | undefined, name: string): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  if (!/^\s*\d{1,9}\s*$/.test(text) || Number(text) < 1) throw screenerBadRequest(`${name} must be a whole number of at least 1`);
  return Number(text);
}

/** Reads and checks a screener list query; throws screenerBadRequest naming what is wrong. */
export function parseScreenerQuery(raw: unknown, options: ScreenerQueryOptions): ScreenerRequest {
  const query = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;

  const page = positiveInteger(single(query, 'page'), 'page') ?? 1;

  const pageSize = positiveInteger(single(query, 'page_size'), 'page_size') ?? options.defaultPageSize;
  if (options.pageSizes) {
    if (!options.pageSizes.includes(pageSize)) throw screenerBadRequest(`page_size must be one of ${options.pageSizes.join(', ')}`);
  } else {
    const max = options.maxPageSize ?? 1000;
    if (pageSize > max) throw screenerBadRequest(`page_size must be from 1 to ${max}`);
  }

  const sortable = options.columns.filter((c) => c.sortable).map((c) => c.id);
  const sortByText = single(query, 'sort_by')?.trim();
  const sortBy = sortByText ? sortByText : options.defaultSort.sortBy;
  if (!sortable.includes(sortBy)) {
    throw screenerBadRequest(`sort_by "${sortBy.slice(0, 60)}" is not a sortable column; sortable columns: ${sortable.join(', ')}`);
  }
  const orderText = single(query, 'sort_order')?.trim().toLowerCase();
  let sortOrder: SortOrder;
  if (!orderText) sortOrder = sortByText ? 'asc' : options.defaultSort.sortOrder;
  else if (orderText === 'asc' || orderText === 'desc') sortOrder = orderText;
  else throw screenerBadRequest('sort_order must be asc or desc');

  let filtersInput: unknown = query.filters;
  if (Array.isArray(filtersInput) && filtersInput.length > 0 && filtersInput.every((f) => typeof f === 'string')) {
    if (filtersInput.length > 1) throw screenerBadRequest('filters was given more than once: send one JSON array');
    filtersInput = filtersInput[0];
  }
  if (filtersInput === undefined || filtersInput === null) filtersInput = [];
  const checked =
    options.style === 'value' ? checkColumnFilters(filtersInput, options.columns) : checkOperatorFilters(filtersInput, options.columns);
  if (!checked.ok) throw screenerBadRequest(checked.message);

  const globalText = single(query, 'global_filter')?.trim() ?? '';
  if (globalText.length > MAX_GLOBAL_FILTER_LENGTH)
    throw screenerBadRequest(`global_filter is too long (at most ${MAX_GLOBAL_FILTER_LENGTH} characters)`);

  const cursorText = single(query, 'cursor')?.trim() ?? '';

  return {
    page,
    pageSize,
    sortBy,
    sortOrder,
    filters: checked.filters,
    globalFilter: globalText === '' ? null : globalText,
    cursor: cursorText === '' ? null : cursorText,
  };
}
