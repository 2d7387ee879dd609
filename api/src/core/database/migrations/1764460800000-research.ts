import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * AI research (issue 14): chats and their questions (each answer stored whole, as it streamed),
 * the research credits each user has used this month (and an allowance an admin raised), and the
 * owner of each background job (check_query answers only the user who started it).
 */
export class Research1764460800000 implements MigrationInterface {
  name = 'Research1764460800000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE research_chats (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        chat_id text NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        chat_category text NOT NULL,
        chat_metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        query_str text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX research_chats_user_updated ON research_chats (user_id, updated_at DESC)`);
    await runner.query(`
      CREATE TABLE research_chat_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        chat_pk uuid NOT NULL REFERENCES research_chats(id) ON DELETE CASCADE,
        query_str text NOT NULL,
        thought_process jsonb NOT NULL DEFAULT '[]'::jsonb,
        observations jsonb NOT NULL,
        table_data jsonb NOT NULL DEFAULT '[]'::jsonb,
        stream_id text UNIQUE,
        last_seq integer,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX research_chat_messages_chat ON research_chat_messages (chat_pk, created_at)`);
    await runner.query(`
      CREATE TABLE research_credits (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        period text NOT NULL,
        used integer NOT NULL DEFAULT 0,
        allowance integer
      )`);
    await runner.query(`
      CREATE TABLE research_jobs (
        job_id text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE research_jobs`);
    await runner.query(`DROP TABLE research_credits`);
    await runner.query(`DROP TABLE research_chat_messages`);
    await runner.query(`DROP TABLE research_chats`);
  }
}
