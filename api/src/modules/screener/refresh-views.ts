import type { DataSource } from 'typeorm';
import { SCREENER_VIEWS } from './screener-views.sql.js';

/**
 * Recomputes the screener views from the register: after every import, sync and seed, so that the
 * screeners, lender statistics and exports agree with what was written. A view that holds rows is
 * refreshed CONCURRENTLY (readers keep the old rows until the new ones are ready); an empty one,
 * the first fill, the plain way, which is several times faster. VACUUM then marks the pages
 * all-visible (index-only counts) and ANALYZE gives the planner the new distribution.
 */
export async function refreshScreenerViews(dataSource: DataSource): Promise<void> {
  for (const view of SCREENER_VIEWS) {
    const [{ populated }] = await dataSource.query(`SELECT EXISTS (SELECT 1 FROM ${view.name}) AS populated`);
    await dataSource.query(`REFRESH MATERIALIZED VIEW ${populated ? 'CONCURRENTLY ' : ''}${view.name}`);
    await dataSource.query(`VACUUM (ANALYZE) ${view.name}`);
  }
}
