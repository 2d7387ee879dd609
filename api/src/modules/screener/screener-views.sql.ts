/**
 * The screener tables, precomputed from the register as materialized views. Each has a unique
 * key (its tiebreak; REFRESH ... CONCURRENTLY needs one) and a btree on (column, key) per sortable
 * column, which serves both the sort and the keyset condition of a page at any depth.
 */
export interface ScreenerView {
  name: string;
  select: string;
  indexes: string[];
}

const sortIndexes = (view: string, key: string, columns: string[]) =>
  columns.map((column) => `CREATE INDEX ${view}_${column.toLowerCase()}_idx ON ${view} ("${column}", ${key})`);

const COMPANY_SORT_COLUMNS = [
  'company_name',
  'company_status',
  'ticker',
  'post_town',
  'postcode_area',
  'region',
  'incorporation_date',
  'age_years',
  'industry_group',
  'industry_sector',
  'sic_code',
  'currency',
  'filing_year',
  'turnover',
  'operating_profit',
  'net_profit_loss',
  'EBITDA',
  'total_assets',
  'total_liabilities',
  'net_asset',
  'cash',
  'net_debt',
  'gearing',
  'interest_cover',
  'current_ratio',
  'employee_count',
  'earnings_per_share',
  'debt_to_equity_ratio',
  'total_charges',
  'outstanding',
  'fixed',
  'floating',
  'negative_pledge',
  'part_satisfied',
];

/**
 * Companies screener (spec 2 3.14): the latest financial year of each company, its first SIC
 * code's section and division, and its charge counts. A company whose charges are not stored one
 * by one (imported from the register's CSV only) counts the register's own mortgage totals.
 * Credit columns (shared COMPANY_CREDIT_COLUMNS says what each means): status, town, postcode
 * area and its ITL1 region (the postcode_areas table, a copy of shared POSTCODE_AREAS), date of
 * incorporation and age in whole years at the refresh, and the ratios as shared's one definition
 * of each computes them (src/ratios; issue 27): net debt (the accounts' first borrowings line,
 * else total liabilities, less cash), gearing (net debt over positive net assets, in percent),
 * interest cover (operating profit, else EBITDA, over interest payable) and current ratio
 * (current assets over creditors due within one year). Rounded half away from zero as shared
 * rounds. A change here needs a migration with the same SQL frozen in it.
 */
