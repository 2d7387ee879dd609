/**
 * Filter expressions (docs/architecture.md section 5), shared by the CLI and any text filter box:
 *
 *   col~text  col^text  col$text   contains, startsWith, endsWith
 *   col=value                      equals (select columns: is_one_of that value)
 *   col>n  col<n                   greaterThan, lessThan (dates: after, before)
 *   col=a..b                       between (dates: range), inclusive
 *   col=a,b,c  col!=a,b            is_one_of, is_not_one_of
 *   col:empty  col:notEmpty        empty, notEmpty
 *
 * Numbers take k / m / bn suffixes (and a currency symbol: `turnover>£10m`); dates are ISO
 * YYYY-MM-DD (DD/MM/YYYY is read too). A value may be double-quoted ("a, b"), and so may each item
 * of a list; `\"` and `\\` escape inside quotes.
 */
import type { ColumnFilter, ColumnKind, ColumnSpec, FilterScalar, FilterType, OperatorFilter, SortOrder } from './types.js';
import { checkFilter, type NormalisedFilter } from './validate.js';

/** A usage error (CLI exit code 2): the message names what was wrong and lists what is valid. */
export class FilterExpressionError extends Error {
  override name = 'FilterExpressionError';
}

type Operator = '~' | '^' | '$' | '=' | '!=' | '>' | '<' | '..' | ',' | ':empty' | ':notEmpty';

/** The operators each column kind takes, as shown in messages. */
export const EXPRESSION_OPERATORS_BY_KIND: Readonly<Record<ColumnKind, readonly string[]>> = {
  text: ['~ (contains)', '^ (starts with)', '$ (ends with)', '= (equals)', ':empty', ':notEmpty'],
  number: ['> (greater than)', '< (less than)', '= (equals)', '=a..b (between)', ':empty', ':notEmpty'],
  date: ['> (after)', '< (before)', '= (on)', '=a..b (range)', ':empty', ':notEmpty'],
  select: ['= (is one of: =a or =a,b,c)', '!= (is not one of)', ':empty', ':notEmpty'],
  boolean: ['= (true or false)'],
};

const ALLOWED: Readonly<Record<ColumnKind, readonly Operator[]>> = {
  text: ['~', '^', '$', '=', ':empty', ':notEmpty'],
  number: ['>', '<', '=', '..', ':empty', ':notEmpty'],
  date: ['>', '<', '=', '..', ':empty', ':notEmpty'],
  select: ['=', ',', '!=', ':empty', ':notEmpty'],
  boolean: ['='],
};

const COLUMN_ID = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*/;

function validColumns(columns: readonly ColumnSpec[], which: 'filterable' | 'sortable'): string {
  return columns
    .filter((c) => c[which])
    .map((c) => c.id)
    .join(', ');
}

function operatorMessage(column: ColumnSpec, shown: string, expr: string): string {
  return `Operator "${shown}" cannot be used on ${column.id} (a ${column.kind} column) in "${expr}"; valid: ${EXPRESSION_OPERATORS_BY_KIND[column.kind].join(', ')}`;
}

/** Strips one pair of surrounding double quotes, undoing \" and \\ inside. */
function unquote(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(["\\])/g, '$1');
  }
  return trimmed;
}

/** Splits a list on commas outside double quotes; each item unquoted. */
function splitList(text: string): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '\\' && i + 1 < text.length) {
      current += ch + text[++i];
    } else if (ch === '"') {
      quoted = !quoted;
      current += ch;
    } else if (ch === ',' && !quoted) {
      items.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (quoted) throw new FilterExpressionError(`Unclosed quote in "${text}"`);
  items.push(current);
  return items.map(unquote).filter((item) => item !== '');
}

function hasUnquotedComma(text: string): boolean {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    if (quoted && text[i] === '\\') i++;
    else if (text[i] === '"') quoted = !quoted;
    else if (text[i] === ',' && !quoted) return true;
  }
  return false;
}

/** Splits "a..b" on the one ".." outside quotes. */
function splitRange(text: string): [string, string] | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('"')) return null;
  const at = trimmed.indexOf('..');
  if (at < 0 || trimmed.indexOf('..', at + 1) >= 0 || trimmed[at + 2] === '.') return null;
  return [trimmed.slice(0, at), trimmed.slice(at + 2)];
}

