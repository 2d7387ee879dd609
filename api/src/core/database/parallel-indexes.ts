import type { DataSource } from 'typeorm';

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
  const worker = async () => {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        await runner.startTransaction();
        try {
          await runner.query(`SELECT set_config('maintenance_work_mem', $1, true)`, [memory]);
          await runner.query(next);
          await runner.commitTransaction();
        } catch (error) {
          await runner.rollbackTransaction().catch(() => undefined);
          throw error;
        }
      }
    } finally {
      await runner.release();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.workers ?? 2) }, worker));
}