const SCREENER_COMPANIES: ScreenerView = {
  name: 'screener_companies',
  select: `
    SELECT c.company_number, c.company_name, c.company_status, c.ticker,
           c.post_town, pa.area AS postcode_area, pa.region,
           c.incorporation_date, extract(year FROM age(current_date, c.incorporation_date))::int AS age_years,
           s.division_description AS industry_group, s.section_description AS industry_sector,
           c.sic_codes[1] AS sic_code,
           fs.currency, fs.fiscal_year AS filing_year,
           fs.turnover::float8 AS turnover, fs.operating_profit::float8 AS operating_profit,
           fs.net_profit_loss::float8 AS net_profit_loss, fs.ebitda::float8 AS "EBITDA",
           fs.total_assets::float8 AS total_assets, fs.total_liabilities::float8 AS total_liabilities,
           fs.net_assets::float8 AS net_asset, fs.cash::float8 AS cash,
           round(fs.net_debt)::float8 AS net_debt,
           (CASE WHEN fs.net_assets > 0 THEN round(fs.net_debt * 100 / fs.net_assets, 1) END)::float8 AS gearing,
           (CASE WHEN fs.interest_payable > 0 THEN round(coalesce(fs.operating_profit, fs.ebitda) / fs.interest_payable, 2) END)::float8
             AS interest_cover,
           (CASE WHEN fs.creditors_within_one_year > 0 THEN round(fs.current_assets / fs.creditors_within_one_year, 2) END)::float8
             AS current_ratio,
           fs.employees AS employee_count,
           fs.earnings_per_share::float8 AS earnings_per_share, fs.debt_to_equity_ratio::float8 AS debt_to_equity_ratio,
           coalesce(ch.total, c.mortgages_total, 0)::int AS total_charges,
           coalesce(ch.outstanding, c.mortgages_outstanding, 0)::int AS outstanding,
           coalesce(ch.fixed, 0)::int AS fixed,
           coalesce(ch.floating, 0)::int AS floating,
           coalesce(ch.negative_pledge, 0)::int AS negative_pledge,
           coalesce(ch.part_satisfied, c.mortgages_part_satisfied, 0)::int AS part_satisfied,
           fs.document_id, coalesce(fs.page_numbers, '{}'::jsonb) AS page_numbers,
           lower(c.company_name || ' ' || c.company_number) AS search_text
      FROM companies c
      LEFT JOIN sic_codes s ON s.code = c.sic_codes[1]
      LEFT JOIN postcode_areas pa ON pa.area = substring(upper(btrim(c.postcode)) FROM '^([A-Z]{1,2})[0-9]')
      LEFT JOIN LATERAL (
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
      ) fs ON true
      LEFT JOIN (
        SELECT company_number, count(*) AS total,
               count(*) FILTER (WHERE status = 'outstanding') AS outstanding,
               count(*) FILTER (WHERE status = 'part-satisfied') AS part_satisfied,
               count(*) FILTER (WHERE contains_fixed_charge) AS fixed,
               count(*) FILTER (WHERE contains_floating_charge) AS floating,
               count(*) FILTER (WHERE contains_negative_pledge) AS negative_pledge
          FROM charges GROUP BY company_number
      ) ch ON ch.company_number = c.company_number`,
  indexes: [
    `CREATE UNIQUE INDEX screener_companies_key_idx ON screener_companies (company_number)`,
    `CREATE INDEX screener_companies_name_trgm_idx ON screener_companies USING gin (lower(company_name) gin_trgm_ops)`,
    `CREATE INDEX screener_companies_search_trgm_idx ON screener_companies USING gin (search_text gin_trgm_ops)`,
    `CREATE INDEX screener_companies_number_prefix_idx ON screener_companies ((lower(company_number) COLLATE "C"))`,
    // The filters panel narrows by sector and the table is then read by industry group.
    `CREATE INDEX screener_companies_sector_group_idx ON screener_companies (industry_sector, industry_group, company_number)`,
    ...sortIndexes('screener_companies', 'company_number', COMPANY_SORT_COLUMNS),
  ],
};

/** Charges screener (spec 2 3.10): lenders as filed, in the order filed. */
const SCREENER_CHARGES: ScreenerView = {
  name: 'screener_charges',
  select: `
    SELECT ch.charge_id, ch.company_number, c.company_name, ch.status, ch.delivered_on,
           ch.persons_entitled AS lenders, ch.charge_code, ch.classification_description,
           ch.particulars_description, ch.charge_number, ch.contains_fixed_charge,
           ch.contains_floating_charge, ch.contains_negative_pledge, ch.created_on, ch.satisfied_on,
           lower(array_to_string(ch.persons_entitled, ' | ')) AS lenders_text,
           lower(c.company_name || ' ' || ch.company_number || ' ' || array_to_string(ch.persons_entitled, ' | ')) AS search_text
      FROM charges ch JOIN companies c ON c.company_number = ch.company_number`,
  indexes: [
    `CREATE UNIQUE INDEX screener_charges_key_idx ON screener_charges (charge_id)`,
    `CREATE INDEX screener_charges_name_trgm_idx ON screener_charges USING gin (lower(company_name) gin_trgm_ops)`,
    `CREATE INDEX screener_charges_lenders_trgm_idx ON screener_charges USING gin (lenders_text gin_trgm_ops)`,
    `CREATE INDEX screener_charges_search_trgm_idx ON screener_charges USING gin (search_text gin_trgm_ops)`,
    `CREATE INDEX screener_charges_number_prefix_idx ON screener_charges ((lower(company_number) COLLATE "C"))`,
    ...sortIndexes('screener_charges', 'charge_id', [
      'company_name',
      'company_number',
      'status',
      'delivered_on',
      'charge_code',
      'classification_description',
      'charge_number',
      'contains_fixed_charge',
      'contains_floating_charge',
      'contains_negative_pledge',
      'created_on',
      'satisfied_on',
    ]),
  ],
};

