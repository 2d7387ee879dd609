/**
 * The screener tables, precomputed from the register as materialized views. Each has a unique
 * key (its tiebreak; REFRESH ... CONCURRENTLY needs one) and a btree on (column, key) per sortable
 * column, which serves both the sort and the keyset condition of a page at any depth.
 */
import { COMPANY_COLUMN_REGISTRY, COMPANY_VIEW, companyViewIndexes, companyViewSelect } from '@credence/shared';

export interface ScreenerView {
  name: string;
  select: string;
  indexes: string[];
}

const sortIndexes = (view: string, key: string, columns: string[]) =>
  columns.map((column) => `CREATE INDEX ${view}_${column.toLowerCase()}_idx ON ${view} ("${column}", ${key})`);

/**
 * Companies screener (spec 2 3.14): generated from shared's column registry
 * (COMPANY_COLUMN_REGISTRY, company-view-sql.ts). A change there needs a migration with the same
 * SQL frozen in it: `npm run screener:migration -- <name>` writes it (screener-views-migrated
 * holds the two equal).
 */
const SCREENER_COMPANIES: ScreenerView = {
  name: COMPANY_VIEW,
  select: companyViewSelect(COMPANY_COLUMN_REGISTRY),
  indexes: companyViewIndexes(COMPANY_COLUMN_REGISTRY),
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
