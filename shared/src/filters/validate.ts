/**
 * One validation of column filters for the API (both request shapes of spec 2 3.15), the web's and
 * the TUI's filter popups (the alert texts of spec 2 section 5) and the CLI's expressions.
 *
 * Every accepted filter comes out as a NormalisedFilter: numbers as numbers, dates as ISO
 * YYYY-MM-DD, booleans as booleans, select values as strings (canonical option spelling when the
 * column has a closed option list). Filters with empty values are dropped (spec 2 section 5),
 * except empty / notEmpty, which need none.
 */
import { parseAmount } from './amounts.js';
import {
  FILTER_TYPES,
  FILTER_TYPES_BY_KIND,
  type ColumnKind,
  type ColumnSpec,
  type FilterScalar,
  type FilterType,
  type FilterValue,
} from './types.js';

/** A filter in one style-independent form, ready for SQL (api) or for display. */
export interface NormalisedFilter {
  id: string;
  type: FilterType;
  /** Single-value types (contains, equals, greaterThan, after, ...) and the start of between / range. */
  value?: FilterScalar;
  /** The end of between / range (inclusive). */
  valueTo?: FilterScalar;
  /** is_one_of / is_not_one_of. */
  values?: FilterScalar[];
}

export type FilterCheck = { ok: true; filters: NormalisedFilter[] } | { ok: false; message: string };

/** At most this many filters in one request. */
export const MAX_FILTERS = 20;
/** Longest text value (characters) a filter may carry. */
export const MAX_FILTER_VALUE_LENGTH = 200;
/** Most values one is_one_of / is_not_one_of list may carry. */
export const MAX_FILTER_VALUES = 500;
/** Longest `filters` JSON text the API reads. */
export const MAX_FILTERS_JSON_LENGTH = 50_000;

/** The alert texts of spec 2 section 5. */
export const FILTER_MESSAGES = {
  betweenNumbers: 'Please enter valid numbers for between filter',
  value: 'Please enter a filter value',
  selectValue: 'Please select at least one value',
  selectOption: 'Please select at least one option',
  validDate: 'Please enter a valid date in DD/MM/YYYY format',
  validEndDate: 'Please enter a valid end date in DD/MM/YYYY format',
  date: 'Please enter a date in DD/MM/YYYY format',
} as const;

/** Types that need no value. */
const NO_VALUE_TYPES: readonly FilterType[] = ['empty', 'notEmpty'];
const LIST_TYPES: readonly FilterType[] = ['is_one_of', 'is_not_one_of'];
const RANGE_TYPES: readonly FilterType[] = ['between', 'range'];

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function isScalar(value: unknown): value is FilterScalar {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function validCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The popup's date text "DD/MM/YYYY" (also D/M/YYYY) → "YYYY-MM-DD"; null when it is not a real date. */
export function popupDateToIso(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return validCalendarDate(year, month, day) ? iso(year, month, day) : null;
}

/** "YYYY-MM-DD" → "DD/MM/YYYY" for showing a stored filter in a popup; other text unchanged. */
export function isoToPopupDate(text: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : text;
}

/** A filter date: ISO "YYYY-MM-DD" (a time part after it is ignored) or "DD/MM/YYYY" → ISO; null otherwise. */
export function parseFilterDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?\s*$/.exec(value);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    return validCalendarDate(year, month, day) ? iso(year, month, day) : null;
  }
  return popupDateToIso(value);
}

/** A filter number: a finite number, or amount text ("10m", "£1.5bn", "1,200"); null otherwise. */
export function parseFilterNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return typeof value === 'string' ? parseAmount(value) : null;
}

/** true / false, also "true", "yes", "1", 1 and their opposites; null otherwise. */
export function parseFilterBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(text)) return true;
  if (['false', 'no', 'n', '0'].includes(text)) return false;
  return null;
}

function listColumns(columns: readonly ColumnSpec[]): string {
  return columns
    .filter((c) => c.filterable)
    .map((c) => c.id)
    .join(', ');
}

/** The message for a type a column kind does not take. */
export function typeNotAllowedMessage(column: ColumnSpec, type: string): string {
  return `${column.id}: filter type "${type}" is not allowed for a ${column.kind} column; allowed: ${FILTER_TYPES_BY_KIND[column.kind].join(', ')}`;
}

export function unknownColumnMessage(id: string, columns: readonly ColumnSpec[]): string {
  return `Unknown filter column "${id}"; valid columns: ${listColumns(columns)}`;
}

class FilterProblem extends Error {}

function fail(column: ColumnSpec, text: string): never {
  throw new FilterProblem(`${column.id}: ${text}`);
}

function checkText(column: ColumnSpec, value: unknown): string | null {
  if (isBlank(value)) return null;
  if (!isScalar(value)) fail(column, FILTER_MESSAGES.value);
  const text = String(value).trim();
  if (text.length > MAX_FILTER_VALUE_LENGTH) fail(column, `filter value is too long (at most ${MAX_FILTER_VALUE_LENGTH} characters)`);
  return text;
}

