/** us_kpi_tables: which KPI tables, KPIs and periods a US company's SEC filings give (no figures). */
import type { DataSource } from 'typeorm';
import { US_KPI_TABLES, kpiItems } from '@credence/shared';
import type { ResearchTool, ToolResult } from '../../../platform/ai/engine/types.js';
import { CIK_SCHEMA, cikArg, loadUsCompanyKpis } from './sec-facts.js';

export interface UsKpiTablesData {
  cik: number;
  company_name: string;
  ticker: string | null;
  sample: boolean;
  tables: { table_name: string; kpis: { name: string; row_header_name: string; group_name: string }[] }[];
  /** Period keys held, oldest first: FY2023..., 2023Q1... */
  periods: { annual: string[]; quarterly: string[] };
}

export function usKpiTablesTool(db: DataSource): ResearchTool<Record<string, unknown>, UsKpiTablesData> {
  return {
    name: 'us_kpi_tables',
    description:
      "A US company's KPI tables from its SEC XBRL filings (Income Statement, Balance Sheet, Cash Flow, Per Share, Margins and Returns, Growth): the KPIs each holds and the fiscal years and quarters on file. Call us_kpi_values for the figures.",
    parameters: { type: 'object', properties: { cik: CIK_SCHEMA }, required: ['cik'], additionalProperties: false },
    async run(args): Promise<ToolResult<UsKpiTablesData>> {
      const cik = cikArg(args);
      const loaded = await loadUsCompanyKpis(db, cik);
      if (!loaded) return { data: emptyData(cik), facts: [], missing: [`No US company with CIK ${cik} is held here.`] };
      const { company, kpis } = loaded;
      const items = kpiItems(kpis).filter(
        (i) => i.category === 'annual' || !kpiItems(kpis).some((a) => a.name === i.name && a.category === 'annual'),
      );
      const tables = US_KPI_TABLES.map((table_name) => ({
        table_name,
        kpis: items
          .filter((i) => i.table_name === table_name)
          .map(({ name, row_header_name, group_name }) => ({ name, row_header_name, group_name })),
      })).filter((t) => t.kpis.length);
      return {
        data: {
          cik,
          company_name: company.title,
          ticker: company.ticker,
          sample: Boolean(company.sample),
          tables,
          periods: { annual: kpis.periods.annual.map((p) => p.key), quarterly: kpis.periods.quarterly.map((p) => p.key) },
        },
        facts: [],
        ...(tables.length ? {} : { missing: [`${company.title} has no XBRL company facts imported (no KPI tables).`] }),
      };
    },
  };
}

function emptyData(cik: number): UsKpiTablesData {
  return { cik, company_name: '', ticker: null, sample: false, tables: [], periods: { annual: [], quarterly: [] } };
}
