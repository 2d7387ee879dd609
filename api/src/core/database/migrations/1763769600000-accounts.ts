import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1763769600000 implements MigrationInterface {
  name = 'Accounts1763769600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL CONSTRAINT users_email_key UNIQUE CHECK (email = lower(btrim(email))),
        full_name text NOT NULL,
        company_name text NOT NULL,
        job_role text NOT NULL,
        linkedin_url text NOT NULL,
        password_hash text NOT NULL,
        role text NOT NULL DEFAULT 'analyst' CHECK (role IN ('admin', 'ops', 'analyst')),
        email_verified_at timestamptz,
        approved_at timestamptz,
        approved_by uuid REFERENCES users(id) ON DELETE SET NULL,
        disabled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX users_role_idx ON users (role) WHERE disabled_at IS NULL`);
    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        user_agent text,
        ip text
      )`);
    await q.query(`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`);
    await q.query(`
      CREATE TABLE account_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('verify', 'approve', 'reset')),
        token_hash text NOT NULL CONSTRAINT account_tokens_token_hash_key UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX account_tokens_user_purpose_idx ON account_tokens (user_id, purpose) WHERE used_at IS NULL`);
    await q.query(`
      CREATE TABLE sales_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('trial', 'pricing')),
        full_name text NOT NULL,
        email text NOT NULL,
        company_name text NOT NULL,
        job_role text NOT NULL,
        business_challenge text,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT sales_requests_kind_email_key UNIQUE (kind, email)
      )`);
    await q.query(`
      CREATE TABLE help_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        type text NOT NULL CHECK (type IN ('companies', 'feature', 'feedback')),
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE help_requests, sales_requests, account_tokens, sessions, users`);
  }
}
