import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { refreshNameWords } from './name-words.js';
import type {
  ChargeRow,
  CompanyRow,
  DocumentRow,
  DocumentSummaryRow,
  FilingRow,
  FinancialStatementRow,
  OfficerRow,
  PscRow,
} from './rows.js';

export type StoredCompany = Required<CompanyRow> & { updated_at: Date };

/** Dates come back as 'YYYY-MM-DD' text so that no time zone ever shifts a day. */
const COMPANY_COLUMNS = `company_number, company_name, company_status, company_category, country_of_origin,
  incorporation_date::text, dissolution_date::text, address_care_of, address_po_box, address_line_1, address_line_2,
  post_town, county, country, postcode, sic_codes, sic_texts, accounts_ref_day, accounts_ref_month,
  accounts_next_due::text, accounts_last_made_up::text, accounts_category, conf_stmt_next_due::text,
  conf_stmt_last_made_up::text, mortgages_outstanding, mortgages_part_satisfied, mortgages_satisfied,
  mortgages_total, previous_names, uri, exchange, ticker, source, updated_at`;

const num = (column: string) => `${column}::float8 AS ${column}`;

/** Reads of one company and what hangs off it, for the explorer's answers. */
@Injectable()
export class CompaniesRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async company(companyNumber: string): Promise<StoredCompany | null> {
    const [row] = await this.db.query(`SELECT ${COMPANY_COLUMNS} FROM companies WHERE company_number = $1`, [companyNumber]);
    return row ?? null;
  }

  async exists(companyNumber: string): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM companies WHERE company_number = $1`, [companyNumber]);
    return rows.length > 0;
  }

  /** Oldest first. */
  financialStatements(companyNumber: string): Promise<FinancialStatementRow[]> {
    return this.db.query(
      `SELECT company_number, period_end::text, period_start::text, fiscal_year, currency, document_id, source,
              ${['turnover', 'operating_profit', 'net_profit_loss', 'ebitda', 'total_assets', 'total_liabilities', 'net_assets', 'cash', 'earnings_per_share', 'debt_to_equity_ratio'].map(num).join(', ')},
              employees, page_numbers, terms, balance_sheet, income_statement, cash_flow, key_financials
         FROM financial_statements WHERE company_number = $1 ORDER BY period_end`,
      [companyNumber],
    );
  }

  /** Newest first. */
  documentSummaries(companyNumber: string): Promise<DocumentSummaryRow[]> {
    return this.db.query(
      `SELECT company_number, document_id, fiscal_year, business_overview, management_discussion, risks, key_highlights,
              future_outlook, accounting_policies, auditor_name, auditor_opinion
         FROM document_summaries WHERE company_number = $1 ORDER BY fiscal_year DESC NULLS LAST, document_id DESC`,
      [companyNumber],
    );
  }

  /** Newest first. */
  charges(companyNumber: string): Promise<ChargeRow[]> {
    return this.db.query(
      `SELECT charge_id, company_number, charge_number, charge_code, status, created_on::text, delivered_on::text,
              satisfied_on::text, acquired_on::text, classification_type, classification_description, particulars_type,
              particulars_description, contains_fixed_charge, contains_floating_charge, contains_negative_pledge,
              floating_charge_covers_all, persons_entitled, transactions, etag
         FROM charges WHERE company_number = $1 ORDER BY created_on DESC NULLS LAST, charge_number DESC NULLS LAST`,
      [companyNumber],
    );
  }

  /** Newest first. */
  filings(companyNumber: string): Promise<FilingRow[]> {
    return this.db.query(
      `SELECT transaction_id, company_number, category, subcategory, type, date::text, action_date::text, description,
              description_values, annotations, associated_filings, pages, barcode, paper_filed, document_id
         FROM filings WHERE company_number = $1 ORDER BY date DESC NULLS LAST, transaction_id`,
      [companyNumber],
    );
  }

  /** Current appointments first (by appointment, newest first), then resigned ones. */
  officers(companyNumber: string): Promise<OfficerRow[]> {
    return this.db.query(
      `SELECT company_number, officer_key, name, officer_role, appointed_on::text, resigned_on::text, nationality, occupation,
              country_of_residence, birth_month, birth_year, person_number, appointments_link, address, identity_verification
         FROM officers WHERE company_number = $1
        ORDER BY resigned_on IS NOT NULL, resigned_on DESC, appointed_on DESC NULLS LAST, name`,
      [companyNumber],
    );
  }

  pscs(companyNumber: string): Promise<PscRow[]> {
    return this.db.query(
      `SELECT company_number, psc_key, kind, name, notified_on::text, ceased_on::text, natures_of_control, nationality,
              country_of_residence, statement, data
         FROM pscs WHERE company_number = $1 ORDER BY ceased_on IS NOT NULL, notified_on DESC NULLS LAST, name`,
      [companyNumber],
    );
  }

  async document(documentId: string): Promise<DocumentRow | null> {
    const [row] = await this.db.query(
      `SELECT document_id, company_number, transaction_id, content_type, pages, storage_path FROM documents WHERE document_id = $1`,
      [documentId],
    );
    return row ?? null;
  }

  async filingByDocument(companyNumber: string, documentId: string): Promise<FilingRow | null> {
    const [row] = await this.db.query(
      `SELECT transaction_id, company_number, category, type, date::text, description, description_values, document_id
         FROM filings WHERE company_number = $1 AND document_id = $2`,
      [companyNumber, documentId],
    );
    return row ?? null;
  }

  async touch(companyNumber: string): Promise<boolean> {
    const rows = await this.db.query(
      `WITH touched AS (UPDATE companies SET updated_at = now() WHERE company_number = $1 RETURNING 1) SELECT count(*)::int AS n FROM touched`,
      [companyNumber],
    );
    if (rows[0].n === 0) return false;
    // The words of its name join the list that search corrects misspellings against.
    await refreshNameWords(this.db, { companyNumbers: [companyNumber] });
    return true;
  }
}
