import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail delivery of alerts (issue 29 section 5): `mail_done_at` marks an alert settled for mail
 * (mailed, or its list's e-mail is off), so each alert is mailed at most once and a round finds
 * the pending ones through a small partial index. Alerts raised before this migration are settled
 * (an upgrade does not mail the backlog).
 */
export class AlertMail1767484800000 implements MigrationInterface {
  name = 'AlertMail1767484800000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE alerts ADD COLUMN mail_done_at timestamptz`);
    await runner.query(`UPDATE alerts SET mail_done_at = created_at`);
    await runner.query(`CREATE INDEX alerts_mail_pending_idx ON alerts (watchlist_id, created_at) WHERE mail_done_at IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX alerts_mail_pending_idx`);
    await runner.query(`ALTER TABLE alerts DROP COLUMN mail_done_at`);
  }
}
