/** us_kpi_values: a US company's KPI figures by period, each traced to the tag of the SEC filing it came from. */
import type { DataSource } from 'typeorm';
import { isKpiTableName, kpiValue, parseDocumentCategory, type UsDocumentCategory, type UsKpiValue } from '@credence/shared';
import type { Fact, ResearchTool, ToolResult } from '../../../platform/ai/engine/types.js';
import { integerArg } from '../../../platform/ai/engine/tool-args.js';
import { CIK_SCHEMA, cikArg, kpiFact, loadUsCompanyKpis } from './sec-facts.js';

export interface UsKpiValuesData {
  cik: number;
  company_name: string;
  category: UsDocumentCategory;
  /** Per KPI asked for and held: its values, oldest period first. */
  series: { name: string; row_header_name: string; table_name: string; unit: string; values: UsKpiValue[] }[];
}

const MAX_PERIODS = 40;

export function usKpiValuesTool(db: DataSource): ResearchTool<Record<string, unknown>, UsKpiValuesData> {
  return {
    name: 'us_kpi_values',
    description:
      "A US company's KPI figures from its SEC filings, annual (fiscal years) or quarterly (discrete quarters, some derived from year-to-date figures: Q4 = FY − 9M), each with the filing tag it came from (concept, accession, form, filed date). Name KPIs (revenue, net_income, free_cash_flow, gross_margin...) or a table.",
    parameters: {
      type: 'object',
      properties: {
        cik: CIK_SCHEMA,
        kpis: { type: 'array', items: { type: 'string' }, description: 'KPI names from us_kpi_tables (e.g. revenue, net_income).' },
        table_name: {
          type: 'string',
          description: 'A whole table instead: Income Statement, Balance Sheet, Cash Flow, Per Share, Margins and Returns, Growth.',
        },
        category: { type: 'string', enum: ['annual', 'quarterly'], description: 'Fiscal years (default) or quarters.' },
        periods: { type: 'integer', description: 'How many of the latest periods (default 5).' },
      },
      required: ['cik'],
      additionalProperties: false,
    },
    async run(args): Promise<ToolResult<UsKpiValuesData>> {
      const cik = cikArg(args);
      const category = parseDocumentCategory(typeof args.category === 'string' ? args.category : 'annual') ?? 'annual';
      const count = integerArg(args, 'periods', 5, MAX_PERIODS);
      const loaded = await loadUsCompanyKpis(db, cik);
      const empty = { cik, company_name: loaded?.company.title ?? '', category, series: [] };
      if (!loaded) return { data: empty, facts: [], missing: [`No US company with CIK ${cik} is held here.`] };
      const { kpis } = loaded;
      const table = typeof args.table_name === 'string' && isKpiTableName(args.table_name) ? args.table_name : null;
      const names = Array.isArray(args.kpis) ? args.kpis.filter((k): k is string => typeof k === 'string').slice(0, 30) : [];
      const wanted = [...kpis.series.values()].filter((s) => (table ? s.kpi.table_name === table : names.includes(s.kpi.name)));
      const missing = names
        .filter((n) => !kpis.series.has(n))
        .map((n) => `${loaded.company.title}'s filings give no ${n.replace(/_/g, ' ')}.`);
      const facts: Fact[] = [];
      const series = wanted.flatMap((s) => {
        const keys = [...s[category].keys()].sort((a, b) => a.localeCompare(b)).slice(-count);
        const values = keys.flatMap((k) => kpiValue(kpis, `${s.kpi.name}@${k}`) ?? []);
        if (!values.length) {
          missing.push(`No ${category} ${s.kpi.row_header_name.toLowerCase()} is on file for ${loaded.company.title}.`);
          return [];
        }
        for (const v of values) facts.push(kpiFact(cik, kpis, v));
        return [{ name: s.kpi.name, row_header_name: s.kpi.row_header_name, table_name: s.kpi.table_name, unit: s.unit, values }];
      });
      return { data: { ...empty, series }, facts, ...(missing.length ? { missing } : {}) };
    },
  };
}
