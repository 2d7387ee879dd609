import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * UK company data (spec 2 section 3): the register (companies), officers, persons with
 * significant control, charges with their lenders, filings, documents, financial statements
 * and document summaries. Indexes serve the search (btree prefix + pg_trgm on names) and the
 * screeners (company_number everywhere, lender keys, charge dates).
 */
export class UkCompanies1763856000000 implements MigrationInterface {
  name = 'UkCompanies1763856000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sic_codes (
        code text PRIMARY KEY,
        description text NOT NULL,
        section text NOT NULL,
        section_description text NOT NULL,
        division text NOT NULL,
        division_description text NOT NULL
      )`);
    await q.query(`
      CREATE TABLE companies (
        company_number text PRIMARY KEY CHECK (company_number ~ '^[A-Z0-9]{8}$'),
        company_name text NOT NULL,
        company_status text,
        company_category text,
        country_of_origin text,
        incorporation_date date,
        dissolution_date date,
        address_care_of text,
        address_po_box text,
        address_line_1 text,
        address_line_2 text,
        post_town text,
        county text,
        country text,
        postcode text,
        sic_codes text[] NOT NULL DEFAULT '{}',
        sic_texts text[] NOT NULL DEFAULT '{}',
        accounts_ref_day smallint,
        accounts_ref_month smallint,
        accounts_next_due date,
        accounts_last_made_up date,
        accounts_category text,
        conf_stmt_next_due date,
        conf_stmt_last_made_up date,
        mortgages_outstanding integer,
        mortgages_part_satisfied integer,
        mortgages_satisfied integer,
        mortgages_total integer,
        previous_names jsonb NOT NULL DEFAULT '[]',
        uri text,
        exchange text,
        ticker text,
        source text NOT NULL DEFAULT 'csv' CHECK (source IN ('csv', 'api', 'sample')),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Search: name prefix (btree on the folded name in byte order, so that one index serves both
    // LIKE 'abc%' and ORDER BY), fragments and misspellings (trigrams), postcode without its space.
    await q.query(`CREATE INDEX companies_name_prefix_idx ON companies ((lower(company_name) COLLATE "C"))`);
    await q.query(`CREATE INDEX companies_name_trgm_idx ON companies USING gin (lower(company_name) gin_trgm_ops)`);
    await q.query(`CREATE INDEX companies_postcode_idx ON companies ((upper(replace(postcode, ' ', '')) COLLATE "C"))`);
    await q.query(`CREATE INDEX companies_sic_codes_idx ON companies USING gin (sic_codes)`);

    await q.query(`
      CREATE TABLE officers (
        id bigserial PRIMARY KEY,
        company_number text NOT NULL REFERENCES companies(company_number) ON DELETE CASCADE,
        officer_key text NOT NULL,
        name text NOT NULL,
        officer_role text NOT NULL,
        appointed_on date,
        resigned_on date,
        nationality text,
        occupation text,
        country_of_residence text,
        birth_month smallint,
        birth_year smallint,
        person_number text,
        appointments_link text,
        address jsonb,
        UNIQUE (company_number, officer_key)
      )`);
    await q.query(`
      CREATE TABLE pscs (
        id bigserial PRIMARY KEY,
        company_number text NOT NULL REFERENCES companies(company_number) ON DELETE CASCADE,
        psc_key text NOT NULL,
        kind text NOT NULL,
        name text,
        notified_on date,
        ceased_on date,
        natures_of_control text[] NOT NULL DEFAULT '{}',
        nationality text,
        country_of_residence text,
        statement text,
        data jsonb NOT NULL DEFAULT '{}',
        UNIQUE (company_number, psc_key)
      )`);
    await q.query(`
      CREATE TABLE charges (
        charge_id text PRIMARY KEY,
        company_number text NOT NULL REFERENCES companies(company_number) ON DELETE CASCADE,
        charge_number integer,
        charge_code text,
        status text NOT NULL,
        created_on date,
        delivered_on date,
        satisfied_on date,
        acquired_on date,
        classification_type text,
        classification_description text,
        particulars_type text,
        particulars_description text,
        contains_fixed_charge boolean NOT NULL DEFAULT false,
        contains_floating_charge boolean NOT NULL DEFAULT false,
        contains_negative_pledge boolean NOT NULL DEFAULT false,
        floating_charge_covers_all boolean NOT NULL DEFAULT false,
        persons_entitled text[] NOT NULL DEFAULT '{}',
        transactions jsonb NOT NULL DEFAULT '[]',
        etag text
      )`);
    await q.query(`CREATE INDEX charges_company_idx ON charges (company_number)`);
    await q.query(`CREATE INDEX charges_delivered_idx ON charges (delivered_on DESC)`);
    // One row per (charge, lender): raw name as filed, and the normalised key it counts under.
    await q.query(`
      CREATE TABLE charge_lenders (
        charge_id text NOT NULL REFERENCES charges(charge_id) ON DELETE CASCADE,
        position smallint NOT NULL,
        raw_name text NOT NULL,
        lender_key text NOT NULL,
        PRIMARY KEY (charge_id, position)
      )`);
    await q.query(`CREATE INDEX charge_lenders_key_idx ON charge_lenders (lender_key)`);

    await q.query(`
      CREATE TABLE filings (
        transaction_id text PRIMARY KEY,
        company_number text NOT NULL REFERENCES companies(company_number) ON DELETE CASCADE,
        category text NOT NULL,
        subcategory text,
        type text NOT NULL,
        date date,
        action_date date,
        description text NOT NULL,
        description_values jsonb NOT NULL DEFAULT '{}',
        annotations jsonb NOT NULL DEFAULT '[]',
        associated_filings jsonb NOT NULL DEFAULT '[]',
        pages integer,
        barcode text,
        paper_filed boolean NOT NULL DEFAULT false,
        document_id text
      )`);
    await q.query(`CREATE INDEX filings_company_idx ON filings (company_number, date DESC)`);
    // A stored document (an uploaded or fetched PDF or iXBRL file); sample accounts PDFs are
    // rendered on request from the financial statements, so they have no row here.
    await q.query(`
      CREATE TABLE documents (
        document_id text PRIMARY KEY,
        company_number text NOT NULL REFERENCES companies(company_number) ON DELETE CASCADE,
        transaction_id text,
        content_type text NOT NULL,
        pages integer,
        storage_path text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE financial_statements (
        company_number text NOT NULL REFERENCES companies(company_number) ON DELETE CASCADE,
        period_end date NOT NULL,
        period_start date,
        fiscal_year integer NOT NULL,
        currency text NOT NULL DEFAULT 'GBP',
        document_id text,
        source text NOT NULL,
        turnover numeric,
        operating_profit numeric,
        net_profit_loss numeric,
        ebitda numeric,
        total_assets numeric,
        total_liabilities numeric,
        net_assets numeric,
        cash numeric,
        employees integer,
        earnings_per_share numeric,
        debt_to_equity_ratio numeric,
        page_numbers jsonb NOT NULL DEFAULT '{}',
        terms jsonb NOT NULL DEFAULT '{}',
        balance_sheet jsonb NOT NULL DEFAULT '[]',
        income_statement jsonb NOT NULL DEFAULT '[]',
        cash_flow jsonb NOT NULL DEFAULT '[]',
        key_financials jsonb NOT NULL DEFAULT '[]',
        PRIMARY KEY (company_number, period_end)
      )`);
    await q.query(`CREATE INDEX financial_statements_turnover_idx ON financial_statements (turnover DESC) WHERE turnover IS NOT NULL`);
    await q.query(`
      CREATE TABLE document_summaries (
        company_number text NOT NULL REFERENCES companies(company_number) ON DELETE CASCADE,
        document_id text NOT NULL,
        fiscal_year integer,
        business_overview text,
        management_discussion jsonb,
        risks jsonb NOT NULL DEFAULT '[]',
        key_highlights jsonb NOT NULL DEFAULT '[]',
        future_outlook jsonb NOT NULL DEFAULT '[]',
        accounting_policies jsonb NOT NULL DEFAULT '[]',
        auditor_name text,
        auditor_opinion text,
        PRIMARY KEY (company_number, document_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'document_summaries',
      'financial_statements',
      'documents',
      'filings',
      'charge_lenders',
      'charges',
      'pscs',
      'officers',
      'companies',
      'sic_codes',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
