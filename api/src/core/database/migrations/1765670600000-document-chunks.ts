import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An uploaded PDF's bytes in chunks of 256 KB (issue 15's memory budget): written as one value, a
 * 6 MB file passed whole through the embedded database's socket and WebAssembly heap, which cost
 * 11-62 MB of resident memory per upload; in chunks each statement carries 256 KB. Stored without
 * compression (EXTERNAL): a PDF's streams are compressed already. Every stored file is moved.
 */
export class DocumentChunks1765670600000 implements MigrationInterface {
  name = 'DocumentChunks1765670600000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE uploaded_document_chunks (
        document_id uuid NOT NULL REFERENCES uploaded_documents(id) ON DELETE CASCADE,
        seq integer NOT NULL,
        bytes bytea NOT NULL,
        PRIMARY KEY (document_id, seq)
      )`);
    await runner.query(`ALTER TABLE uploaded_document_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL`);
    await runner.query(`
      INSERT INTO uploaded_document_chunks (document_id, seq, bytes)
      SELECT d.id, g.seq, substring(d.content FROM g.seq * 262144 + 1 FOR 262144)
      FROM uploaded_documents d
      CROSS JOIN LATERAL generate_series(0, greatest(length(d.content) - 1, 0) / 262144) AS g(seq)`);
    await runner.query(`ALTER TABLE uploaded_documents DROP COLUMN content`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE uploaded_documents ADD COLUMN content bytea`);
    await runner.query(`
      UPDATE uploaded_documents d
      SET content = (SELECT string_agg(c.bytes, ''::bytea ORDER BY c.seq) FROM uploaded_document_chunks c WHERE c.document_id = d.id)`);
    await runner.query(`UPDATE uploaded_documents SET content = ''::bytea WHERE content IS NULL`);
    await runner.query(`ALTER TABLE uploaded_documents ALTER COLUMN content SET NOT NULL`);
    await runner.query(`DROP TABLE uploaded_document_chunks`);
  }
}
