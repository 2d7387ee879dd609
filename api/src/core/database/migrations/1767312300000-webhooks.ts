import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alert webhooks (issue 29 section 5): a user's endpoints with their signing secrets, and one
 * delivery row per alert and endpoint (the delivery log): attempts, when the next is due, the
 * last answer, delivered or given up (after 24 hours of retries).
 */
export class Webhooks1767312300000 implements MigrationInterface {
  name = 'Webhooks1767312300000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE webhooks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        url text NOT NULL,
        secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE webhook_deliveries (
        id bigserial PRIMARY KEY,
        webhook_id uuid NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
        alert_id bigint REFERENCES alerts(id) ON DELETE CASCADE,
        payload jsonb NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        first_at timestamptz NOT NULL,
        next_at timestamptz NOT NULL,
        delivered_at timestamptz,
        given_up_at timestamptz,
        last_status integer,
        last_error text,
        UNIQUE (webhook_id, alert_id)
      )`);
    await runner.query(
      `CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_at) WHERE delivered_at IS NULL AND given_up_at IS NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE webhook_deliveries`);
    await runner.query(`DROP TABLE webhooks`);
  }
}
