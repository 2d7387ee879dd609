import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Watchlists and alerts (issue 29 sections 3 and 4): each user's named lists of companies, the
 * alert kinds each list raises, and the alerts themselves, one per user and change (the
 * `dedupe_key` names the change: a replayed or duplicated stream event raises nothing new).
 * Alerts are written in the stream consumer's transaction, so an event applied has its alerts and
 * one rolled back has none. No foreign key to companies: a company the stream deletes stays
 * watched (its alerts say it was deleted).
 */
export class Watchlists1767312200000 implements MigrationInterface {
  name = 'Watchlists1767312200000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE watchlists (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name text NOT NULL,
        rules text[] NOT NULL,
        email text NOT NULL DEFAULT 'off' CHECK (email IN ('off', 'immediate', 'digest')),
        unsubscribe_token text NOT NULL UNIQUE DEFAULT md5(gen_random_uuid()::text || clock_timestamp()::text),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, name)
      )`);
    await runner.query(`
      CREATE TABLE watchlist_companies (
        watchlist_id uuid NOT NULL REFERENCES watchlists(id) ON DELETE CASCADE,
        company_number text NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (watchlist_id, company_number)
      )`);
    await runner.query(`CREATE INDEX watchlist_companies_company_idx ON watchlist_companies (company_number)`);
    await runner.query(`
      CREATE TABLE alerts (
        id bigserial PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        watchlist_id uuid REFERENCES watchlists(id) ON DELETE SET NULL,
        company_number text NOT NULL,
        kind text NOT NULL,
        summary text NOT NULL,
        published_at timestamptz,
        source_url text NOT NULL,
        resource_uri text,
        dedupe_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz,
        UNIQUE (user_id, dedupe_key)
      )`);
    await runner.query(`CREATE INDEX alerts_user_idx ON alerts (user_id, id DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE alerts`);
    await runner.query(`DROP TABLE watchlist_companies`);
    await runner.query(`DROP TABLE watchlists`);
  }
}
