import type { DataSource } from 'typeorm';
import { refreshScreenerViews } from '../../screener/refresh-views.js';
import { refreshNameWords, type RefreshScope } from './name-words.js';

export type { RefreshScope } from './name-words.js';

/**
 * After a write to the register (an import, a sync, the sample generator): brings what is derived
 * from it up to date — the words search ranks and corrects by — and, after a bulk write, the
 * planner's statistics. Postgres gathers those itself only when autovacuum runs, and without them
 * it plans a one-company lookup as a parallel scan of millions of rows. The screener views are
 * recomputed whole whatever the scope: lender statistics span companies.
 */
export async function refreshDerivedTables(dataSource: DataSource, scope: RefreshScope): Promise<void> {
  await refreshNameWords(dataSource, scope);
  if (scope === 'all') await dataSource.query('ANALYZE');
  await refreshScreenerViews(dataSource);
}
