import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An uploaded page with more text than UPLOAD_MAX_PAGE_ITEMS or UPLOAD_MAX_PAGE_CHARS allow is kept
 * without its lines and marked too complex (issue 24: a page of 400,000 text operators stalled the
 * API when it was read back). Every page stored before is as it was.
 */
export class PageTooComplex1766016000000 implements MigrationInterface {
  name = 'PageTooComplex1766016000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE uploaded_document_pages ADD COLUMN too_complex boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE uploaded_document_pages DROP COLUMN too_complex`);
  }
}
