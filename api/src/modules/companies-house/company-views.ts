import {
  describeFiling,
  FINANCIAL_SUMMARY_KEYS,
  type ChargeView,
  type CompanyProfile,
  type CompanySearchResult,
  type DocumentSummaryView,
  type FilingListItem,
  type FinancialSummary,
  type FinancialSummaryKey,
  type IdentityVerificationDetails,
  type OfficerView,
  type PscView,
  type StatementYear,
} from '@credence/shared';
import type { SearchRow } from '../../platform/register/company-search.repository.js';
import type { StoredCompany } from '../../platform/register/companies.repository.js';
import type {
  ChargeRow,
  DocumentSummaryRow,
  FilingRow,
  FinancialStatementRow,
  OfficerRow,
  PscRow,
  StatementLine,
} from '../../platform/register/rows.js';

/** Rows of the database → the payloads of spec 2 section 3. Pure functions, one per entity. */

export function searchResultView(row: SearchRow): CompanySearchResult {
  return {
    CompanyName: row.company_name,
    CompanyNumber: row.company_number,
    'Exchange:Ticker': row.exchange && row.ticker ? `${row.exchange}:${row.ticker}` : null,
    SICCode_SicText_1: row.sic_texts?.[0] ?? null,
    SICCode_SicText_2: row.sic_texts?.[1] ?? null,
    company_status: row.company_status,
    address: [row.address_line_1, row.post_town, row.postcode].filter(Boolean).join(', ') || null,
    sample: row.source === 'sample',
  };
}

export function profileView(c: StoredCompany): CompanyProfile {
  const metadata: Record<string, unknown> = {};
  c.sic_texts.forEach((text, i) => (metadata[`SICCode.SicText_${i + 1}`] = text));
  Object.assign(metadata, {
    ConfStmtNextDueDate: c.conf_stmt_next_due,
    ConfStmtLastMadeUpDate: c.conf_stmt_last_made_up,
    'Mortgages.NumMortCharges': c.mortgages_total,
    'Mortgages.NumMortOutstanding': c.mortgages_outstanding,
    'Mortgages.NumMortPartSatisfied': c.mortgages_part_satisfied,
    'Mortgages.NumMortSatisfied': c.mortgages_satisfied,
    URI: c.uri,
  });
  return {
    company_name: c.company_name,
    company_number: c.company_number,
    incorporation_date: c.incorporation_date,
    dissolution_date: c.dissolution_date,
    company_status: c.company_status,
    company_category: c.company_category,
    country_of_origin: c.country_of_origin,
    registered_address: JSON.stringify({
      CareOf: c.address_care_of,
      POBox: c.address_po_box,
      AddressLine1: c.address_line_1,
      AddressLine2: c.address_line_2,
      PostTown: c.post_town,
      County: c.county,
      Country: c.country,
      PostCode: c.postcode,
    }),
    accounts: JSON.stringify({
      AccountRefDay: c.accounts_ref_day,
      AccountRefMonth: c.accounts_ref_month,
      NextDueDate: c.accounts_next_due,
      LastMadeUpDate: c.accounts_last_made_up,
      AccountCategory: c.accounts_category,
    }),
    company_metadata: JSON.stringify(metadata),
    sic_codes: c.sic_codes,
    previous_names: c.previous_names ?? [],
    exchange: c.exchange,
    ticker: c.ticker,
    sample: c.source === 'sample',
  };
}

const SUMMARY_COLUMNS: Record<FinancialSummaryKey, keyof FinancialStatementRow> = {
  turnover: 'turnover',
  operatingProfit: 'operating_profit',
  EBITDA: 'ebitda',
  netProfitLoss: 'net_profit_loss',
  totalAssets: 'total_assets',
  totalLiabilities: 'total_liabilities',
  netAssets: 'net_assets',
  cash: 'cash',
  employeeCount: 'employees',
};

/** Series per metric, oldest year first; a year without the metric is left out of its series. */
export function financialSummaryView(statements: FinancialStatementRow[]): FinancialSummary {
  const summary = Object.fromEntries(FINANCIAL_SUMMARY_KEYS.map((key) => [key, []])) as unknown as FinancialSummary;
  for (const s of statements) {
    for (const key of FINANCIAL_SUMMARY_KEYS) {
      const value = s[SUMMARY_COLUMNS[key]] as number | null | undefined;
      if (value === null || value === undefined) continue;
      summary[key].push({
        year: s.fiscal_year,
        value: Number(value),
        currency: key === 'employeeCount' ? '' : s.currency,
        pageNumber: s.page_numbers?.[key] ?? null,
        term: s.terms?.[key] ?? null,
        document_id: s.document_id ?? null,
      });
    }
  }
  return summary;
}

export type StatementKind = 'balance_sheet' | 'income_statement' | 'cash_flow' | 'key_financials';

export function statementYears(statements: FinancialStatementRow[], kind: StatementKind): StatementYear[] {
  return statements
    .filter((s) => (s[kind] as StatementLine[] | undefined)?.length)
    .map((s) => ({
      year: s.fiscal_year,
      period_start: s.period_start ?? null,
      period_end: s.period_end,
      currency: s.currency,
      document_id: s.document_id ?? null,
      lines: (s[kind] as StatementLine[]).map((line) => ({ ...line, value: line.value === null ? null : Number(line.value) })),
    }));
}

