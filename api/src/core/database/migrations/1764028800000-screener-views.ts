import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sicCodeRows } from '@credence/shared';
import { SCREENER_VIEWS } from '../../../modules/screener/screener-views.sql.js';

/**
 * The four screener tables as materialized views (companies with their latest figures and charge
 * counts, charges with their company and lenders, per-lender and per-company charge statistics),
 * each with an index per sortable column, (column, tiebreak), so that a page in any order and at
 * any depth reads in index order. Refreshed after every write to the register
 * (refreshScreenerViews). The SIC list is filled here too: the sectors and industry groups of the
 * companies screener come from it, and an imported register may arrive before any sample.
 */
export class ScreenerViews1764028800000 implements MigrationInterface {
  name = 'ScreenerViews1764028800000';

  async up(q: QueryRunner): Promise<void> {
    const rows = sicCodeRows();
    await q.query(
      `INSERT INTO sic_codes (code, description, section, section_description, division, division_description)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
       ON CONFLICT (code) DO NOTHING`,
      [
        rows.map((r) => r.code),
        rows.map((r) => r.description),
        rows.map((r) => r.section),
        rows.map((r) => r.section_description),
        rows.map((r) => r.division),
        rows.map((r) => r.division_description),
      ],
    );
    for (const view of SCREENER_VIEWS) {
      await q.query(`CREATE MATERIALIZED VIEW ${view.name} AS ${view.select}`);
      for (const statement of view.indexes) await q.query(statement);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const view of [...SCREENER_VIEWS].reverse()) await q.query(`DROP MATERIALIZED VIEW IF EXISTS ${view.name}`);
  }
}