function readOperator(rest: string): { op: string; value: string } | null {
  if (rest.startsWith('!=')) return { op: '!=', value: rest.slice(2) };
  if (rest.startsWith('>=') || rest.startsWith('<=') || rest.startsWith('==')) return { op: rest.slice(0, 2), value: rest.slice(2) };
  if (rest.startsWith(':')) return { op: ':', value: rest.slice(1) };
  const op = rest[0];
  if (op && '~^$=><'.includes(op)) return { op, value: rest.slice(1) };
  return null;
}

function toFilter(
  column: ColumnSpec,
  type: FilterType,
  parts: { value?: unknown; valueTo?: unknown; values?: unknown },
  expr: string,
): NormalisedFilter {
  const checked = checkFilter(column.id, type, parts, [column]);
  if (!checked.ok) throw new FilterExpressionError(`${checked.message} (in "${expr}")`);
  const [filter] = checked.filters;
  if (!filter) throw new FilterExpressionError(`${column.id} needs a value in "${expr}"`);
  return filter;
}

/** One expression → a NormalisedFilter, or a FilterExpressionError saying what is wrong and what is valid. */
export function parseFilterExpression(expr: string, columns: readonly ColumnSpec[]): NormalisedFilter {
  const head = COLUMN_ID.exec(expr);
  if (!head)
    throw new FilterExpressionError(
      `A filter is column, operator and value (e.g. turnover>10m) in "${expr}"; valid columns: ${validColumns(columns, 'filterable')}`,
    );
  const id = head[1];
  const column =
    columns.find((c) => c.id === id && c.filterable) ?? columns.find((c) => c.id.toLowerCase() === id.toLowerCase() && c.filterable);
  if (!column)
    throw new FilterExpressionError(`Unknown column "${id}" in "${expr}"; valid columns: ${validColumns(columns, 'filterable')}`);
  const rest = expr.slice(head[0].length);
  const read = readOperator(rest);
  if (!read) throw new FilterExpressionError(operatorMessage(column, rest.trim().slice(0, 2) || '(none)', expr));
  const allowed = ALLOWED[column.kind];
  const { op, value } = read;

  if (op === ':') {
    const word = value.trim().toLowerCase().replace(/[-_ ]/g, '');
    const type: FilterType | null = word === 'empty' ? 'empty' : word === 'notempty' ? 'notEmpty' : null;
    if (!type || !allowed.includes(type === 'empty' ? ':empty' : ':notEmpty'))
      throw new FilterExpressionError(operatorMessage(column, `:${value.trim()}`, expr));
    return { id: column.id, type };
  }
  if (!allowed.includes(op as Operator)) throw new FilterExpressionError(operatorMessage(column, op, expr));
  if (value.trim() === '') throw new FilterExpressionError(`${column.id} needs a value after "${op}" in "${expr}"`);

  switch (op) {
    case '~':
      return toFilter(column, 'contains', { value: unquote(value) }, expr);
    case '^':
      return toFilter(column, 'startsWith', { value: unquote(value) }, expr);
    case '$':
      return toFilter(column, 'endsWith', { value: unquote(value) }, expr);
    case '>':
      return toFilter(column, column.kind === 'date' ? 'after' : 'greaterThan', { value: unquote(value) }, expr);
    case '<':
      return toFilter(column, column.kind === 'date' ? 'before' : 'lessThan', { value: unquote(value) }, expr);
    case '!=':
      return toFilter(column, 'is_not_one_of', { values: splitList(value) }, expr);
    case '=': {
      if (column.kind === 'select') return toFilter(column, 'is_one_of', { values: splitList(value) }, expr);
      if (column.kind === 'number' || column.kind === 'date') {
        const range = splitRange(value);
        if (range) return toFilter(column, column.kind === 'date' ? 'range' : 'between', { value: range[0], valueTo: range[1] }, expr);
        if (hasUnquotedComma(value) && !/^\s*[£€$]?\s*-?\d{1,3}(,\d{3})+(\.\d+)?\s*[a-z]*\s*$/i.test(value)) {
          throw new FilterExpressionError(operatorMessage(column, '=a,b', expr));
        }
      }
      return toFilter(column, 'equals', { value: unquote(value) }, expr);
    }
    default:
      throw new FilterExpressionError(operatorMessage(column, op, expr));
  }
}