export function documentSummaryView(row: DocumentSummaryRow): DocumentSummaryView {
  return {
    businessOverview: row.business_overview ?? null,
    managementDiscussionSummary: row.management_discussion ?? null,
    riskOverview: row.risks ?? [],
    keyHighlights: row.key_highlights ?? [],
    futureOutlook: row.future_outlook ?? [],
    criticalAccountingPolicies: row.accounting_policies ?? [],
    auditorOpinion: { value: row.auditor_opinion ?? null },
    fiscal_year: row.fiscal_year ?? null,
    document_id: row.document_id,
  };
}

export function chargeView(row: ChargeRow): ChargeView {
  return {
    charge_id: row.charge_id,
    charge_number: row.charge_number ?? null,
    charge_code: row.charge_code ?? null,
    etag: row.etag ?? null,
    status: row.status,
    created_on: row.created_on ?? null,
    delivered_on: row.delivered_on ?? null,
    satisfied_on: row.satisfied_on ?? null,
    classification: { type: row.classification_type ?? null, description: row.classification_description ?? null },
    particulars: {
      type: row.particulars_type ?? null,
      description: row.particulars_description ?? null,
      contains_fixed_charge: Boolean(row.contains_fixed_charge),
      contains_floating_charge: Boolean(row.contains_floating_charge),
      contains_negative_pledge: Boolean(row.contains_negative_pledge),
      floating_charge_covers_all: Boolean(row.floating_charge_covers_all),
    },
    persons_entitled: (row.persons_entitled ?? []).map((name) => ({ name })),
    transactions: row.transactions ?? [],
  };
}

export function documentPath(companyNumber: string, documentId: string | null | undefined): string | null {
  return documentId ? `${companyNumber}/${documentId}.pdf` : null;
}

export function filingView(row: FilingRow): FilingListItem {
  const values = row.description_values ?? {};
  return {
    transaction_id: row.transaction_id,
    category: row.category,
    subcategory: row.subcategory ?? null,
    type: row.type,
    date: row.date ?? null,
    action_date: row.action_date ?? null,
    description: row.description,
    long_description: describeFiling(row.description, values),
    description_values: values,
    annotations: row.annotations ?? [],
    pages: row.pages ?? null,
    barcode: row.barcode ?? null,
    paper_filed: Boolean(row.paper_filed),
    s3_path: documentPath(row.company_number, row.document_id),
    document_id: row.document_id ?? null,
  };
}

/** Grouped by category (categories in name order), newest first within each. */
export function filingsByCategory(rows: FilingRow[]): Record<string, FilingListItem[]> {
  const groups = new Map<string, FilingListItem[]>();
  for (const row of rows) {
    const list = groups.get(row.category) ?? [];
    list.push(filingView(row));
    groups.set(row.category, list);
  }
  const sorted = [...groups.keys()].sort();
  return Object.fromEntries(
    sorted.map((category) => [category, groups.get(category)!.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))]),
  );
}

export function officerView(row: OfficerRow): OfficerView {
  return {
    name: row.name,
    officer_role: row.officer_role,
    nationality: row.nationality ?? null,
    occupation: row.occupation ?? null,
    country_of_residence: row.country_of_residence ?? null,
    appointed_on: row.appointed_on ?? null,
    resigned_on: row.resigned_on ?? null,
    person_number: row.person_number ?? null,
    links: { officer: { appointments: row.appointments_link ?? null } },
    identity_verification_details: (row.identity_verification as IdentityVerificationDetails | null | undefined) ?? null,
  };
}

export function pscView(row: PscRow): PscView {
  return {
    kind: row.kind,
    name: row.name ?? null,
    notified_on: row.notified_on ?? null,
    ceased_on: row.ceased_on ?? null,
    natures_of_control: row.natures_of_control ?? [],
    nationality: row.nationality ?? null,
    country_of_residence: row.country_of_residence ?? null,
    statement: row.statement ?? null,
    identity_verification_details: pscVerification(row),
  };
}

/** A PSC's identity_verification_details, kept in its stored record. */
export function pscVerification(row: PscRow): IdentityVerificationDetails | null {
  const details = (row.data as { identity_verification_details?: unknown } | null | undefined)?.identity_verification_details;
  return details && typeof details === 'object' ? (details as IdentityVerificationDetails) : null;
}

/** PSCs split as spec 2 3.8 lists them. */
export function pscGroups(rows: PscRow[]) {
  const groups = {
    individuals: [] as PscView[],
    corporate_entities: [] as PscView[],
    legal_persons: [] as PscView[],
    statements: [] as PscView[],
  };
  for (const row of rows) {
    const view = pscView(row);
    if (row.kind.includes('statement')) groups.statements.push(view);
    else if (row.kind.startsWith('corporate-entity')) groups.corporate_entities.push(view);
    else if (row.kind.startsWith('legal-person')) groups.legal_persons.push(view);
    else groups.individuals.push(view);
  }
  return groups;
}
