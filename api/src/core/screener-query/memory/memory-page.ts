/**
 * One page of an in-memory screener table, with runPage's rules: an exact count, a page number
 * clamped to the last page, a cursor (after / before a row) read at the same cost at any depth,
 * NULLs last in both directions and ties in key order (the row numbers). Answers row numbers;
 * the caller reads those rows' columns from the database.
 */
import type { NormalisedFilter, SortOrder } from '@credence/shared';
import { allowedRanks } from './memory-filters.js';
import type { MemoryColumn, MemoryTable } from './memory-table.js';

export interface MemoryPageRequest {
  filters: readonly NormalisedFilter[];
  sortBy: string;
  sortOrder: SortOrder;
  page: number;
  pageSize: number;
  /** A position from a previous answer: the rows after (or before) this row number. */
  cursor: { direction: 'after' | 'before'; row: number; page: number } | null;
}

export interface MemoryPage {
  /** Row numbers, in list order. */
  rows: number[];
  total: number;
  pageCount: number;
  page: number;
  hasNext: boolean;
  hasPrev: boolean;
}

/** The rows that pass every filter (1) or not (0), and how many pass; null mask: every row. */
export function matchRows(table: MemoryTable, filters: readonly NormalisedFilter[]): { mask: Uint8Array | null; count: number } | null {
  const tests: { column: MemoryColumn; allowed: Uint8Array }[] = [];
  for (const filter of filters) {
    const column = table.columns.get(filter.id);
    if (!column) return null;
    const allowed = allowedRanks(column, filter);
    if (!allowed) return null;
    tests.push({ column, allowed });
  }
  if (tests.length === 0) return { mask: null, count: table.rowCount };
  const mask = new Uint8Array(table.rowCount);
  const [first, ...rest] = tests;
  {
    const { ranks } = first.column;
    const allowed = first.allowed;
    for (let i = 0; i < mask.length; i++) mask[i] = allowed[ranks[i]];
  }
  for (const { column, allowed } of rest) {
    const ranks = column.ranks;
    for (let i = 0; i < mask.length; i++) if (mask[i]) mask[i] = allowed[ranks[i]];
  }
  let count = 0;
  for (let i = 0; i < mask.length; i++) count += mask[i];
  return { mask, count };
}

/**
 * The list's order as positions 0..n-1: ascending is the column's order as is; descending walks
 * the rows with a value backwards, then the NULL rows backwards (key descending), as
 * `ORDER BY s DESC, key DESC` then the NULL branch does.
 */
class Sequence {
  readonly length: number;
  private readonly nonNull: number;

  constructor(
    private readonly column: MemoryColumn,
    private readonly descending: boolean,
  ) {
    this.length = column.ranks.length;
    this.nonNull = column.nonNull;
  }

  at(position: number): number {
    const order = this.column.order!;
    if (!this.descending) return order[position];
    return position < this.nonNull ? order[this.nonNull - 1 - position] : order[this.nonNull + (this.length - 1 - position)];
  }

  /** The position of a row: binary search of (rank, row) in the column's order. */
  positionOf(row: number): number {
    const { ranks } = this.column;
    const order = this.column.order!;
    const rank = ranks[row];
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = order[mid];
      const otherRank = ranks[other];
      if (otherRank < rank || (otherRank === rank && other < row)) lo = mid + 1;
      else hi = mid;
    }
    if (!this.descending) return lo;
    return lo < this.nonNull ? this.nonNull - 1 - lo : this.nonNull + (this.length - 1 - lo);
  }
}

/** Up to `take` matching rows from position `from` on (step +1) or back (step -1), after skipping `skip` matches. */
function walk(sequence: Sequence, mask: Uint8Array | null, from: number, step: 1 | -1, skip: number, take: number): number[] {
  const rows: number[] = [];
  for (let position = from; position >= 0 && position < sequence.length && rows.length < take; position += step) {
    const row = sequence.at(position);
    if (mask && !mask[row]) continue;
    if (skip > 0) skip--;
    else rows.push(row);
  }
  return rows;
}

/** The page, or null when a filter or the sort is not one the table answers in memory. */
export function memoryPage(table: MemoryTable, request: MemoryPageRequest): MemoryPage | null {
  const sortColumn = table.columns.get(request.sortBy);
  if (!sortColumn?.order) return null;
  const matched = matchRows(table, request.filters);
  if (!matched) return null;
  const { mask, count } = matched;
  const pageSize = Math.max(1, Math.floor(request.pageSize));
  const pageCount = Math.ceil(count / pageSize);
  const sequence = new Sequence(sortColumn, request.sortOrder === 'desc');
  const result = (page: number, rows: number[], hasNext: boolean, hasPrev: boolean): MemoryPage => ({
    rows,
    total: count,
    pageCount,
    page,
    hasNext,
    hasPrev,
  });

  const byOffset = (requested: number): MemoryPage => {
    const page = Math.max(1, Math.min(requested, pageCount || 1));
    const rows = walk(sequence, mask, 0, 1, (page - 1) * pageSize, pageSize + 1);
    return result(page, rows.slice(0, pageSize), rows.length > pageSize, page > 1);
  };

  const cursor = request.cursor;
  if (!cursor) return byOffset(request.page);
  const at = sequence.positionOf(cursor.row);
  if (cursor.direction === 'after') {
    const rows = walk(sequence, mask, at + 1, 1, 0, pageSize + 1);
    // Nothing after the cursor any more: the last page.
    if (rows.length === 0) return byOffset(pageCount);
    return result(Math.max(cursor.page, 2), rows.slice(0, pageSize), rows.length > pageSize, true);
  }
  const before = walk(sequence, mask, at - 1, -1, 0, pageSize + 1);
  // Fewer than a page before the cursor: that is the first page; read it whole.
  if (before.length <= pageSize) return byOffset(1);
  return result(Math.max(cursor.page, 2), before.slice(0, pageSize).reverse(), true, true);
}
