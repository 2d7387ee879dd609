import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * US equity (issue 16): SEC companies (tickers, submissions, companyfacts), the facts the KPI
 * catalogue reads (the latest filed periodic copy of each concept, unit and period, with its
 * accession, form, filed date and frame), the company's filings (submissions), the primary
 * documents imported for the source viewer, and the companies users asked to have added.
 */
export class UsEquity1764633600000 implements MigrationInterface {
  name = 'UsEquity1764633600000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE us_companies (
        cik integer PRIMARY KEY CHECK (cik > 0),
        title text NOT NULL,
        ticker text,
        tickers text[] NOT NULL DEFAULT '{}',
        exchange text,
        sic text,
        industry text,
        sector text,
        logo_url text,
        fiscal_year_end text,
        verified boolean NOT NULL DEFAULT true,
        sample boolean NOT NULL DEFAULT false,
        facts_count integer NOT NULL DEFAULT 0,
        facts_updated_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX us_companies_ticker ON us_companies (upper(ticker))`);
    await runner.query(`
      CREATE TABLE us_facts (
        cik integer NOT NULL REFERENCES us_companies(cik) ON DELETE CASCADE,
        concept text NOT NULL,
        unit text NOT NULL,
        period_start date,
        period_end date NOT NULL,
        val numeric NOT NULL,
        accn text NOT NULL,
        form text NOT NULL,
        filed date NOT NULL,
        frame text,
        fy integer,
        fp text
      )`);
    await runner.query(`CREATE INDEX us_facts_cik_concept ON us_facts (cik, concept)`);
    await runner.query(`CREATE INDEX us_facts_accn ON us_facts (accn)`);
    await runner.query(`
      CREATE TABLE us_filings (
        accession text PRIMARY KEY,
        cik integer NOT NULL REFERENCES us_companies(cik) ON DELETE CASCADE,
        form text NOT NULL,
        filing_date date,
        report_date date,
        primary_document text,
        primary_doc_description text,
        is_xbrl boolean NOT NULL DEFAULT false,
        is_inline_xbrl boolean NOT NULL DEFAULT false
      )`);
    await runner.query(`CREATE INDEX us_filings_cik ON us_filings (cik, filing_date DESC)`);
    await runner.query(`
      CREATE TABLE us_filing_documents (
        accession text PRIMARY KEY,
        cik integer NOT NULL REFERENCES us_companies(cik) ON DELETE CASCADE,
        primary_document text NOT NULL,
        html text NOT NULL,
        imported_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE us_company_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        cik integer NOT NULL REFERENCES us_companies(cik) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (cik, user_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE us_company_requests`);
    await runner.query(`DROP TABLE us_filing_documents`);
    await runner.query(`DROP TABLE us_filings`);
    await runner.query(`DROP TABLE us_facts`);
    await runner.query(`DROP TABLE us_companies`);
  }
}
