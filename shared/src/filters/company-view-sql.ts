/**
 * The companies screener's materialized view as the column registry defines it (issue 25 section
 * 3): its key, then each column's SQL under its id, then the row's citation and search text, over
 * the sources the columns read. Used by the API's refresh and drift check, and by `npm run
 * screener:migration`, which freezes the text into a new migration (migrations never import this).
 *
 * Sources (credit columns: shared COMPANY_COLUMN_REGISTRY says what each means): the first SIC
 * code's section and division; the postcode area and its ITL1 region (the postcode_areas table, a
 * copy of shared POSTCODE_AREAS); the latest financial statements with the inputs of shared's
 * ratio definitions (src/ratios; issue 27: the first borrowings, interest payable, current assets
 * and creditors-within-one-year lines); charge counts (a company whose charges are not stored one
 * by one counts the register's own mortgage totals); current directors' identity verification
 * (issue 29: as shared identityVerification() reads identity_verification_details).
 */
import type { ColumnDefinition, CompanySource } from './column-registry.js';

export const COMPANY_VIEW = 'screener_companies';
const KEY = 'company_number';

/** Each source's join, in the order the view joins them. */
export const COMPANY_SOURCES: Readonly<Record<CompanySource, string>> = {
  s: `LEFT JOIN sic_codes s ON s.code = c.sic_codes[1]`,
  pa: `LEFT JOIN postcode_areas pa ON pa.area = substring(upper(btrim(c.postcode)) FROM '^([A-Z]{1,2})[0-9]')`,
  fs: `LEFT JOIN LATERAL (
        SELECT f.*, coalesce(l.borrowings, abs(f.total_liabilities)) - f.cash AS net_debt,
               l.interest_payable, l.current_assets, l.creditors_within_one_year
          FROM financial_statements f
          LEFT JOIN LATERAL (
            -- The first line of each key, as shared reads the statements (income statement, then balance sheet).
            SELECT (array_agg(abs(v) ORDER BY s, n) FILTER (WHERE k = 'borrowings'))[1] AS borrowings,
                   (array_agg(abs(v) ORDER BY s, n) FILTER (WHERE k = 'interestPayable'))[1] AS interest_payable,
                   (array_agg(v ORDER BY s, n) FILTER (WHERE k = 'currentAssets'))[1] AS current_assets,
                   (array_agg(abs(v) ORDER BY s, n) FILTER (WHERE k = 'creditorsWithinOneYear'))[1] AS creditors_within_one_year
              FROM (
                SELECT s, n, e->>'key' AS k, (e->>'value')::numeric AS v
                  FROM (VALUES (1, f.income_statement), (2, f.balance_sheet)) st(s, lines),
                       jsonb_array_elements(CASE WHEN jsonb_typeof(st.lines) = 'array' THEN st.lines ELSE '[]'::jsonb END)
                         WITH ORDINALITY x(e, n)
                 WHERE jsonb_typeof(e->'value') = 'number'
                   AND e->>'key' IN ('borrowings', 'interestPayable', 'currentAssets', 'creditorsWithinOneYear')
              ) lines
          ) l ON true
          WHERE f.company_number = c.company_number ORDER BY f.period_end DESC LIMIT 1
      ) fs ON true`,
  ch: `LEFT JOIN (
        SELECT company_number, count(*) AS total,
               count(*) FILTER (WHERE status = 'outstanding') AS outstanding,
               count(*) FILTER (WHERE status = 'part-satisfied') AS part_satisfied,
               count(*) FILTER (WHERE contains_fixed_charge) AS fixed,
               count(*) FILTER (WHERE contains_floating_charge) AS floating,
               count(*) FILTER (WHERE contains_negative_pledge) AS negative_pledge
          FROM charges GROUP BY company_number
      ) ch ON ch.company_number = c.company_number`,
  iv: `LEFT JOIN (
        SELECT company_number,
               count(*) FILTER (WHERE NOT (v.start_on IS NOT NULL AND v.end_on IS NULL)) AS unverified,
               count(*) FILTER (WHERE v.start_on IS NULL AND v.end_on IS NULL AND v.due_on < to_char(current_date, 'YYYY-MM-DD')) AS overdue
          FROM (
            SELECT company_number,
                   nullif(identity_verification ->> 'appointment_verification_start_on', '') AS start_on,
                   nullif(identity_verification ->> 'appointment_verification_end_on', '') AS end_on,
                   nullif(identity_verification ->> 'appointment_verification_statement_due_on', '') AS due_on
              FROM officers
             WHERE resigned_on IS NULL AND jsonb_typeof(identity_verification) = 'object'
          ) v
         WHERE v.start_on IS NOT NULL OR v.end_on IS NOT NULL OR v.due_on IS NOT NULL
         GROUP BY company_number
      ) iv ON iv.company_number = c.company_number`,
};

