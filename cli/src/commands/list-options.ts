/**
 * The flags of every list command (screener, creditors tabs) → the API query and an output plan.
 * Pure: every mistake is a UsageError (exit 2) naming the flag and what is valid.
 */
import {
  parseFilterExpression,
  parseSortExpression,
  toColumnFilter,
  toOperatorFilter,
  MAX_FILTER_VALUE_LENGTH,
  type ColumnFilter,
  type ColumnSpec,
  type OperatorFilter,
  type ScreenerQuery,
} from '@credence/shared';
import { UsageError } from '../runtime/exit-codes.js';
import type { TableInfo } from '../tables.js';

export const STDOUT_FORMATS = ['table', 'json', 'csv', 'xlsx'] as const;
export type StdoutFormat = (typeof STDOUT_FORMATS)[number];
/** What a file holds: json is one JSON array, jsonl one object per line. */
export type FileKind = 'xlsx' | 'csv' | 'json' | 'jsonl';
const FILE_EXTENSIONS: Record<string, FileKind> = {
  '.xlsx': 'xlsx',
  '.csv': 'csv',
  '.json': 'json',
  '.jsonl': 'jsonl',
  '.ndjson': 'jsonl',
};

export interface ListFlags {
  filter?: string[];
  search?: string;
  sort?: string;
  page?: string;
  pageSize?: string;
  all?: boolean;
  columns?: string;
  format?: string;
  output?: string;
}

export interface ListPlan {
  query: ScreenerQuery<ColumnFilter | OperatorFilter>;
  /** Columns to show (table, page json/csv), in order. */
  columns: readonly ColumnSpec[];
  /** True when --columns chose them. */
  columnsChosen: boolean;
  format: StdoutFormat;
  /** Set with --output: every matching row goes to this file. */
  output: { path: string; kind: FileKind } | null;
  all: boolean;
}

function positiveInteger(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) throw new UsageError(`${flag} takes a whole number from 1, not "${raw}"`);
  return Number(raw);
}

export function fileKindOf(path: string, format: string | undefined): FileKind {
  const match = /(\.[A-Za-z0-9]+)$/.exec(path);
  const fromExtension = match ? FILE_EXTENSIONS[match[1].toLowerCase()] : undefined;
  if (format !== undefined) {
    if (format === 'table')
      throw new UsageError('--format table is for the terminal; with --output use a .xlsx, .csv, .json or .jsonl file');
    if (fromExtension && !(fromExtension === format || (fromExtension === 'jsonl' && format === 'json'))) {
      throw new UsageError(
        `--output ${path} is a ${fromExtension} file but --format says ${format}; drop --format or change the extension`,
      );
    }
    return fromExtension ?? (format as FileKind);
  }
  if (!fromExtension)
    throw new UsageError(`Cannot tell the format of --output ${path}: end it in .xlsx, .csv, .json or .jsonl, or add --format`);
  return fromExtension;
}

export function parseColumnList(raw: string, columns: readonly ColumnSpec[]): ColumnSpec[] {
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (ids.length === 0)
    throw new UsageError(`--columns takes a comma-separated list; valid columns: ${columns.map((c) => c.id).join(', ')}`);
  return ids.map((id) => {
    const column = columns.find((c) => c.id === id) ?? columns.find((c) => c.id.toLowerCase() === id.toLowerCase());
    if (!column) throw new UsageError(`Unknown column "${id}" in --columns; valid columns: ${columns.map((c) => c.id).join(', ')}`);
    return column;
  });
}

export function buildListPlan(info: TableInfo, flags: ListFlags, env: { json: boolean; stdoutIsTTY: boolean }): ListPlan {
  const query: ScreenerQuery<ColumnFilter | OperatorFilter> = {};
  const filters = (flags.filter ?? []).map((expr) => {
    const normalised = parseFilterExpression(expr, info.columns);
    return info.style === 'value' ? toColumnFilter(normalised) : toOperatorFilter(normalised);
  });
  if (filters.length > 0) query.filters = filters;
  if (flags.search !== undefined) {
    const search = flags.search.trim();
    if (search.length > MAX_FILTER_VALUE_LENGTH) throw new UsageError(`--search is at most ${MAX_FILTER_VALUE_LENGTH} characters`);
    if (search !== '') query.global_filter = search;
  }
  Object.assign(
    query,
    flags.sort !== undefined
      ? parseSortExpression(flags.sort, info.columns)
      : { sort_by: info.defaultSort.sortBy, sort_order: info.defaultSort.sortOrder },
  );

  const page = positiveInteger('--page', flags.page);
  const pageSize = positiveInteger('--page-size', flags.pageSize);
  if (pageSize !== undefined) {
    if (info.pageSizes && !info.pageSizes.includes(pageSize))
      throw new UsageError(`--page-size must be one of ${info.pageSizes.join(', ')} for ${info.command}, not ${pageSize}`);
    if (pageSize > info.maxPageSize)
      throw new UsageError(`--page-size must be from 1 to ${info.maxPageSize} for ${info.command}, not ${pageSize}`);
  }
  if (flags.all && page !== undefined) throw new UsageError('--all reads every page: drop --page');
  query.page = page ?? 1;
  query.page_size = pageSize ?? info.defaultPageSize;

  const format = flags.format;
  if (format !== undefined && !(STDOUT_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be one of ${STDOUT_FORMATS.join(', ')}, not "${format}"`);
  }
  let output: ListPlan['output'] = null;
  if (flags.output !== undefined) {
    if (flags.output.trim() === '') throw new UsageError('--output needs a file name, e.g. --output companies.xlsx');
    if (page !== undefined) throw new UsageError('--output writes every matching row: drop --page');
    output = { path: flags.output, kind: fileKindOf(flags.output, format) };
  }
  const chosenFormat: StdoutFormat = (format as StdoutFormat | undefined) ?? (env.json ? 'json' : 'table');
  if (!output && chosenFormat === 'xlsx' && env.stdoutIsTTY) {
    throw new UsageError('--format xlsx is a binary file: add --output FILE.xlsx (or redirect stdout to a file)');
  }
  const columns = flags.columns !== undefined ? parseColumnList(flags.columns, info.columns) : info.columns.filter((c) => c.visible);
  return {
    query,
    columns,
    columnsChosen: flags.columns !== undefined,
    format: chosenFormat,
    output,
    all: flags.all === true || output !== null || (!output && chosenFormat === 'xlsx'),
  };
}