/**
 * Creditor overview (spec 2 3.11): one row per normalised lender, named by its most used spelling.
 * A charge that names one lender twice (two spellings) counts once for it.
 */
const LENDER_STATS: ScreenerView = {
  name: 'lender_stats',
  select: `
    WITH pairs AS (SELECT DISTINCT lender_key, charge_id FROM charge_lenders),
    names AS (
      SELECT DISTINCT ON (lender_key) lender_key, raw_name
        FROM (SELECT lender_key, raw_name, count(*) AS uses FROM charge_lenders GROUP BY lender_key, raw_name) n
       ORDER BY lender_key, uses DESC, raw_name
    )
    SELECT p.lender_key, names.raw_name AS lender_name,
           count(*)::int AS total_charges,
           (count(*) FILTER (WHERE ch.status = 'outstanding'))::int AS outstanding_charges,
           (count(*) FILTER (WHERE ch.status = 'part-satisfied'))::int AS part_satisfied_charges,
           (count(*) FILTER (WHERE ch.status IN ('fully-satisfied', 'satisfied')))::int AS satisfied_charges,
           count(DISTINCT ch.company_number)::int AS companies_count,
           (count(*) FILTER (WHERE ch.contains_floating_charge))::int AS floating_charges,
           (count(*) FILTER (WHERE ch.contains_fixed_charge))::int AS fixed_charges,
           (count(*) FILTER (WHERE ch.contains_negative_pledge))::int AS negative_pledge_charges
      FROM pairs p JOIN charges ch ON ch.charge_id = p.charge_id JOIN names ON names.lender_key = p.lender_key
     GROUP BY p.lender_key, names.raw_name`,
  indexes: [
    `CREATE UNIQUE INDEX lender_stats_key_idx ON lender_stats (lender_key)`,
    `CREATE INDEX lender_stats_name_trgm_idx ON lender_stats USING gin (lower(lender_name) gin_trgm_ops)`,
    ...sortIndexes('lender_stats', 'lender_key', [
      'lender_name',
      'total_charges',
      'outstanding_charges',
      'part_satisfied_charges',
      'companies_count',
      'floating_charges',
      'fixed_charges',
      'negative_pledge_charges',
    ]),
  ],
};

/** Company charge aggregation (spec 2 3.13). */
const COMPANY_CHARGE_STATS: ScreenerView = {
  name: 'company_charge_stats',
  select: `
    SELECT ch.company_number, c.company_name,
           count(*)::int AS total_charges,
           (count(*) FILTER (WHERE ch.status = 'outstanding'))::int AS outstanding_charges,
           (count(*) FILTER (WHERE ch.status = 'part-satisfied'))::int AS part_satisfied_charges,
           (count(*) FILTER (WHERE ch.contains_fixed_charge))::int AS fixed_charges,
           (count(*) FILTER (WHERE ch.contains_floating_charge))::int AS floating_charges,
           (count(*) FILTER (WHERE ch.contains_negative_pledge))::int AS negative_pledge_charges,
           max(ch.delivered_on) AS latest_charge_date,
           coalesce(max(u.lenders), 0)::int AS unique_lenders_count,
           lower(c.company_name || ' ' || ch.company_number) AS search_text
      FROM charges ch
      JOIN companies c ON c.company_number = ch.company_number
      LEFT JOIN (
        SELECT x.company_number, count(DISTINCT l.lender_key) AS lenders
          FROM charge_lenders l JOIN charges x ON x.charge_id = l.charge_id GROUP BY x.company_number
      ) u ON u.company_number = ch.company_number
     GROUP BY ch.company_number, c.company_name`,
  indexes: [
    `CREATE UNIQUE INDEX company_charge_stats_key_idx ON company_charge_stats (company_number)`,
    `CREATE INDEX company_charge_stats_name_trgm_idx ON company_charge_stats USING gin (lower(company_name) gin_trgm_ops)`,
    `CREATE INDEX company_charge_stats_search_trgm_idx ON company_charge_stats USING gin (search_text gin_trgm_ops)`,
    `CREATE INDEX company_charge_stats_number_prefix_idx ON company_charge_stats ((lower(company_number) COLLATE "C"))`,
    ...sortIndexes('company_charge_stats', 'company_number', [
      'company_name',
      'total_charges',
      'outstanding_charges',
      'part_satisfied_charges',
      'fixed_charges',
      'floating_charges',
      'negative_pledge_charges',
      'latest_charge_date',
      'unique_lenders_count',
    ]),
  ],
};

