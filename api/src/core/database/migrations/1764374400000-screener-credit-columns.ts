import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The companies screener gains the columns credit work needs (issue 13): status, town, postcode
 * area and ITL1 region, incorporation date and age, net debt and gearing. Frozen SQL: the view and
 * its indexes as screener-views.sql.ts describes them at this release, and the postcode areas as
 * shared POSTCODE_AREAS lists them (a test holds the table and the list equal).
 *
 * Also `derived_versions`: the version of the rule each derived column was computed by. Lender
 * keys (charge_lenders.lender_key) were computed by lenderKey() version 1, which did not merge
 * NatWest with National Westminster Bank and the like; the next refresh of the derived tables
 * finds no version 2 recorded and recomputes them, and this migration records that a refresh is
 * owed wherever there are charges, so that the server's start says so.
 */
const POSTCODE_AREAS = `
  INSERT INTO postcode_areas (area, town, region) VALUES
       ('AB', 'Aberdeen', 'Scotland'), ('AL', 'St Albans', 'East of England'), ('B', 'Birmingham', 'West Midlands'),
       ('BA', 'Bath', 'South West'), ('BB', 'Blackburn', 'North West'), ('BD', 'Bradford', 'Yorkshire and The Humber'),
       ('BH', 'Bournemouth', 'South West'), ('BL', 'Bolton', 'North West'), ('BN', 'Brighton', 'South East'),
       ('BR', 'Bromley', 'London'), ('BS', 'Bristol', 'South West'), ('BT', 'Belfast', 'Northern Ireland'),
       ('CA', 'Carlisle', 'North West'), ('CB', 'Cambridge', 'East of England'), ('CF', 'Cardiff', 'Wales'),
       ('CH', 'Chester', 'North West'), ('CM', 'Chelmsford', 'East of England'), ('CO', 'Colchester', 'East of England'),
       ('CR', 'Croydon', 'London'), ('CT', 'Canterbury', 'South East'), ('CV', 'Coventry', 'West Midlands'),
       ('CW', 'Crewe', 'North West'), ('DA', 'Dartford', 'South East'), ('DD', 'Dundee', 'Scotland'),
       ('DE', 'Derby', 'East Midlands'), ('DG', 'Dumfries', 'Scotland'), ('DH', 'Durham', 'North East'),
       ('DL', 'Darlington', 'North East'), ('DN', 'Doncaster', 'Yorkshire and The Humber'), ('DT', 'Dorchester', 'South West'),
       ('DY', 'Dudley', 'West Midlands'), ('E', 'London', 'London'), ('EC', 'London', 'London'), ('EH', 'Edinburgh', 'Scotland'),
       ('EN', 'Enfield', 'London'), ('EX', 'Exeter', 'South West'), ('FK', 'Falkirk', 'Scotland'),
       ('FY', 'Blackpool', 'North West'), ('G', 'Glasgow', 'Scotland'), ('GL', 'Gloucester', 'South West'),
       ('GU', 'Guildford', 'South East'), ('HA', 'Harrow', 'London'), ('HD', 'Huddersfield', 'Yorkshire and The Humber'),
       ('HG', 'Harrogate', 'Yorkshire and The Humber'), ('HP', 'Hemel Hempstead', 'South East'),
       ('HR', 'Hereford', 'West Midlands'), ('HS', 'Outer Hebrides', 'Scotland'), ('HU', 'Hull', 'Yorkshire and The Humber'),
       ('HX', 'Halifax', 'Yorkshire and The Humber'), ('IG', 'Ilford', 'London'), ('IP', 'Ipswich', 'East of England'),
       ('IV', 'Inverness', 'Scotland'), ('KA', 'Kilmarnock', 'Scotland'), ('KT', 'Kingston upon Thames', 'South East'),
       ('KW', 'Kirkwall', 'Scotland'), ('KY', 'Kirkcaldy', 'Scotland'), ('L', 'Liverpool', 'North West'),
       ('LA', 'Lancaster', 'North West'), ('LD', 'Llandrindod Wells', 'Wales'), ('LE', 'Leicester', 'East Midlands'),
       ('LL', 'Llandudno', 'Wales'), ('LN', 'Lincoln', 'East Midlands'), ('LS', 'Leeds', 'Yorkshire and The Humber'),
       ('LU', 'Luton', 'East of England'), ('M', 'Manchester', 'North West'), ('ME', 'Rochester', 'South East'),
       ('MK', 'Milton Keynes', 'South East'), ('ML', 'Motherwell', 'Scotland'), ('N', 'London', 'London'),
       ('NE', 'Newcastle upon Tyne', 'North East'), ('NG', 'Nottingham', 'East Midlands'),
       ('NN', 'Northampton', 'East Midlands'), ('NP', 'Newport', 'Wales'), ('NR', 'Norwich', 'East of England'),
       ('NW', 'London', 'London'), ('OL', 'Oldham', 'North West'), ('OX', 'Oxford', 'South East'), ('PA', 'Paisley', 'Scotland'),
       ('PE', 'Peterborough', 'East of England'), ('PH', 'Perth', 'Scotland'), ('PL', 'Plymouth', 'South West'),
       ('PO', 'Portsmouth', 'South East'), ('PR', 'Preston', 'North West'), ('RG', 'Reading', 'South East'),
       ('RH', 'Redhill', 'South East'), ('RM', 'Romford', 'London'), ('S', 'Sheffield', 'Yorkshire and The Humber'),
       ('SA', 'Swansea', 'Wales'), ('SE', 'London', 'London'), ('SG', 'Stevenage', 'East of England'),
       ('SK', 'Stockport', 'North West'), ('SL', 'Slough', 'South East'), ('SM', 'Sutton', 'London'),
       ('SN', 'Swindon', 'South West'), ('SO', 'Southampton', 'South East'), ('SP', 'Salisbury', 'South West'),
       ('SR', 'Sunderland', 'North East'), ('SS', 'Southend-on-Sea', 'East of England'),
       ('ST', 'Stoke-on-Trent', 'West Midlands'), ('SW', 'London', 'London'), ('SY', 'Shrewsbury', 'West Midlands'),
       ('TA', 'Taunton', 'South West'), ('TD', 'Galashiels', 'Scotland'), ('TF', 'Telford', 'West Midlands'),
       ('TN', 'Tonbridge', 'South East'), ('TQ', 'Torquay', 'South West'), ('TR', 'Truro', 'South West'),
       ('TS', 'Cleveland', 'North East'), ('TW', 'Twickenham', 'London'), ('UB', 'Southall', 'London'),
       ('W', 'London', 'London'), ('WA', 'Warrington', 'North West'), ('WC', 'London', 'London'),
       ('WD', 'Watford', 'East of England'), ('WF', 'Wakefield', 'Yorkshire and The Humber'), ('WN', 'Wigan', 'North West'),
       ('WR', 'Worcester', 'West Midlands'), ('WS', 'Walsall', 'West Midlands'), ('WV', 'Wolverhampton', 'West Midlands'),
       ('YO', 'York', 'Yorkshire and The Humber'), ('ZE', 'Lerwick', 'Scotland')`;

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
             fs.net_debt::float8 AS net_debt,
             (CASE WHEN fs.net_assets > 0 THEN round(fs.net_debt * 100 / fs.net_assets, 1) END)::float8 AS gearing,
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
          SELECT f.*,
                 coalesce(
                   (SELECT sum(abs((l->>'value')::numeric)) FROM jsonb_array_elements(f.balance_sheet) l
                     WHERE l->>'key' = 'borrowings' AND jsonb_typeof(l->'value') = 'number'),
                   f.total_liabilities
                 ) - f.cash AS net_debt
            FROM financial_statements f WHERE f.company_number = c.company_number ORDER BY f.period_end DESC LIMIT 1
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

