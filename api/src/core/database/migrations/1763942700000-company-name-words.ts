import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The distinct words of company names with how many names hold each: company search picks the
 * rarest word of a query to drive its trigram lookup (common words such as "limited" make the
 * index read most of the table) and corrects misspelt words against this short list rather than
 * against a million names. Filled from the names by `refreshNameWords`.
 */
export class CompanyNameWords1763942700000 implements MigrationInterface {
  name = 'CompanyNameWords1763942700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE company_name_words (word text PRIMARY KEY, names integer NOT NULL)`);
    await q.query(`CREATE INDEX company_name_words_trgm_idx ON company_name_words USING gin (word gin_trgm_ops)`);
    await q.query(`
      INSERT INTO company_name_words (word, names)
      SELECT word, count(*) FROM companies, regexp_split_to_table(lower(company_name), '\\s+') AS word
       WHERE word <> '' GROUP BY word`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS company_name_words`);
  }
}
