import type { DataSource } from 'typeorm';
import { companyKpis, type CompanyKpis } from '@credence/shared';
import { Lru } from '../../platform/ai/evidence/lru.js';
import { loadFacts } from './store/us-facts.repository.js';
import type { StoredUsCompany } from './store/us-companies.repository.js';

/** Companies whose KPIs each database keeps computed. */
const COMPANIES_KEPT = 64;
const caches = new WeakMap<DataSource, Lru<string, CompanyKpis>>();

/**
 * A company's KPIs, computed by the shared rules from its stored facts once per version of those
 * facts: the KPI pages, the research tools and the equity analyses read the same object (never
 * changed by a reader), so a research run or a page of tables loads and computes them once.
 */
export async function storedCompanyKpis(db: DataSource, company: StoredUsCompany): Promise<CompanyKpis> {
  if (!company.available) return companyKpis([], { fiscalYearEnd: company.fiscal_year_end });
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Lru<string, CompanyKpis>(COMPANIES_KEPT)));
  const key = `${company.cik}:${company.factsVersion}:${company.fiscal_year_end ?? ''}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const computed = companyKpis(await loadFacts(db, company.cik), { fiscalYearEnd: company.fiscal_year_end });
  cache.set(key, computed);
  return computed;
}
