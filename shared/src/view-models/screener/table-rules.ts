/**
 * Paging and sorting rules every screener table follows (spec 2 2.11, 2.12, sections 4, 5, 9).
 * Pure functions: the view models apply them, views may call them for display.
 */
import type { ColumnSpec, SortOrder } from '../../filters/types.js';

export interface TableSort {
  columnId: string;
  order: SortOrder;
}

/**
 * The sort after a header is chosen: a new column starts descending for numbers and dates (the
 * biggest or latest first) and ascending for text; then the other direction; then no sort.
 * Columns that cannot be sorted leave the sort as it was.
 */
export function nextSort(current: TableSort | null, column: Pick<ColumnSpec, 'id' | 'kind' | 'sortable'>): TableSort | null {
  if (!column.sortable) return current;
  const first: SortOrder = column.kind === 'number' || column.kind === 'date' ? 'desc' : 'asc';
  if (!current || current.columnId !== column.id) return { columnId: column.id, order: first };
  if (current.order === first) return { columnId: column.id, order: first === 'asc' ? 'desc' : 'asc' };
  return null;
}

/** A page kept inside 1..pageCount (a page at or past the end moves to the last page; spec 2 section 4). */
export function clampPage(page: number, pageCount: number): number {
  const whole = Number.isFinite(page) ? Math.trunc(page) : 1;
  return Math.max(1, pageCount > 0 ? Math.min(whole, pageCount) : whole);
}

/**
 * The page a typed page jump goes to: whole numbers are clamped to 1..pageCount (spec 2 2.11);
 * anything else (empty, "2.5", "abc") answers null and the input reverts (spec 2 section 5).
 */
export function parsePageJump(text: string | number, pageCount: number): number | null {
  const trimmed = String(text).trim();
  if (!/^[+-]?\d+$/.test(trimmed)) return null;
  return clampPage(Number(trimmed), Math.max(1, pageCount));
}

export type PaginationItem = number | 'ellipsis';

/** The page buttons: every page when 7 or fewer, else first, last and the current one's neighbours with ellipses. */
export function paginationItems(page: number, pageCount: number): PaginationItem[] {
  if (pageCount <= 0) return [];
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const current = clampPage(page, pageCount);
  if (current <= 4) return [1, 2, 3, 4, 5, 'ellipsis', pageCount];
  if (current >= pageCount - 3) return [1, 'ellipsis', pageCount - 4, pageCount - 3, pageCount - 2, pageCount - 1, pageCount];
  return [1, 'ellipsis', current - 1, current, current + 1, 'ellipsis', pageCount];
}

const grouped = (n: number) => n.toLocaleString('en-GB');

/** "1,234" or, when the total is the planner's estimate, "about 1,234,000". */
export function totalText(total: number, isEstimate: boolean): string {
  return `${isEstimate ? 'about ' : ''}${grouped(total)}`;
}

/** "1 company", "11,934 companies", "about 1,200,000 companies" (an estimate is never singular). */
export function countText(total: number, isEstimate: boolean, singular: string, plural: string): string {
  return `${totalText(total, isEstimate)} ${total === 1 && !isEstimate ? singular : plural}`;
}

/** The rows a page holds: 1-based first and last row numbers (0 and 0 when empty). */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = (Math.max(1, page) - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(from + pageSize - 1, total) };
}

/** "Showing X to Y of N entries" (spec 2 2.12). */
export function showingText(page: number, pageSize: number, total: number, isEstimate = false): string {
  const { from, to } = pageRange(page, pageSize, total);
  return `Showing ${grouped(from)} to ${grouped(to)} of ${totalText(total, isEstimate)} entries`;
}