function optionValue(column: ColumnSpec, raw: FilterScalar): string {
  const text = String(raw).trim();
  if (text.length > MAX_FILTER_VALUE_LENGTH) fail(column, `filter value is too long (at most ${MAX_FILTER_VALUE_LENGTH} characters)`);
  if (!column.options) return text;
  const option = column.options.find((o) => o.toLowerCase() === text.toLowerCase());
  if (option === undefined) fail(column, `"${text}" is not one of the options (${column.options.join(', ')})`);
  return option;
}

/**
 * One filter's parts → a NormalisedFilter, null when its value is empty (dropped), or a
 * FilterProblem naming the column.
 */
function normalise(column: ColumnSpec, type: FilterType, value: unknown, valueTo: unknown, values: unknown): NormalisedFilter | null {
  const id = column.id;
  if (NO_VALUE_TYPES.includes(type)) return { id, type };

  if (LIST_TYPES.includes(type)) {
    let list: unknown;
    if (values !== undefined && values !== null && !(Array.isArray(values) && values.length === 0)) list = values;
    else if (Array.isArray(value)) list = value;
    else list = isBlank(value) ? [] : [value];
    if (!Array.isArray(list)) fail(column, `${FILTER_MESSAGES.selectValue} (values must be a list)`);
    if (list.length > MAX_FILTER_VALUES) fail(column, `at most ${MAX_FILTER_VALUES} values in one filter`);
    const kept: string[] = [];
    for (const item of list) {
      if (isBlank(item)) continue;
      if (!isScalar(item)) fail(column, `${FILTER_MESSAGES.selectValue} (each value must be text or a number)`);
      const option = optionValue(column, item);
      if (!kept.includes(option)) kept.push(option);
    }
    return kept.length ? { id, type, values: kept } : null;
  }

  switch (column.kind) {
    case 'text': {
      const text = checkText(column, value);
      return text === null ? null : { id, type, value: text };
    }
    case 'number': {
      if (type === 'between') {
        if (isBlank(value) && isBlank(valueTo)) return null;
        const from = parseFilterNumber(value);
        const to = parseFilterNumber(valueTo);
        if (from === null || to === null) fail(column, FILTER_MESSAGES.betweenNumbers);
        return { id, type, value: Math.min(from, to), valueTo: Math.max(from, to) };
      }
      if (isBlank(value)) return null;
      const number = parseFilterNumber(value);
      if (number === null) fail(column, `"${String(value).slice(0, 40)}" is not a number (e.g. 250000, 10m, 1.5bn)`);
      return { id, type, value: number };
    }
    case 'date': {
      if (type === 'range') {
        if (isBlank(value) && isBlank(valueTo)) return null;
        const from = parseFilterDate(value);
        if (from === null) fail(column, FILTER_MESSAGES.validDate);
        const to = parseFilterDate(valueTo);
        if (to === null) fail(column, FILTER_MESSAGES.validEndDate);
        return from <= to ? { id, type, value: from, valueTo: to } : { id, type, value: to, valueTo: from };
      }
      if (isBlank(value)) return null;
      const date = parseFilterDate(value);
      if (date === null) fail(column, FILTER_MESSAGES.validDate);
      return { id, type, value: date };
    }
    case 'boolean': {
      if (isBlank(value)) return null;
      const flag = parseFilterBoolean(value);
      if (flag === null) fail(column, 'value must be true or false');
      return { id, type, value: flag };
    }
    case 'select': {
      // Only the list types reach a select column (FILTER_TYPES_BY_KIND).
      return null;
    }
  }
}

function checkFilterParts(
  raw: Record<string, unknown>,
  type: unknown,
  value: unknown,
  valueTo: unknown,
  values: unknown,
  columns: readonly ColumnSpec[],
): NormalisedFilter | null {
  const id = raw.id;
  if (typeof id !== 'string' || id === '') throw new FilterProblem('Each filter needs an "id" naming its column');
  const column = columns.find((c) => c.id === id && c.filterable);
  if (!column) throw new FilterProblem(unknownColumnMessage(id.slice(0, 60), columns));
  if (
    typeof type !== 'string' ||
    !(FILTER_TYPES as readonly string[]).includes(type) ||
    !FILTER_TYPES_BY_KIND[column.kind].includes(type as FilterType)
  ) {
    throw new FilterProblem(typeNotAllowedMessage(column, typeof type === 'string' ? type.slice(0, 40) : String(type)));
  }
  return normalise(column, type as FilterType, value, valueTo, values);
}

