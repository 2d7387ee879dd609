/**
 * Migration 1765670600000 moves every stored PDF into 256 KB chunks: a database with documents
 * stored whole (the schema before it) keeps every file byte for byte, and the API serves it.
 */
import { after, before, describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import { expect } from 'expect';
import { DocumentChunks1765670600000 } from '../../src/core/database/migrations/1765670600000-document-chunks.js';
import { createTestEnvironment, type TestEnvironment } from '../support/environment.js';
import { ADMIN, createUserWithAdmin, run, startServer } from '../support/processes.js';
import { withDatabase } from '../support/schema-snapshot.js';

const USER = { email: 'chunks@example.com', password: 'document chunks passphrase', role: 'analyst', approved: true };

async function admin(environment: TestEnvironment, ...args: string[]) {
  const result = await run(ADMIN, args, environment.env);
  if (result.code !== 0) throw new Error(`credence-admin ${args.join(' ')} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
}

describe('upgrading documents stored whole to chunks (migration 1765670600000)', () => {
  let environment: TestEnvironment;
  // 600 KB: two whole chunks and a part; one byte: a single short chunk
  const files = { 'large.pdf': Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(600 * 1024)]), 'tiny.pdf': Buffer.from('%') };

  before(async () => {
    environment = await createTestEnvironment({}, { empty: true });
    await admin(environment, 'migrate');
    const created = await createUserWithAdmin(environment.env, USER);
    expect(created.code).toBe(0);
    await withDatabase(environment, async (db) => {
      // the schema as the release before this migration left it, with two files stored whole
      await new DocumentChunks1765670600000().down({ query: (sql: string) => db.query(sql) } as never);
      await db.query(`DELETE FROM migrations WHERE name = 'DocumentChunks1765670600000'`);
      const [{ id }] = (await db.query(`SELECT id FROM users WHERE email = $1`, [USER.email])).rows;
      for (const [name, content] of Object.entries(files)) {
        await db.query(
          `INSERT INTO uploaded_documents (user_id, chat_key, file_name, size, page_count, text_pages, sha256, content)
           VALUES ($1, 'chat-old', $2, $3, 1, 1, 'x', $4)`,
          [id, name, content.length, content],
        );
      }
    });
    await admin(environment, 'migrate');
  });

  after(() => environment?.cleanup());

  it('keeps every file byte for byte, in chunks of 256 KB, and drops the whole copy', async () => {
    await withDatabase(environment, async (db) => {
      const rows = (
        await db.query(
          `SELECT d.file_name, count(*)::int AS chunks, max(length(c.bytes)) AS largest, string_agg(c.bytes, ''::bytea ORDER BY c.seq) AS content
           FROM uploaded_documents d JOIN uploaded_document_chunks c ON c.document_id = d.id GROUP BY d.file_name ORDER BY d.file_name`,
        )
      ).rows;
      expect(rows.map((r) => [r.file_name, r.chunks, Number(r.largest)])).toEqual([
        ['large.pdf', 3, 256 * 1024],
        ['tiny.pdf', 1, 1],
      ]);
      for (const row of rows) expect(Buffer.compare(row.content, files[row.file_name as keyof typeof files])).toBe(0);
      const columns = await db.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'uploaded_documents' AND column_name = 'content'`,
      );
      expect(columns.rowCount).toBe(0);
    });
  });

  it('serves a moved file through fetch_pdf', async () => {
    const server = await startServer({ ...environment.env, LOG_LEVEL: 'error' });
    try {
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: USER.email, password: USER.password }),
      });
      const { access_token } = (await login.json()) as { access_token: string };
      const fetched = await fetch(`${server.url}/api/fetch_pdf?chat_id=chat-old&pdf_name=large.pdf`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(fetched.status).toBe(200);
      const body = (await fetched.json()) as { pdf_content: string };
      expect(Buffer.from(body.pdf_content, 'base64').equals(files['large.pdf'])).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
