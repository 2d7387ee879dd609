/**
 * Column filters of spec 2 3.15: the companies screener sends `{id, value: {type, value, valueTo,
 * values}}`, the charges queries `{id, operator, value, valueTo}`. One set of filter types and
 * column kinds serves both, the API's validation, the CLI's expression grammar and the web's popup.
 */

export const FILTER_TYPES = [
  'contains',
  'startsWith',
  'endsWith',
  'equals',
  'greaterThan',
  'lessThan',
  'between',
  'is_one_of',
  'is_not_one_of',
  'empty',
  'notEmpty',
  'after',
  'before',
  'range',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export type FilterScalar = string | number | boolean;

/** The value part of a companies-screener filter. */
export interface FilterValue {
  type: FilterType;
  value?: FilterScalar | null;
  valueTo?: FilterScalar | null;
  values?: FilterScalar[];
}

/** Companies screener filter (spec 2 3.15). */
export interface ColumnFilter {
  id: string;
  value: FilterValue;
}

/** Charges, lender and company-aggregation filter (spec 2 3.15, "in the charges query list"). */
export interface OperatorFilter {
  id: string;
  operator: FilterType;
  value?: FilterScalar | null;
  valueTo?: FilterScalar | null;
  /** is_one_of / is_not_one_of lists (an extension: the spec's charges filters carry value only). */
  values?: FilterScalar[];
}

/**
 * text: names and codes; number: amounts, counts, ratios; date: ISO dates; select: a closed or
 * fetched option list (get-unique-column-values); boolean: yes/no flags (charge particulars).
 */
export type ColumnKind = 'text' | 'number' | 'date' | 'select' | 'boolean';

/** Which filter types each column kind accepts (spec 2 section 5, plus the grammar's extras). */
export const FILTER_TYPES_BY_KIND: Readonly<Record<ColumnKind, readonly FilterType[]>> = {
  text: ['contains', 'startsWith', 'endsWith', 'equals', 'empty', 'notEmpty'],
  number: ['greaterThan', 'lessThan', 'between', 'equals', 'empty', 'notEmpty'],
  date: ['equals', 'after', 'before', 'range', 'empty', 'notEmpty'],
  select: ['is_one_of', 'is_not_one_of', 'empty', 'notEmpty'],
  boolean: ['equals'],
};

/** How a value is shown in tables and exports (spec 2 section 9). */
export type ColumnFormat =
  | 'text'
  | 'millions' // financial amounts: divided by 1e6, 2 decimals
  | 'ratio' // 2 decimals
  | 'integer' // counts, employees: 0 decimals
  | 'year' // a year: the number as it is, never 2,025
  | 'date' // ISO in data, en-GB on screen
  | 'boolean'
  | 'list'; // several names (lenders)

export interface ColumnSpec {
  id: string;
  label: string;
  kind: ColumnKind;
  format: ColumnFormat;
  sortable: boolean;
  filterable: boolean;
  /** Shown as a table column by default (false: filter-only or detail columns). */
  visible: boolean;
  /** Closed option lists (select columns whose options are not fetched). */
  options?: readonly string[];
  /** Text cut for display (spec 2 section 9: lenders 50, particulars 100). */
  truncate?: number;
  /** The header where room is short (an 80-column terminal): "Op Profit", "Staff". */
  short?: string;
  /** How a computed column is computed ("Gearing = net debt / net assets × 100. Fallback: ..."): the header's tooltip, the terminal's column list. */
  description?: string;
}

/** Paging and sorting shared by every screener table. */
export type SortOrder = 'asc' | 'desc';
