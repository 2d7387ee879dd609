import { describe, it } from 'node:test';
import { expect } from 'expect';
import { SCREENER_VIEWS } from '../../src/platform/register/views/screener-views.sql.js';
import { createTestEnvironment } from '../support/environment.js';
import { ADMIN, run } from '../support/processes.js';
import { withDatabase } from '../support/schema-snapshot.js';

/**
 * The refresh reads the screener views' definitions and indexes from screener-views.sql.ts, while
 * migrations hold their own frozen copy: a change to the file without a migration that makes the
 * same views would leave every existing database on the old ones. Built side by side in a scratch
 * schema, the file's views must deparse exactly like the migrated database's.
 */
describe('screener views: the migrations make what screener-views.sql.ts describes', () => {
  it('has the same views, columns and indexes after migrate as the refresh expects', async () => {
    const environment = await createTestEnvironment({}, { empty: true });
    try {
      const migrate = await run(ADMIN, ['migrate'], environment.env);
      expect(migrate.code).toBe(0);
      const [migrated, described] = await withDatabase(environment, async (db) => {
        await db.query('BEGIN');
        try {
          await db.query('CREATE SCHEMA screener_drift_check');
          await db.query('SET LOCAL search_path = screener_drift_check, public');
          for (const view of SCREENER_VIEWS) {
            await db.query(`CREATE MATERIALIZED VIEW ${view.name} AS ${view.select} WITH NO DATA`);
            for (const statement of view.indexes) await db.query(statement);
          }
          const read = async (schema: string) => {
            const views = await db.query(`SELECT matviewname, definition FROM pg_matviews WHERE schemaname = $1 ORDER BY 1`, [schema]);
            const indexes = await db.query(
              `SELECT tablename, indexname, replace(indexdef, $1 || '.', '') AS indexdef FROM pg_indexes
                WHERE schemaname = $1 AND tablename = ANY($2) ORDER BY 1, 2`,
              [schema, SCREENER_VIEWS.map((view) => view.name)],
            );
            return { views: views.rows, indexes: indexes.rows };
          };
          return [await read('public'), await read('screener_drift_check')];
        } finally {
          await db.query('ROLLBACK');
        }
      });
      expect(migrated.views.map((v) => v.matviewname)).toEqual(SCREENER_VIEWS.map((view) => view.name).sort());
      expect(migrated).toEqual(described);
    } finally {
      await environment.cleanup();
    }
  });
});
