import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Documents (issue 15): PDFs a user uploads to a chat (kept in the database so every API process
 * sees them), their text page by page with the lines and word boxes a citation highlights, and a
 * full-text vector per page (set when the document is indexed). A job's progress for check_query.
 */
export class Documents1764547200000 implements MigrationInterface {
  name = 'Documents1764547200000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE uploaded_documents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        chat_key text NOT NULL,
        file_name text NOT NULL,
        size integer NOT NULL,
        page_count integer NOT NULL,
        text_pages integer NOT NULL,
        sha256 text NOT NULL,
        content bytea NOT NULL,
        indexed_at timestamptz,
        upload_date timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, chat_key, file_name)
      )`);
    await runner.query(`CREATE INDEX uploaded_documents_user ON uploaded_documents (user_id, upload_date DESC)`);
    await runner.query(`
      CREATE TABLE uploaded_document_pages (
        document_id uuid NOT NULL REFERENCES uploaded_documents(id) ON DELETE CASCADE,
        page integer NOT NULL,
        text text NOT NULL,
        lines jsonb NOT NULL,
        figures integer NOT NULL,
        search tsvector,
        PRIMARY KEY (document_id, page)
      )`);
    await runner.query(`CREATE INDEX uploaded_document_pages_search ON uploaded_document_pages USING gin (search)`);
    await runner.query(`ALTER TABLE research_jobs ADD COLUMN progress_key text UNIQUE, ADD COLUMN progress jsonb`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE research_jobs DROP COLUMN progress, DROP COLUMN progress_key`);
    await runner.query(`DROP TABLE uploaded_document_pages`);
    await runner.query(`DROP TABLE uploaded_documents`);
  }
}