function readList(input: unknown): unknown[] {
  let list = input;
  if (typeof list === 'string') {
    if (list.length > MAX_FILTERS_JSON_LENGTH)
      throw new FilterProblem(`filters is too long (at most ${MAX_FILTERS_JSON_LENGTH} characters)`);
    if (list.trim() === '') return [];
    try {
      list = JSON.parse(list);
    } catch {
      throw new FilterProblem('filters must be a JSON array of filter objects');
    }
  }
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new FilterProblem('filters must be a JSON array of filter objects');
  if (list.length > MAX_FILTERS) throw new FilterProblem(`At most ${MAX_FILTERS} filters at once`);
  for (const item of list) {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw new FilterProblem('filters must be a JSON array of filter objects');
  }
  return list;
}

function check(input: unknown, each: (raw: Record<string, unknown>) => NormalisedFilter | null): FilterCheck {
  try {
    const filters: NormalisedFilter[] = [];
    for (const raw of readList(input)) {
      const filter = each(raw as Record<string, unknown>);
      if (filter) filters.push(filter);
    }
    return { ok: true, filters };
  } catch (error) {
    if (error instanceof FilterProblem) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * The companies screener's filters: `[{id, value: {type, value, valueTo, values}}]` (an array or
 * its JSON text).
 */
export function checkColumnFilters(input: unknown, columns: readonly ColumnSpec[]): FilterCheck {
  return check(input, (raw) => {
    const inner = raw.value;
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) {
      if (typeof raw.id === 'string' && !columns.some((c) => c.id === raw.id && c.filterable)) {
        throw new FilterProblem(unknownColumnMessage(raw.id.slice(0, 60), columns));
      }
      throw new FilterProblem(
        `${typeof raw.id === 'string' ? `${raw.id}: ` : ''}each filter is {id, value: {type, value, valueTo, values}}`,
      );
    }
    const v = inner as Record<string, unknown>;
    return checkFilterParts(raw, v.type, v.value, v.valueTo, v.values, columns);
  });
}

/** The charges, lender and company-aggregation filters: `[{id, operator, value, valueTo, values?}]`. */
export function checkOperatorFilters(input: unknown, columns: readonly ColumnSpec[]): FilterCheck {
  return check(input, (raw) => {
    if (raw.operator === undefined || raw.operator === null) {
      if (typeof raw.id === 'string' && !columns.some((c) => c.id === raw.id && c.filterable)) {
        throw new FilterProblem(unknownColumnMessage(raw.id.slice(0, 60), columns));
      }
      throw new FilterProblem(`${typeof raw.id === 'string' ? `${raw.id}: ` : ''}each filter is {id, operator, value, valueTo}`);
    }
    return checkFilterParts(raw, raw.operator, raw.value, raw.valueTo, raw.values, columns);
  });
}

/** One filter, already split into its parts (CLI, NL parser). Throws nothing: a FilterCheck of one. */
export function checkFilter(
  id: string,
  type: FilterType,
  parts: { value?: unknown; valueTo?: unknown; values?: unknown },
  columns: readonly ColumnSpec[],
): FilterCheck {
  return check([{ id }], (raw) => checkFilterParts(raw, type, parts.value, parts.valueTo, parts.values, columns));
}

/**
 * The popup's alert for a filter about to be applied (spec 2 section 5), or null when it may be
 * applied. Dates are typed DD/MM/YYYY there (convert with popupDateToIso); numbers accept "10m".
 * The companies screener says "Please select at least one value", the creditors screener
 * "Please select at least one option".
 */
export function popupFilterError(column: Pick<ColumnSpec, 'kind'>, value: FilterValue, screen: 'companies' | 'creditors'): string | null {
  const type = value.type;
  if (NO_VALUE_TYPES.includes(type)) return null;
  if (LIST_TYPES.includes(type)) {
    const list = Array.isArray(value.values) ? value.values.filter((v) => !isBlank(v)) : [];
    return list.length ? null : screen === 'companies' ? FILTER_MESSAGES.selectValue : FILTER_MESSAGES.selectOption;
  }
  const kind: ColumnKind = column.kind;
  if (kind === 'date') {
    const check = (text: unknown, invalid: string) =>
      isBlank(text) ? FILTER_MESSAGES.date : (popupDateToIso(text) ?? parseFilterDate(text)) ? null : invalid;
    if (type === 'range')
      return (
        check(value.value, FILTER_MESSAGES.validDate) ??
        (isBlank(value.valueTo) ? FILTER_MESSAGES.validEndDate : check(value.valueTo, FILTER_MESSAGES.validEndDate))
      );
    return check(value.value, FILTER_MESSAGES.validDate);
  }
  if (RANGE_TYPES.includes(type)) {
    return parseFilterNumber(value.value) === null || parseFilterNumber(value.valueTo) === null ? FILTER_MESSAGES.betweenNumbers : null;
  }
  if (isBlank(value.value)) return FILTER_MESSAGES.value;
  if (kind === 'number' && parseFilterNumber(value.value) === null) return FILTER_MESSAGES.value;
  if (kind === 'boolean' && parseFilterBoolean(value.value) === null) return FILTER_MESSAGES.value;
  return null;
}
