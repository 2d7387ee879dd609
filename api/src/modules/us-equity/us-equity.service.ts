import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  US_EQUITY_TEXTS,
  US_KPI_TABLES,
  isKpiTableName,
  kpiItems,
  kpiTable,
  kpiValue,
  parseCik,
  parseDocumentCategory,
  parseKpiValueId,
  searchUsCompanies,
  type CompanyKpis,
  type UsCompany,
  type UsDocumentCategory,
  type UsKpiItem,
  type UsKpiTable,
  type UsKpiValue,
} from '@credence/shared';
import { storedCompanyKpis } from './kpis-cache.js';
import { UsCompaniesRepository, type StoredUsCompany } from './store/us-companies.repository.js';
import { kpiWorkbook } from './kpi-workbook.js';

/** Public shape of a stored company (no cache key). */
export function publicCompany(c: StoredUsCompany): UsCompany {
  const { cik: _cik, factsVersion: _v, ...rest } = c;
  return rest;
}

/**
 * The KPI calls of spec 3 section 7 over the stored facts. A company's KPIs are computed from its
 * facts by the shared rules, computed once per version of the facts (storedCompanyKpis), so a page
 * that opens table after table computes them once.
 */
@Injectable()
export class UsEquityService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(UsCompaniesRepository) private readonly companies: UsCompaniesRepository,
  ) {}

  async company(cikText: string): Promise<StoredUsCompany> {
    const cik = parseCik(cikText);
    const company = cik === null ? null : await this.companies.byCik(cik);
    if (!company) throw new NotFoundException(US_EQUITY_TEXTS.unknownCompany(cikText.trim()));
    return company;
  }

  /** A CIK or a ticker (the terminal's argument). */
  async resolve(text: string): Promise<StoredUsCompany> {
    const t = text.trim();
    if (/^\d+$/.test(t)) return this.company(t);
    const company = await this.companies.byTicker(t);
    if (!company) throw new NotFoundException(`No US company with ticker ${t.toUpperCase()}: search by name first (credence us search).`);
    return company;
  }

  kpis(company: StoredUsCompany): Promise<CompanyKpis> {
    return storedCompanyKpis(this.db, company);
  }

  async kpiList(companyId: string): Promise<UsKpiItem[]> {
    const company = await this.company(companyId);
    return company.available ? kpiItems(await this.kpis(company)) : [];
  }

  async table(companyId: string, documentCategory: string | undefined, tableName: string): Promise<UsKpiTable> {
    const category = this.category(documentCategory, 'document_category');
    if (!isKpiTableName(tableName)) throw new BadRequestException(US_EQUITY_TEXTS.unknownTable(tableName, US_KPI_TABLES));
    const company = await this.company(companyId);
    if (!company.available) throw new NotFoundException(US_EQUITY_TEXTS.noFacts(company.title));
    const table = kpiTable(await this.kpis(company), tableName, category);
    return company.sample ? { ...table, sample: true } : table;
  }

  async value(cik: string, docCg: string | undefined, kvId: string): Promise<UsKpiValue & { company: UsCompany }> {
    const parsed = parseKpiValueId(kvId);
    if (!parsed) throw new BadRequestException("kv_id must be a table cell's kpi_value_id such as revenue@FY2023");
    if (docCg !== undefined && this.category(docCg, 'doc_cg') !== parsed.category)
      throw new BadRequestException(
        `kv_id ${kvId} is ${parsed.category === 'annual' ? 'an annual' : 'a quarterly'} value: doc_cg must be ${parsed.category}`,
      );
    const company = await this.company(cik);
    const value = company.available ? kpiValue(await this.kpis(company), kvId) : null;
    if (!value) throw new NotFoundException(US_EQUITY_TEXTS.unknownValue(kvId));
    return { ...value, company: publicCompany(company) };
  }

  async list(search: string | undefined, limit: number | undefined): Promise<UsCompany[]> {
    const all = (await this.companies.all()).map(publicCompany);
    if (search === undefined) return limit ? all.slice(0, limit) : all;
    return searchUsCompanies(all, search, limit ?? 50);
  }

  async request(cikText: string, userId: string): Promise<{ msg: string; message: string }> {
    const company = await this.company(cikText);
    if (company.available) throw new ConflictException(US_EQUITY_TEXTS.alreadyAvailable(company.title));
    const added = await this.companies.request(company.cik, userId);
    const msg = added ? US_EQUITY_TEXTS.requestStored(company.title) : US_EQUITY_TEXTS.requestExists(company.title);
    return { msg, message: msg };
  }

  requests() {
    return this.companies.requests();
  }

  async workbook(cik: string): Promise<{ company: StoredUsCompany; body: Buffer }> {
    const company = await this.company(cik);
    if (!company.available) throw new NotFoundException(US_EQUITY_TEXTS.noFacts(company.title));
    return { company, body: await kpiWorkbook(publicCompany(company), await this.kpis(company)) };
  }

  private category(value: string | undefined, field: string): UsDocumentCategory {
    const category = parseDocumentCategory(value);
    if (!category) throw new BadRequestException(`${field} must be annual or quarterly (10-K and 10-Q are accepted too)`);
    return category;
  }
}
