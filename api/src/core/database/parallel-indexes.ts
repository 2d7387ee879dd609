import type { DataSource } from 'typeorm';
import { inLanes } from './in-lanes.js';

/**
 * Runs CREATE INDEX statements on `workers` connections at once (server Postgres; each build uses
 * one core), the GIN ones first: they take longest, so the workers end together. Each statement
 * commits on its own with `maintenanceWorkMem` of sort memory. Statements come from code, never
 * from user input.
 */
export async function createIndexesInParallel(
  dataSource: DataSource,
  statements: readonly string[],
  options: { workers?: number; maintenanceWorkMem?: string } = {},
): Promise<void> {
  const queue = [...statements].sort((a, b) => Number(/ USING gin /i.test(b)) - Number(/ USING gin /i.test(a)));
  const memory = options.maintenanceWorkMem ?? '512MB';
  await inLanes(queue, options.workers ?? 2, (statement) =>
    dataSource.transaction(async (manager) => {
      await manager.query(`SELECT set_config('maintenance_work_mem', $1, true)`, [memory]);
      await manager.query(statement);
    }),
  );
}
