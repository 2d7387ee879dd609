import type { BulkColumn } from '../../../core/database/bulk-insert.js';

/** A table of the UK company data: its columns (in bulk-insert order) and its natural key. */
export interface TableSpec {
  name: string;
  key: string[];
  columns: TableColumn[];
}

/** `empty`: what an absent value is written as, for columns that are NOT NULL with a default. */
export interface TableColumn extends BulkColumn {
  empty?: unknown;
}

const col = (name: string, type: BulkColumn['type'] = 'text', empty?: unknown): TableColumn => ({ name, type, empty });

export const COMPANIES: TableSpec = {
  name: 'companies',
  key: ['company_number'],
  columns: [
    col('company_number'),
    col('company_name'),
    col('company_status'),
    col('company_category'),
    col('country_of_origin'),
    col('incorporation_date', 'date'),
    col('dissolution_date', 'date'),
    col('address_care_of'),
    col('address_po_box'),
    col('address_line_1'),
    col('address_line_2'),
    col('post_town'),
    col('county'),
    col('country'),
    col('postcode'),
    col('sic_codes', 'text[]', []),
    col('sic_texts', 'text[]', []),
    col('accounts_ref_day', 'smallint'),
    col('accounts_ref_month', 'smallint'),
    col('accounts_next_due', 'date'),
    col('accounts_last_made_up', 'date'),
    col('accounts_category'),
    col('conf_stmt_next_due', 'date'),
    col('conf_stmt_last_made_up', 'date'),
    col('mortgages_outstanding', 'integer'),
    col('mortgages_part_satisfied', 'integer'),
    col('mortgages_satisfied', 'integer'),
    col('mortgages_total', 'integer'),
    col('previous_names', 'jsonb', []),
    col('uri'),
    col('exchange'),
    col('ticker'),
    col('source'),
  ],
};

export const OFFICERS: TableSpec = {
  name: 'officers',
  key: ['company_number', 'officer_key'],
  columns: [
    col('company_number'),
    col('officer_key'),
    col('name'),
    col('officer_role'),
    col('appointed_on', 'date'),
    col('resigned_on', 'date'),
    col('nationality'),
    col('occupation'),
    col('country_of_residence'),
    col('birth_month', 'smallint'),
    col('birth_year', 'smallint'),
    col('person_number'),
    col('appointments_link'),
    col('address', 'jsonb'),
    col('identity_verification', 'jsonb'),
  ],
};

export const PSCS: TableSpec = {
  name: 'pscs',
  key: ['company_number', 'psc_key'],
  columns: [
    col('company_number'),
    col('psc_key'),
    col('kind'),
    col('name'),
    col('notified_on', 'date'),
    col('ceased_on', 'date'),
    col('natures_of_control', 'text[]', []),
    col('nationality'),
    col('country_of_residence'),
    col('statement'),
    col('data', 'jsonb', {}),
  ],
};

export const CHARGES: TableSpec = {
  name: 'charges',
  key: ['charge_id'],
  columns: [
    col('charge_id'),
    col('company_number'),
    col('charge_number', 'integer'),
    col('charge_code'),
    col('status'),
    col('created_on', 'date'),
    col('delivered_on', 'date'),
    col('satisfied_on', 'date'),
    col('acquired_on', 'date'),
    col('classification_type'),
    col('classification_description'),
    col('particulars_type'),
    col('particulars_description'),
    col('contains_fixed_charge', 'boolean', false),
    col('contains_floating_charge', 'boolean', false),
    col('contains_negative_pledge', 'boolean', false),
    col('floating_charge_covers_all', 'boolean', false),
    col('persons_entitled', 'text[]', []),
    col('transactions', 'jsonb', []),
    col('etag'),
  ],
};

export const CHARGE_LENDERS: TableSpec = {
  name: 'charge_lenders',
  key: ['charge_id', 'position'],
  columns: [col('charge_id'), col('position', 'smallint'), col('raw_name'), col('lender_key')],
};

