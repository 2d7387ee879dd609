import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Brings the screener views of a database made by any earlier release to one definition. Until
 * this migration, 1764028800000 built the views from live code, which changed three times after
 * its release (lender detail views, the search text of each view, the sector and group index), so
 * a database kept the views of the release that created it: `seed` then failed on a missing
 * `search_text` and lender detail answered 500. Every view is dropped and built again from the SQL
 * below (frozen: never read from code that can change); no table row is touched, and the views
 * are filled from the register as they are created.
 *
 * The run-time refresh (refresh-views.ts) reads the same definitions from screener-views.sql.ts;
 * a test checks that a migrated database holds exactly those, so a change there needs a new
 * migration like this one.
 */
const VIEWS: { name: string; select: string; indexes: string[] }[] = [
  {
    name: 'screener_companies',
    select: `
      SELECT c.company_number, c.company_name, c.ticker,
             s.division_description AS industry_group, s.section_description AS industry_sector,
             c.sic_codes[1] AS sic_code,
             fs.currency, fs.fiscal_year AS filing_year,
             fs.turnover::float8 AS turnover, fs.operating_profit::float8 AS operating_profit,
             fs.net_profit_loss::float8 AS net_profit_loss, fs.ebitda::float8 AS "EBITDA",
             fs.total_assets::float8 AS total_assets, fs.total_liabilities::float8 AS total_liabilities,
             fs.net_assets::float8 AS net_asset, fs.cash::float8 AS cash, fs.employees AS employee_count,
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
        LEFT JOIN LATERAL (
          SELECT f.* FROM financial_statements f WHERE f.company_number = c.company_number ORDER BY f.period_end DESC LIMIT 1
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
      `CREATE INDEX screener_companies_sector_group_idx ON screener_companies (industry_sector, industry_group, company_number)`,
      `CREATE INDEX screener_companies_company_name_idx ON screener_companies ("company_name", company_number)`,
      `CREATE INDEX screener_companies_ticker_idx ON screener_companies ("ticker", company_number)`,
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
      `CREATE INDEX screener_companies_employee_count_idx ON screener_companies ("employee_count", company_number)`,
      `CREATE INDEX screener_companies_earnings_per_share_idx ON screener_companies ("earnings_per_share", company_number)`,
      `CREATE INDEX screener_companies_debt_to_equity_ratio_idx ON screener_companies ("debt_to_equity_ratio", company_number)`,
      `CREATE INDEX screener_companies_total_charges_idx ON screener_companies ("total_charges", company_number)`,
      `CREATE INDEX screener_companies_outstanding_idx ON screener_companies ("outstanding", company_number)`,
      `CREATE INDEX screener_companies_fixed_idx ON screener_companies ("fixed", company_number)`,
      `CREATE INDEX screener_companies_floating_idx ON screener_companies ("floating", company_number)`,
      `CREATE INDEX screener_companies_negative_pledge_idx ON screener_companies ("negative_pledge", company_number)`,
      `CREATE INDEX screener_companies_part_satisfied_idx ON screener_companies ("part_satisfied", company_number)`,
    ],
  },
  {
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
      `CREATE INDEX screener_charges_company_name_idx ON screener_charges ("company_name", charge_id)`,
      `CREATE INDEX screener_charges_company_number_idx ON screener_charges ("company_number", charge_id)`,
      `CREATE INDEX screener_charges_status_idx ON screener_charges ("status", charge_id)`,
      `CREATE INDEX screener_charges_delivered_on_idx ON screener_charges ("delivered_on", charge_id)`,
      `CREATE INDEX screener_charges_charge_code_idx ON screener_charges ("charge_code", charge_id)`,
      `CREATE INDEX screener_charges_classification_description_idx ON screener_charges ("classification_description", charge_id)`,
      `CREATE INDEX screener_charges_charge_number_idx ON screener_charges ("charge_number", charge_id)`,
      `CREATE INDEX screener_charges_contains_fixed_charge_idx ON screener_charges ("contains_fixed_charge", charge_id)`,
      `CREATE INDEX screener_charges_contains_floating_charge_idx ON screener_charges ("contains_floating_charge", charge_id)`,
      `CREATE INDEX screener_charges_contains_negative_pledge_idx ON screener_charges ("contains_negative_pledge", charge_id)`,
      `CREATE INDEX screener_charges_created_on_idx ON screener_charges ("created_on", charge_id)`,
      `CREATE INDEX screener_charges_satisfied_on_idx ON screener_charges ("satisfied_on", charge_id)`,
    ],
  },
  {
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
      `CREATE INDEX lender_stats_lender_name_idx ON lender_stats ("lender_name", lender_key)`,
      `CREATE INDEX lender_stats_total_charges_idx ON lender_stats ("total_charges", lender_key)`,
      `CREATE INDEX lender_stats_outstanding_charges_idx ON lender_stats ("outstanding_charges", lender_key)`,
      `CREATE INDEX lender_stats_part_satisfied_charges_idx ON lender_stats ("part_satisfied_charges", lender_key)`,
      `CREATE INDEX lender_stats_companies_count_idx ON lender_stats ("companies_count", lender_key)`,
      `CREATE INDEX lender_stats_floating_charges_idx ON lender_stats ("floating_charges", lender_key)`,
      `CREATE INDEX lender_stats_fixed_charges_idx ON lender_stats ("fixed_charges", lender_key)`,
      `CREATE INDEX lender_stats_negative_pledge_charges_idx ON lender_stats ("negative_pledge_charges", lender_key)`,
    ],
  },
  {
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
      `CREATE INDEX company_charge_stats_company_name_idx ON company_charge_stats ("company_name", company_number)`,
      `CREATE INDEX company_charge_stats_total_charges_idx ON company_charge_stats ("total_charges", company_number)`,
      `CREATE INDEX company_charge_stats_outstanding_charges_idx ON company_charge_stats ("outstanding_charges", company_number)`,
      `CREATE INDEX company_charge_stats_part_satisfied_charges_idx ON company_charge_stats ("part_satisfied_charges", company_number)`,
      `CREATE INDEX company_charge_stats_fixed_charges_idx ON company_charge_stats ("fixed_charges", company_number)`,
      `CREATE INDEX company_charge_stats_floating_charges_idx ON company_charge_stats ("floating_charges", company_number)`,
      `CREATE INDEX company_charge_stats_negative_pledge_charges_idx ON company_charge_stats ("negative_pledge_charges", company_number)`,
      `CREATE INDEX company_charge_stats_latest_charge_date_idx ON company_charge_stats ("latest_charge_date", company_number)`,
      `CREATE INDEX company_charge_stats_unique_lenders_count_idx ON company_charge_stats ("unique_lenders_count", company_number)`,
    ],
  },
  {
    name: 'lender_names',
    select: `
      SELECT lender_key, raw_name, count(DISTINCT charge_id)::int AS charges FROM charge_lenders GROUP BY lender_key, raw_name`,
    indexes: [`CREATE UNIQUE INDEX lender_names_key_idx ON lender_names (lender_key, raw_name)`],
  },
  {
    name: 'lender_years',
    select: `
        SELECT p.lender_key, extract(year FROM coalesce(ch.delivered_on, ch.created_on))::int AS year, count(*)::int AS charges
          FROM (SELECT DISTINCT lender_key, charge_id FROM charge_lenders) p JOIN charges ch ON ch.charge_id = p.charge_id
         WHERE coalesce(ch.delivered_on, ch.created_on) IS NOT NULL
         GROUP BY 1, 2`,
    indexes: [`CREATE UNIQUE INDEX lender_years_key_idx ON lender_years (lender_key, year)`],
  },
  {
    name: 'lender_companies',
    select: `
        SELECT p.lender_key, ch.company_number, count(*)::int AS charges
          FROM (SELECT DISTINCT lender_key, charge_id FROM charge_lenders) p JOIN charges ch ON ch.charge_id = p.charge_id
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
          FROM (SELECT DISTINCT lender_key, charge_id FROM charge_lenders) p JOIN charges ch ON ch.charge_id = p.charge_id`,
    indexes: [
      `CREATE UNIQUE INDEX lender_charges_key_idx ON lender_charges (lender_key, charge_id)`,
      `CREATE INDEX lender_charges_recent_idx ON lender_charges (lender_key, delivered_on DESC NULLS LAST, charge_id DESC)`,
    ],
  },
];

export class ScreenerViewsCurrent1764288000000 implements MigrationInterface {
  name = 'ScreenerViewsCurrent1764288000000';

  async up(q: QueryRunner): Promise<void> {
    for (const view of [...VIEWS].reverse()) await q.query(`DROP MATERIALIZED VIEW IF EXISTS ${view.name}`);
    await q.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    for (const view of VIEWS) {
      await q.query(`CREATE MATERIALIZED VIEW ${view.name} AS ${view.select}`);
      for (const statement of view.indexes) await q.query(statement);
    }
    // Any copy of a view held in an API's memory was read from the old view: count a generation.
    await q.query(
      `INSERT INTO screener_view_generations (view_name, generation) SELECT unnest($1::text[]), 1
       ON CONFLICT (view_name) DO UPDATE SET generation = screener_view_generations.generation + 1, refreshed_at = now()`,
      [VIEWS.map((view) => view.name)],
    );
  }

  async down(): Promise<void> {
    // The earlier definitions differed by release; there is no one state to go back to.
  }
}
