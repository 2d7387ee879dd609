import type { DataSource } from 'typeorm';
import { supportsCopy } from '../../../core/database/bulk-insert.js';
import { inLanes } from '../../../core/database/in-lanes.js';
import { createIndexesInParallel } from '../../../core/database/parallel-indexes.js';
import { recomputeLenderKeys } from './lender-keys.js';
import { SCREENER_VIEWS, type ScreenerView } from './screener-views.sql.js';

/** Sort memory for a view refresh's index builds (each build's own). */
const REFRESH_MAINTENANCE_MEMORY = '512MB';

const INDEX_NAME = /^CREATE (?:UNIQUE )?INDEX (\w+) ON /;

function ifNotExists(statement: string): string {
  return statement.replace(/^CREATE (UNIQUE )?INDEX /, (_, unique: string | undefined) => `CREATE ${unique ?? ''}INDEX IF NOT EXISTS `);
}

/**
 * Recomputes the screener views from the register: after every import, sync and seed, so that the
 * screeners, lender statistics and exports agree with what was written. A view that holds rows is
 * refreshed CONCURRENTLY (readers keep the old rows until the new ones are ready); an empty one,
 * the first fill, the plain way, which is several times faster. On server Postgres the first
 * fill also sets the view's non-unique indexes aside and builds them afterwards two at a time (a
 * million companies: 29 indexes, most of the fill's time, on both cores instead of one); an index
 * missing after an interrupted fill is built again at the start of the next refresh. VACUUM then
 * marks the pages all-visible (index-only counts) and ANALYZE gives the planner the new
 * distribution. Lender keys computed by an older lenderKey() are computed again first. On server
 * Postgres two views refresh at a time.
 */
export async function refreshScreenerViews(dataSource: DataSource): Promise<void> {
  await recomputeLenderKeys(dataSource);
  const parallel = supportsCopy(dataSource);
  // Put back any index an interrupted first fill left unbuilt (or that was dropped by hand).
  const rows: { name: string }[] = await dataSource.query(
    `SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1)`,
    [SCREENER_VIEWS.map((view) => view.name)],
  );
  const present = new Set(rows.map((row) => row.name));
  const missing = SCREENER_VIEWS.flatMap((view) => view.indexes).filter((statement) => !present.has(INDEX_NAME.exec(statement)![1]));
  if (missing.length) {
    await createIndexesInParallel(dataSource, missing.map(ifNotExists), {
      workers: parallel ? 2 : 1,
      maintenanceWorkMem: REFRESH_MAINTENANCE_MEMORY,
    });
  }
  // Two views at a time on server Postgres: each is computed from the register's tables alone (no
  // view reads another), and a refresh's query and its VACUUM run on one core, so one view's
  // refresh fills the core the other's leaves idle. The largest (companies, charges) come first.
  await inLanes(SCREENER_VIEWS, parallel ? 2 : 1, (view) => refreshView(dataSource, view, parallel));
}

/** Refreshes one view (the first fill the plain way, with its non-unique indexes set aside on server Postgres). */
async function refreshView(dataSource: DataSource, view: ScreenerView, parallel: boolean): Promise<void> {
  const [{ populated }] = await dataSource.query(`SELECT EXISTS (SELECT 1 FROM ${view.name}) AS populated`);
  const setAside = parallel && !populated ? view.indexes.filter((statement) => !statement.startsWith('CREATE UNIQUE ')) : [];
  await dataSource.transaction(async (manager) => {
    // The refresh rebuilds the view's indexes: more sort memory than the server's default (64 MB)
    // takes a million-company companies view from 63 s to 45 s.
    await manager.query(`SET LOCAL maintenance_work_mem = '${REFRESH_MAINTENANCE_MEMORY}'`);
    for (const statement of setAside) await manager.query(`DROP INDEX IF EXISTS ${INDEX_NAME.exec(statement)![1]}`);
    await manager.query(`REFRESH MATERIALIZED VIEW ${populated ? 'CONCURRENTLY ' : ''}${view.name}`);
    // Committed with the rows: a copy read at the old generation is known stale (ScreenerMemory).
    await manager.query(
      `INSERT INTO screener_view_generations (view_name, generation) VALUES ($1, 1)
       ON CONFLICT (view_name) DO UPDATE SET generation = screener_view_generations.generation + 1, refreshed_at = now()`,
      [view.name],
    );
  });
  if (setAside.length)
    await createIndexesInParallel(dataSource, setAside.map(ifNotExists), { maintenanceWorkMem: REFRESH_MAINTENANCE_MEMORY });
  await dataSource.query(`VACUUM (ANALYZE) ${view.name}`);
}
