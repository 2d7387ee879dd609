import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A counter per screener view, raised in the transaction that refreshes it: the API holds the big
 * views in memory (ScreenerMemory) and compares this number with the one it loaded at to know,
 * with one primary-key read per page, that its copy is still the view's.
 */
export class ScreenerGenerations1764115200000 implements MigrationInterface {
  name = 'ScreenerGenerations1764115200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE screener_view_generations (
      view_name text PRIMARY KEY,
      generation bigint NOT NULL,
      refreshed_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS screener_view_generations`);
  }
}
