import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  SAMPLE_DATA_NOTICE,
  SUGGESTED_COMPANIES,
  type AggregatedFinancials,
  type CompaniesHouseTable,
  type CompanyOverview,
  type CompanySearchResult,
  type FilingsByCategory,
  type OfficersResponse,
} from '@credence/shared';
import { CompaniesRepository } from '../../platform/register/companies.repository.js';
import { CompanySearchRepository, normaliseCompanyNumber } from '../../platform/register/company-search.repository.js';
import {
  chargeView,
  documentSummaryView,
  filingsByCategory,
  financialSummaryView,
  officerView,
  profileView,
  pscGroups,
  searchResultView,
  statementYears,
  documentPath,
  type StatementKind,
} from './company-views.js';
import { overviewInsights } from './overview-insights.js';
import type { FinancialStatementRow } from '../../platform/register/rows.js';

export function notFound(companyNumber: string): NotFoundException {
  return new NotFoundException(`Company with number ${companyNumber} not found.`);
}

/** The UK company explorer (spec 2 section 7): search, overview, filings, financials, officers. */
@Injectable()
export class CompaniesHouseService {
  constructor(
    @Inject(CompaniesRepository) private readonly companies: CompaniesRepository,
    @Inject(CompanySearchRepository) private readonly searchRepository: CompanySearchRepository,
  ) {}

  async search(query: string, limit = 20): Promise<CompanySearchResult[]> {
    if (!query.trim()) return [];
    return (await this.searchRepository.search(query, limit)).map(searchResultView);
  }

  async companyList(limit = 50): Promise<{ companies: CompanySearchResult[]; total_count: number }> {
    const rows = await this.searchRepository.defaultList(
      SUGGESTED_COMPANIES.map((c) => c.company_number),
      limit,
    );
    const companies = rows.map(searchResultView);
    return { companies, total_count: companies.length };
  }

  /** The stored form of a number as typed ("445790" → "00445790"). */
  private key(companyNumber: string): string {
    return normaliseCompanyNumber(companyNumber) ?? companyNumber.trim().toUpperCase();
  }

  private async requireCompany(companyNumber: string) {
    const company = await this.companies.company(this.key(companyNumber));
    if (!company) throw notFound(companyNumber.trim());
    return company;
  }

  private async requireExists(companyNumber: string): Promise<string> {
    const key = this.key(companyNumber);
    if (!(await this.companies.exists(key))) throw notFound(companyNumber.trim());
    return key;
  }

  async filings(companyNumber: string): Promise<FilingsByCategory> {
    const key = await this.requireExists(companyNumber);
    return filingsByCategory(await this.companies.filings(key));
  }

  async overview(companyNumber: string, now = new Date()): Promise<CompanyOverview> {
    const company = await this.requireCompany(companyNumber);
    const n = company.company_number;
    const [statements, summaries, charges, filings, officers, pscs] = await Promise.all([
      this.companies.financialStatements(n),
      this.companies.documentSummaries(n),
      this.companies.charges(n),
      this.companies.filings(n),
      this.companies.officers(n),
      this.companies.pscs(n),
    ]);
    const latestSummary = summaries[0] ?? null;
    const latestStatement = statements.at(-1) ?? null;
    const documentId = latestSummary?.document_id ?? latestStatement?.document_id ?? null;
    const sample = company.source === 'sample';
    return {
      company_profile: profileView(company),
      financial_summary: statements.length ? financialSummaryView(statements) : null,
      document_summary: latestSummary ? documentSummaryView(latestSummary) : null,
      document_metadata: { additionalDetails: { auditor: { name: latestSummary?.auditor_name ?? null } } },
      document_key_highlights: latestSummary?.key_highlights ?? [],
      filing_details: documentId
        ? { company_number: n, document_category: 'AA', s3_path: documentPath(n, documentId), document_id: documentId }
        : null,
      charges: { charges: charges.map(chargeView) },
      insights: overviewInsights(
        {
          status: company.company_status,
          company,
          auditor: auditorOf(summaries),
          filings,
          officers,
          pscs,
          charges,
          statements,
        },
        now,
      ),
      sample,
      notice: sample ? SAMPLE_DATA_NOTICE : null,
    };
  }

  private async statementsFor(companyNumber: string, fileName?: string): Promise<{ key: string; statements: FinancialStatementRow[] }> {
    const key = await this.requireExists(companyNumber);
    let statements = await this.companies.financialStatements(key);
    if (fileName) {
      const documentId = fileName.replace(/\.(pdf|html|xhtml)$/i, '');
      statements = statements.filter((s) => s.document_id === documentId);
      if (!statements.length) throw new NotFoundException(`No financial statements from document ${documentId} for company ${key}.`);
    }
    return { key, statements };
  }

