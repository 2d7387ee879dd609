import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Directors' and PSCs' identity verification (ECCTA, issue 29 section 2): the register's
 * `identity_verification_details` of each officer, as published; for PSCs it is already in the
 * stored record (`data`), so their column is derived from it and every PSC writer fills it.
 */
export class IdentityVerification1767225700000 implements MigrationInterface {
  name = 'IdentityVerification1767225700000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE officers ADD COLUMN identity_verification jsonb`);
    await runner.query(
      `ALTER TABLE pscs ADD COLUMN identity_verification jsonb GENERATED ALWAYS AS (data -> 'identity_verification_details') STORED`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE pscs DROP COLUMN identity_verification`);
    await runner.query(`ALTER TABLE officers DROP COLUMN identity_verification`);
  }
}
