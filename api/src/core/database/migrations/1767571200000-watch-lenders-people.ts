import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lenders and people in watchlists (issue 29 section 3). A list watches a lender by the key its
 * charges count under (charge_lenders.lender_key, recomputed with it when the normaliser changes)
 * with the name the user gave, and a person by the register's officer id (the `{id}` of
 * `/officers/{id}/appointments`) with the name and birth month and year the register shows, which
 * match the person's PSC entries (those carry no officer id). `alerts.via` says why an alert was
 * raised for its user when not for a company on the list ("lender Barclays Bank PLC"). Existing
 * lists and alerts are kept as they are (their `via` is null: the company itself).
 */
export class WatchLendersPeople1767571200000 implements MigrationInterface {
  name = 'WatchLendersPeople1767571200000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE watchlist_lenders (
        watchlist_id uuid NOT NULL REFERENCES watchlists(id) ON DELETE CASCADE,
        lender_key text NOT NULL,
        lender_name text NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (watchlist_id, lender_key)
      )`);
    await runner.query(`CREATE INDEX watchlist_lenders_key_idx ON watchlist_lenders (lender_key)`);
    await runner.query(`
      CREATE TABLE watchlist_people (
        watchlist_id uuid NOT NULL REFERENCES watchlists(id) ON DELETE CASCADE,
        officer_id text NOT NULL,
        name text NOT NULL,
        person_key text,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (watchlist_id, officer_id)
      )`);
    await runner.query(`CREATE INDEX watchlist_people_officer_idx ON watchlist_people (officer_id)`);
    await runner.query(`CREATE INDEX watchlist_people_person_idx ON watchlist_people (person_key)`);
    // A person is added, and their appointments counted, by their appointments link.
    await runner.query(`CREATE INDEX officers_appointments_link_idx ON officers (appointments_link)`);
    await runner.query(`ALTER TABLE alerts ADD COLUMN via text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE alerts DROP COLUMN via`);
    await runner.query(`DROP INDEX officers_appointments_link_idx`);
    await runner.query(`DROP TABLE watchlist_people`);
    await runner.query(`DROP TABLE watchlist_lenders`);
  }
}