/** Columns of every row that are no screener column: the figures' citation and the search box's text. */
const ROW_EXTRAS = [
  `fs.document_id`,
  `coalesce(fs.page_numbers, '{}'::jsonb) AS page_numbers`,
  `lower(c.company_name || ' ' || c.company_number) AS search_text`,
];
const EXTRA_SOURCES: readonly CompanySource[] = ['fs'];

/** A column name as SQL writes it: lower-case snake names bare, others ("EBITDA") quoted. */
export function sqlName(id: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(id)) throw new Error(`screener column id "${id}" must be letters, digits and underscores`);
  return /^[a-z_][a-z0-9_]*$/.test(id) ? id : `"${id}"`;
}

function selectItem(column: ColumnDefinition): string {
  const bare = /^\w+\.(\w+)$/.exec(column.sql);
  return bare && bare[1] === column.id ? column.sql : `${column.sql} AS ${sqlName(column.id)}`;
}

/** The view's SELECT: the key first, then the registry's columns in order, then the row extras. */
export function companyViewSelect(columns: readonly ColumnDefinition[]): string {
  const key = columns.find((c) => c.id === KEY);
  if (!key) throw new Error(`the companies registry must hold its key column ${KEY}`);
  const ids = new Set<string>();
  for (const column of columns) {
    if (ids.has(column.id)) throw new Error(`screener column "${column.id}" is defined twice`);
    ids.add(column.id);
  }
  const items = [key, ...columns.filter((c) => c !== key)].map(selectItem);
  const used = new Set<CompanySource>([...EXTRA_SOURCES, ...columns.flatMap((c) => c.sources ?? [])]);
  const joins = (Object.keys(COMPANY_SOURCES) as CompanySource[]).filter((source) => used.has(source)).map((s) => COMPANY_SOURCES[s]);
  return `
    SELECT ${[...items, ...ROW_EXTRAS].join(',\n           ')}
      FROM companies c
      ${joins.join('\n      ')}`;
}

/**
 * The view's indexes: its unique key (REFRESH ... CONCURRENTLY needs one), the search box's
 * trigrams, the number prefix, sector then group, and a btree on (column, key) per sortable
 * column, which serves both the sort and the keyset condition of a page at any depth.
 */
export function companyViewIndexes(columns: readonly ColumnDefinition[]): string[] {
  const v = COMPANY_VIEW;
  return [
    `CREATE UNIQUE INDEX ${v}_key_idx ON ${v} (${KEY})`,
    `CREATE INDEX ${v}_name_trgm_idx ON ${v} USING gin (lower(company_name) gin_trgm_ops)`,
    `CREATE INDEX ${v}_search_trgm_idx ON ${v} USING gin (search_text gin_trgm_ops)`,
    `CREATE INDEX ${v}_number_prefix_idx ON ${v} ((lower(company_number) COLLATE "C"))`,
    // The filters panel narrows by sector and the table is then read by industry group.
    `CREATE INDEX ${v}_sector_group_idx ON ${v} (industry_sector, industry_group, ${KEY})`,
    ...columns
      .filter((c) => (c.sortable ?? true) && c.id !== KEY)
      .map((c) => `CREATE INDEX ${v}_${c.id.toLowerCase()}_idx ON ${v} ("${c.id}", ${KEY})`),
  ];
}