export const FILINGS: TableSpec = {
  name: 'filings',
  key: ['transaction_id'],
  columns: [
    col('transaction_id'),
    col('company_number'),
    col('category'),
    col('subcategory'),
    col('type'),
    col('date', 'date'),
    col('action_date', 'date'),
    col('description'),
    col('description_values', 'jsonb', {}),
    col('annotations', 'jsonb', []),
    col('associated_filings', 'jsonb', []),
    col('pages', 'integer'),
    col('barcode'),
    col('paper_filed', 'boolean', false),
    col('document_id'),
  ],
};

export const DOCUMENTS: TableSpec = {
  name: 'documents',
  key: ['document_id'],
  columns: [
    col('document_id'),
    col('company_number'),
    col('transaction_id'),
    col('content_type'),
    col('pages', 'integer'),
    col('storage_path'),
  ],
};

export const FINANCIAL_STATEMENTS: TableSpec = {
  name: 'financial_statements',
  key: ['company_number', 'period_end'],
  columns: [
    col('company_number'),
    col('period_end', 'date'),
    col('period_start', 'date'),
    col('fiscal_year', 'integer'),
    col('currency'),
    col('document_id'),
    col('source'),
    col('turnover', 'numeric'),
    col('operating_profit', 'numeric'),
    col('net_profit_loss', 'numeric'),
    col('ebitda', 'numeric'),
    col('total_assets', 'numeric'),
    col('total_liabilities', 'numeric'),
    col('net_assets', 'numeric'),
    col('cash', 'numeric'),
    col('employees', 'integer'),
    col('earnings_per_share', 'numeric'),
    col('debt_to_equity_ratio', 'numeric'),
    col('page_numbers', 'jsonb', {}),
    col('terms', 'jsonb', {}),
    col('balance_sheet', 'jsonb', []),
    col('income_statement', 'jsonb', []),
    col('cash_flow', 'jsonb', []),
    col('key_financials', 'jsonb', []),
  ],
};

export const DOCUMENT_SUMMARIES: TableSpec = {
  name: 'document_summaries',
  key: ['company_number', 'document_id'],
  columns: [
    col('company_number'),
    col('document_id'),
    col('fiscal_year', 'integer'),
    col('business_overview'),
    col('management_discussion', 'jsonb'),
    col('risks', 'jsonb', []),
    col('key_highlights', 'jsonb', []),
    col('future_outlook', 'jsonb', []),
    col('accounting_policies', 'jsonb', []),
    col('auditor_name'),
    col('auditor_opinion'),
  ],
};

/** A company's insolvency cases as the insolvency-cases stream publishes them (the REST /company/{n}/insolvency resource). */
export const INSOLVENCY_CASES: TableSpec = {
  name: 'insolvency_cases',
  key: ['company_number'],
  columns: [col('company_number'), col('cases', 'jsonb', []), col('status', 'text[]', []), col('etag')],
};

/** Disqualified officers (the REST /disqualified-officers/{natural|corporate}/{id} resource). */
export const DISQUALIFIED_OFFICERS: TableSpec = {
  name: 'disqualified_officers',
  key: ['officer_id'],
  columns: [
    col('officer_id'),
    col('kind'),
    col('name'),
    col('date_of_birth', 'date'),
    col('disqualifications', 'jsonb', []),
    col('data', 'jsonb', {}),
    col('etag'),
  ],
};

export const SIC_CODES: TableSpec = {
  name: 'sic_codes',
  key: ['code'],
  columns: [col('code'), col('description'), col('section'), col('section_description'), col('division'), col('division_description')],
};

/** Tables that hang off a company, in the order they must be written (parents first). */
export const COMPANY_CHILD_TABLES = [OFFICERS, PSCS, CHARGES, CHARGE_LENDERS, FILINGS, DOCUMENTS, FINANCIAL_STATEMENTS, DOCUMENT_SUMMARIES];
