/**
 * One definition per screener column (issue 25 section 3): a column of the companies screener is
 * one entry of a registry (company-columns.ts) that says how it is shown (label, unit, format),
 * filtered and sorted (kind, flags), computed (its SQL over the register's tables) and named in
 * plain English (its words and whole-condition phrases). From it derive:
 * - the view's SQL (company-view-sql.ts), frozen into a new migration by `npm run
 *   screener:migration` (migrations never import the registry);
 * - the API's sort and filter allow-list and the distinct-value lists (screener-tables.ts);
 * - the web and terminal table columns and the MCP tool's column list (COMPANY_SCREENER_COLUMNS);
 * - the natural-language parser's vocabulary (natural-language/vocabulary.ts, nlVocabulary()).
 */
import type { ColumnFormat, ColumnKind, ColumnSpec } from './types.js';

/** A comparison a phrase stands for ("profitable": net profit over 0). */
export type NlComparator = 'gt' | 'gte' | 'lt' | 'lte' | 'eq';

/**
 * The tables a column's SQL reads, each joined once when some column needs it (their SQL is in
 * company-view-sql.ts): `c` companies (always), `s` sic_codes, `pa` postcode_areas, `fs` the latest
 * financial statements with their ratio inputs, `ch` charge counts, `iv` directors' identity
 * verification counts.
 */
export type CompanySource = 's' | 'pa' | 'fs' | 'ch' | 'iv';

export interface NlWords {
  /** Words and phrases that name the column's figure ("revenue", "sales"). */
  words?: readonly string[];
  /** Words that name a negative figure by its size ("loss", "net liabilities"). */
  negativeWords?: readonly string[];
  /** A count: "with floating charges" alone means at least one. */
  count?: boolean;
  /** Held in percent: "gearing over 50%" is 50; "over 2" (10 or less, no %) is 200. */
  percent?: boolean;
  /** Whole conditions in one phrase: "profitable" is net profit over 0. Compared with zero. */
  conditions?: Readonly<Record<string, { comparator: NlComparator; label: string }>>;
  /** How the explanation names the column where the label reads badly ("Outstanding charges"). */
  say?: string;
}

export interface ColumnDefinition {
  id: string;
  label: string;
  kind: ColumnKind;
  /** How values are shown and the unit in the header (millions: "£m"). */
  format: ColumnFormat;
  /** The view's select expression for the column, over the sources' aliases. */
  sql: string;
  /** The sources the expression reads besides `c` (companies). */
  sources?: readonly CompanySource[];
  /** Defaults true. */
  sortable?: boolean;
  /** Defaults true. */
  filterable?: boolean;
  /** Shown by default (false: offered in the column chooser and filters only). Defaults true. */
  visible?: boolean;
  options?: readonly string[];
  short?: string;
  description?: string;
  /** The filters panel lists the column's distinct values (get-unique-column-values). */
  listValues?: boolean;
  /** A figure of the accounts, cited to its page of the filing (spec 2 section 9 metrics). */
  cited?: boolean;
  /** Where room is short (an 80-column terminal), the most telling columns first: lower shows earlier; none: left off there. */
  priority?: number;
  /** The natural-language parser's words for it; without them only filter expressions name it. */
  nl?: NlWords;
}

/** The table column of a registry entry: what the web, the terminal and the API's validation read. */
export function columnSpecOf(definition: ColumnDefinition): ColumnSpec {
  const { id, label, kind, format, options, short, description } = definition;
  return {
    id,
    label,
    kind,
    format,
    sortable: definition.sortable ?? true,
    filterable: definition.filterable ?? true,
    visible: definition.visible ?? true,
    ...(options && { options }),
    ...(short && { short }),
    ...(description && { description }),
  };
}

/** Whole numbers in SQL and in memory (counts, years): the API binds their filter values as integers. */
export function isIntegerColumn(column: Pick<ColumnSpec, 'format'>): boolean {
  return column.format === 'integer' || column.format === 'year';
}