  async aggregatedFinancials(companyNumber: string, documentCategory = 'AA', fileName?: string): Promise<AggregatedFinancials> {
    const { key, statements } = await this.statementsFor(companyNumber, fileName);
    const latest = statements.at(-1);
    return {
      financial_summary: financialSummaryView(statements),
      standardized_balance_sheet: statementYears(statements, 'balance_sheet'),
      standardized_income_statement: statementYears(statements, 'income_statement'),
      standardized_cash_flow_statement: statementYears(statements, 'cash_flow'),
      key_financials: statementYears(statements, 'key_financials'),
      filing_details: latest?.document_id
        ? {
            company_number: key,
            document_category: documentCategory,
            s3_path: documentPath(key, latest.document_id),
            document_id: latest.document_id,
          }
        : null,
    };
  }

  async officers(companyNumber: string): Promise<OfficersResponse> {
    const key = await this.requireExists(companyNumber);
    const [officers, pscs] = await Promise.all([this.companies.officers(key), this.companies.pscs(key)]);
    return { officers: { data: officers.map(officerView) }, psc: pscGroups(pscs) };
  }

  /** The periods the company has accounts for (spec 2 3.18: date map items), newest first. */
  async companyDates(
    companyNumber: string,
  ): Promise<{ date: string; fiscal_date: string; fiscal_year: number; document_id: string | null }[]> {
    const { statements } = await this.statementsFor(companyNumber);
    return statements
      .map((s) => ({
        date: s.period_end,
        fiscal_date: `FY${s.fiscal_year}`,
        fiscal_year: s.fiscal_year,
        document_id: s.document_id ?? null,
      }))
      .reverse();
  }

  /** One statement as a table (spec 2 3.16): a row per line, a column per year. */
  async kpiTable(companyNumber: string, documentCategory: string, table: StatementKind | 'financial_summary') {
    const { statements } = await this.statementsFor(companyNumber);
    const currency = statements.at(-1)?.currency ?? 'GBP';
    const years = table === 'financial_summary' ? [] : statementYears(statements, table);
    const labels = new Map<string, string>();
    for (const year of years) for (const line of year.lines) if (!labels.has(line.key)) labels.set(line.key, line.label);
    let dataRows: CompaniesHouseTable['dataRows'];
    if (table === 'financial_summary') {
      const summary = financialSummaryView(statements);
      const allYears = [...new Set(statements.map((s) => s.fiscal_year))];
      dataRows = Object.entries(summary).map(([key, series]) => ({
        rowLabel: key,
        columns: allYears.map((year) => ({ columnLabel: `FY${year}`, value: series.find((item) => item.year === year)?.value ?? null })),
      }));
    } else {
      dataRows = [...labels].map(([key, label]) => ({
        rowLabel: label,
        columns: years.map((year) => ({
          columnLabel: `FY${year.year}`,
          value: year.lines.find((line) => line.key === key)?.value ?? null,
        })),
      }));
    }
    const latest = years.at(-1);
    const pageNumber = latest?.lines.find((line) => line.pageNumber !== null)?.pageNumber ?? null;
    const tableData: CompaniesHouseTable = {
      tableMetadata: {
        tableName: table,
        currency,
        unit: 'units',
        pageNumber,
        pdfName: latest?.document_id ? `${latest.document_id}.pdf` : null,
        tableType: documentCategory,
      },
      dataRows,
    };
    return { table_data: tableData, table_unit: 'units' };
  }

  /** Postgres is the search index: the entry is the row itself, so refreshing it means re-reading it. */
  async index(companyNumber: string): Promise<{ status: 'success'; message: string }> {
    const key = this.key(companyNumber);
    if (!(await this.companies.touch(key))) throw notFound(companyNumber.trim());
    return { status: 'success', message: `Company ${key} is up to date in search.` };
  }
}

/** The latest audit opinion on file and its fiscal year (the distress signals read its going-concern language). */
function auditorOf(
  summaries: { fiscal_year?: number | null; auditor_opinion?: string | null }[],
): { fiscalYear: number; opinion: string } | null {
  const latest = summaries.find((s) => s.auditor_opinion && s.fiscal_year);
  return latest ? { fiscalYear: latest.fiscal_year!, opinion: latest.auditor_opinion! } : null;
}