export class ScreenerCreditColumns1764374400000 implements MigrationInterface {
  name = 'ScreenerCreditColumns1764374400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE postcode_areas (area text PRIMARY KEY, town text NOT NULL, region text NOT NULL)`);
    await q.query(POSTCODE_AREAS);
    await q.query(`CREATE TABLE derived_versions (name text PRIMARY KEY, version integer NOT NULL)`);
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS screener_companies`);
    await q.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    await q.query(`CREATE MATERIALIZED VIEW screener_companies AS ${SCREENER_COMPANIES_SELECT}`);
    for (const statement of SCREENER_COMPANIES_INDEXES) await q.query(statement);
    await q.query(
      `INSERT INTO screener_view_generations (view_name, generation) VALUES ('screener_companies', 1)
       ON CONFLICT (view_name) DO UPDATE SET generation = screener_view_generations.generation + 1, refreshed_at = now()`,
    );
    await q.query(
      `INSERT INTO derived_refresh (id, pending_since, requested_by)
       SELECT true, now(), 'upgrade: lender names merged across variants' WHERE EXISTS (SELECT 1 FROM charge_lenders)
       ON CONFLICT (id) DO UPDATE SET pending_since = coalesce(derived_refresh.pending_since, now()), requested_by = excluded.requested_by`,
    );
  }

  async down(): Promise<void> {
    // The earlier companies view is 1764288000000's; going back would drop the new columns' data.
  }
}
