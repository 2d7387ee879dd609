import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ops tools (issue 17): the record of every instance start and stop (who, when, which instance,
 * the result), kept when the account goes (the e-mail is copied), listed by admins.
 */
export class Ops1764720000000 implements MigrationInterface {
  name = 'Ops1764720000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE ops_actions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        user_email text NOT NULL,
        action text NOT NULL CHECK (action IN ('start', 'stop')),
        backend text NOT NULL,
        instance_id text NOT NULL,
        region text NOT NULL,
        result text NOT NULL CHECK (result IN ('success', 'error', 'refused')),
        error text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX ops_actions_created ON ops_actions (created_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE ops_actions`);
  }
}