/** One row per (lender, charge): a charge naming one lender under two spellings counts once. */
const LENDER_PAIRS = `SELECT DISTINCT lender_key, charge_id FROM charge_lenders`;

/**
 * The parts of a lender's detail (spec 2 3.12) that would otherwise be aggregated over all of a
 * large lender's charges on every call (hundreds of thousands for the big banks): the spellings
 * it was filed under, its charges by year, its companies by number of charges, and its charges
 * in delivery order for the most recent ones.
 */
const LENDER_DETAIL_VIEWS: ScreenerView[] = [
  {
    name: 'lender_names',
    select: `SELECT lender_key, raw_name, count(DISTINCT charge_id)::int AS charges FROM charge_lenders GROUP BY lender_key, raw_name`,
    indexes: [`CREATE UNIQUE INDEX lender_names_key_idx ON lender_names (lender_key, raw_name)`],
  },
  {
    name: 'lender_years',
    select: `
      SELECT p.lender_key, extract(year FROM coalesce(ch.delivered_on, ch.created_on))::int AS year, count(*)::int AS charges
        FROM (${LENDER_PAIRS}) p JOIN charges ch ON ch.charge_id = p.charge_id
       WHERE coalesce(ch.delivered_on, ch.created_on) IS NOT NULL
       GROUP BY 1, 2`,
    indexes: [`CREATE UNIQUE INDEX lender_years_key_idx ON lender_years (lender_key, year)`],
  },
  {
    name: 'lender_companies',
    select: `
      SELECT p.lender_key, ch.company_number, count(*)::int AS charges
        FROM (${LENDER_PAIRS}) p JOIN charges ch ON ch.charge_id = p.charge_id
       GROUP BY 1, 2`,
    indexes: [
      `CREATE UNIQUE INDEX lender_companies_key_idx ON lender_companies (lender_key, company_number)`,
      `CREATE INDEX lender_companies_top_idx ON lender_companies (lender_key, charges DESC, company_number)`,
    ],
  },
  {
    name: 'lender_charges',
    select: `
      SELECT p.lender_key, p.charge_id, ch.delivered_on
        FROM (${LENDER_PAIRS}) p JOIN charges ch ON ch.charge_id = p.charge_id`,
    indexes: [
      `CREATE UNIQUE INDEX lender_charges_key_idx ON lender_charges (lender_key, charge_id)`,
      `CREATE INDEX lender_charges_recent_idx ON lender_charges (lender_key, delivered_on DESC NULLS LAST, charge_id DESC)`,
    ],
  },
];

export const SCREENER_VIEWS: readonly ScreenerView[] = [
  SCREENER_COMPANIES,
  SCREENER_CHARGES,
  LENDER_STATS,
  COMPANY_CHARGE_STATS,
  ...LENDER_DETAIL_VIEWS,
];
