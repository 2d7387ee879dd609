import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One definition per ratio (issue 27): the companies screener gains interest cover and current
 * ratio, and its net debt and gearing read the accounts' first borrowings line (as the chat and
 * the summary sheet do) and round half away from zero, as shared's ratio definitions
 * (shared/src/ratios) compute them. Frozen SQL: the view and its indexes as screener-views.sql.ts
 * describes them at this release; a test holds this SQL and the shared functions equal on the
 * same company.
 */
const SCREENER_COMPANIES_SELECT = `
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
      ) ch ON ch.company_number = c.company_number`;

const SCREENER_COMPANIES_INDEXES = [
  `CREATE UNIQUE INDEX screener_companies_key_idx ON screener_companies (company_number)`,
  `CREATE INDEX screener_companies_name_trgm_idx ON screener_companies USING gin (lower(company_name) gin_trgm_ops)`,
  `CREATE INDEX screener_companies_search_trgm_idx ON screener_companies USING gin (search_text gin_trgm_ops)`,
  `CREATE INDEX screener_companies_number_prefix_idx ON screener_companies ((lower(company_number) COLLATE "C"))`,
  `CREATE INDEX screener_companies_sector_group_idx ON screener_companies (industry_sector, industry_group, company_number)`,
  `CREATE INDEX screener_companies_company_name_idx ON screener_companies ("company_name", company_number)`,
  `CREATE INDEX screener_companies_company_status_idx ON screener_companies ("company_status", company_number)`,
  `CREATE INDEX screener_companies_ticker_idx ON screener_companies ("ticker", company_number)`,
  `CREATE INDEX screener_companies_post_town_idx ON screener_companies ("post_town", company_number)`,
  `CREATE INDEX screener_companies_postcode_area_idx ON screener_companies ("postcode_area", company_number)`,
  `CREATE INDEX screener_companies_region_idx ON screener_companies ("region", company_number)`,
  `CREATE INDEX screener_companies_incorporation_date_idx ON screener_companies ("incorporation_date", company_number)`,
  `CREATE INDEX screener_companies_age_years_idx ON screener_companies ("age_years", company_number)`,
  `CREATE INDEX screener_companies_industry_group_idx ON screener_companies ("industry_group", company_number)`,
  `CREATE INDEX screener_companies_industry_sector_idx ON screener_companies ("industry_sector", company_number)`,
  `CREATE INDEX screener_companies_sic_code_idx ON screener_companies ("sic_code", company_number)`,
  `CREATE INDEX screener_companies_currency_idx ON screener_companies ("currency", company_number)`,
  `CREATE INDEX screener_companies_filing_year_idx ON screener_companies ("filing_year", company_number)`,
  `CREATE INDEX screener_companies_turnover_idx ON screener_companies ("turnover", company_number)`,
  `CREATE INDEX screener_companies_operating_profit_idx ON screener_companies ("operating_profit", company_number)`,
  `CREATE INDEX screener_companies_net_profit_loss_idx ON screener_companies ("net_profit_loss", company_number)`,
  `CREATE INDEX screener_companies_ebitda_idx ON screener_companies ("EBITDA", company_number)`,
  `CREATE INDEX screener_companies_total_assets_idx ON screener_companies ("total_assets", company_number)`,
  `CREATE INDEX screener_companies_total_liabilities_idx ON screener_companies ("total_liabilities", company_number)`,
  `CREATE INDEX screener_companies_net_asset_idx ON screener_companies ("net_asset", company_number)`,
  `CREATE INDEX screener_companies_cash_idx ON screener_companies ("cash", company_number)`,
  `CREATE INDEX screener_companies_net_debt_idx ON screener_companies ("net_debt", company_number)`,
  `CREATE INDEX screener_companies_gearing_idx ON screener_companies ("gearing", company_number)`,
  `CREATE INDEX screener_companies_interest_cover_idx ON screener_companies ("interest_cover", company_number)`,
  `CREATE INDEX screener_companies_current_ratio_idx ON screener_companies ("current_ratio", company_number)`,
  `CREATE INDEX screener_companies_employee_count_idx ON screener_companies ("employee_count", company_number)`,
  `CREATE INDEX screener_companies_earnings_per_share_idx ON screener_companies ("earnings_per_share", company_number)`,
  `CREATE INDEX screener_companies_debt_to_equity_ratio_idx ON screener_companies ("debt_to_equity_ratio", company_number)`,
  `CREATE INDEX screener_companies_total_charges_idx ON screener_companies ("total_charges", company_number)`,
  `CREATE INDEX screener_companies_outstanding_idx ON screener_companies ("outstanding", company_number)`,
  `CREATE INDEX screener_companies_fixed_idx ON screener_companies ("fixed", company_number)`,
  `CREATE INDEX screener_companies_floating_idx ON screener_companies ("floating", company_number)`,
  `CREATE INDEX screener_companies_negative_pledge_idx ON screener_companies ("negative_pledge", company_number)`,
  `CREATE INDEX screener_companies_part_satisfied_idx ON screener_companies ("part_satisfied", company_number)`,
];

export class ScreenerRatioColumns1767312000000 implements MigrationInterface {
  name = 'ScreenerRatioColumns1767312000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS screener_companies`);
    await q.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    await q.query(`CREATE MATERIALIZED VIEW screener_companies AS ${SCREENER_COMPANIES_SELECT}`);
    for (const statement of SCREENER_COMPANIES_INDEXES) await q.query(statement);
    await q.query(
      `INSERT INTO screener_view_generations (view_name, generation) VALUES ('screener_companies', 1)
       ON CONFLICT (view_name) DO UPDATE SET generation = screener_view_generations.generation + 1, refreshed_at = now()`,
    );
  }

  async down(): Promise<void> {
    // The earlier companies view is 1764374400000's; going back would drop the new columns' data.
  }
}
