import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SIC_CODES_2007, SIC_DIVISIONS_2007, SIC_SECTIONS_2007 } from './frozen/sic-codes-2007.js';

/**
 * The four screener tables as materialized views (companies with their latest figures and charge
 * counts, charges with their company and lenders, per-lender and per-company charge statistics),
 * each with an index per sortable column, (column, tiebreak), so that a page in any order and at
 * any depth reads in index order. The SIC list is filled here too: the sectors and industry groups
 * of the companies screener come from it, and an imported register may arrive before any sample.
 *
 * Frozen: this is the SQL the migration ran when it was released (2f9b412). It used to read the
 * views from live code, so databases made by later releases got later definitions from it; the
 * migration 1764288000000 brings every one of them to the same views whatever this one made.
 */
const VIEWS_AS_RELEASED: { name: string; select: string; indexes: string[] }[] = [
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
             fs.document_id, coalesce(fs.page_numbers, '{}'::jsonb) AS page_numbers
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
             ch.contains_floating_charge, ch.contains_negative_pledge, ch.created_on, ch.satisfied_on
        FROM charges ch JOIN companies c ON c.company_number = ch.company_number`,
    indexes: [
      `CREATE UNIQUE INDEX screener_charges_key_idx ON screener_charges (charge_id)`,
      `CREATE INDEX screener_charges_name_trgm_idx ON screener_charges USING gin (lower(company_name) gin_trgm_ops)`,
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
             coalesce(max(u.lenders), 0)::int AS unique_lenders_count
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
];

export class ScreenerViews1764028800000 implements MigrationInterface {
  name = 'ScreenerViews1764028800000';

  async up(q: QueryRunner): Promise<void> {
    const divisionOf = (code: string) => SIC_DIVISIONS_2007[code.slice(0, 2)];
    await q.query(
      `INSERT INTO sic_codes (code, description, section, section_description, division, division_description)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
       ON CONFLICT (code) DO NOTHING`,
      [
        SIC_CODES_2007.map(([code]) => code),
        SIC_CODES_2007.map(([, description]) => description),
        SIC_CODES_2007.map(([code]) => divisionOf(code)[1]),
        SIC_CODES_2007.map(([code]) => SIC_SECTIONS_2007[divisionOf(code)[1]]),
        SIC_CODES_2007.map(([code]) => code.slice(0, 2)),
        SIC_CODES_2007.map(([code]) => divisionOf(code)[0]),
      ],
    );
    for (const view of VIEWS_AS_RELEASED) {
      await q.query(`CREATE MATERIALIZED VIEW ${view.name} AS ${view.select}`);
      for (const statement of view.indexes) await q.query(statement);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const view of [...VIEWS_AS_RELEASED].reverse()) await q.query(`DROP MATERIALIZED VIEW IF EXISTS ${view.name}`);
  }
}