function quoteIfNeeded(text: string, special: RegExp): string {
  return special.test(text) || text !== text.trim() || text.startsWith('"') ? `"${text.replace(/(["\\])/g, '\\$1')}"` : text;
}

function scalar(value: FilterScalar | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'number' && /e/i.test(String(value))) {
    // 1e21 and 1e-7 would not read back as amounts: write the digits out.
    return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  }
  return String(value);
}

/** A NormalisedFilter → its expression (parseFilterExpression reads it back to the same filter). */
export function formatFilterExpression(filter: NormalisedFilter): string {
  const { id } = filter;
  const text = (v: FilterScalar | undefined) => quoteIfNeeded(scalar(v), /^$/);
  const list = (values: FilterScalar[] | undefined) => (values ?? []).map((v) => quoteIfNeeded(String(v), /[,"]/)).join(',');
  switch (filter.type) {
    case 'contains':
      return `${id}~${text(filter.value)}`;
    case 'startsWith':
      return `${id}^${text(filter.value)}`;
    case 'endsWith':
      return `${id}$${text(filter.value)}`;
    case 'equals':
      return `${id}=${typeof filter.value === 'string' ? quoteIfNeeded(filter.value, /,|\.\./) : scalar(filter.value)}`;
    case 'greaterThan':
    case 'after':
      return `${id}>${scalar(filter.value)}`;
    case 'lessThan':
    case 'before':
      return `${id}<${scalar(filter.value)}`;
    case 'between':
    case 'range':
      return `${id}=${scalar(filter.value)}..${scalar(filter.valueTo)}`;
    case 'is_one_of':
      return `${id}=${list(filter.values)}`;
    case 'is_not_one_of':
      return `${id}!=${list(filter.values)}`;
    case 'empty':
      return `${id}:empty`;
    case 'notEmpty':
      return `${id}:notEmpty`;
  }
}

/** The companies screener's shape `{id, value: {type, value, valueTo, values}}`. */
export function toColumnFilter(filter: NormalisedFilter): ColumnFilter {
  return {
    id: filter.id,
    value: { type: filter.type, value: filter.value ?? null, valueTo: filter.valueTo ?? null, values: filter.values ?? [] },
  };
}

/** The charges queries' shape `{id, operator, value, valueTo}` (plus `values` for the list types). */
export function toOperatorFilter(filter: NormalisedFilter): OperatorFilter {
  const out: OperatorFilter = { id: filter.id, operator: filter.type, value: filter.value ?? null, valueTo: filter.valueTo ?? null };
  if (filter.values) out.values = filter.values;
  return out;
}

/** "turnover:desc" (or "turnover", ascending) → {sort_by, sort_order}; only sortable columns. */
export function parseSortExpression(expr: string, columns: readonly ColumnSpec[]): { sort_by: string; sort_order: SortOrder } {
  const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*([A-Za-z]+)\s*)?$/.exec(expr);
  const sortable = validColumns(columns, 'sortable');
  if (!match)
    throw new FilterExpressionError(`A sort is column[:asc|:desc] (e.g. turnover:desc), not "${expr}"; sortable columns: ${sortable}`);
  const column = columns.find((c) => c.id === match[1]) ?? columns.find((c) => c.id.toLowerCase() === match[1].toLowerCase());
  if (!column) throw new FilterExpressionError(`Unknown column "${match[1]}" in sort "${expr}"; sortable columns: ${sortable}`);
  if (!column.sortable) throw new FilterExpressionError(`Column "${column.id}" cannot be sorted; sortable columns: ${sortable}`);
  const order = (match[2] ?? 'asc').toLowerCase();
  if (order !== 'asc' && order !== 'desc')
    throw new FilterExpressionError(`Sort order "${match[2]}" in "${expr}" is not valid; valid: asc, desc`);
  return { sort_by: column.id, sort_order: order };
}
