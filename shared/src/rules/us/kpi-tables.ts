/**
 * The payloads of spec 3's KPI calls built from one company's KPI values: the KPI list, a table
 * (`table_data`, `table_unit`), and one value with its sources and operands.
 */
import type { UsDocumentCategory, UsFactSource, UsKpiItem, UsKpiTable, UsKpiValue } from '../../contracts/us-equity.js';
import { US_KPI_TABLES, type UsKpiTableName, tableUnit } from './kpi-catalogue.js';
import type { CompanyKpis } from './kpi-values.js';
import { factSource } from './quarterise.js';

export function isKpiTableName(name: string): name is UsKpiTableName {
  return (US_KPI_TABLES as readonly string[]).includes(name);
}

/** The document category a request names: `annual`/`quarterly`, or the forms `10-K`/`10-Q`. */
export function parseDocumentCategory(value: string | null | undefined): UsDocumentCategory | null {
  const v = (value ?? 'annual').trim().toLowerCase();
  if (v === 'annual' || v === '10-k' || v === 'fy') return 'annual';
  if (v === 'quarterly' || v === '10-q' || v === 'q') return 'quarterly';
  return null;
}

/** The KPIs that hold at least one value, per category, in catalogue order. */
export function kpiItems(kpis: CompanyKpis): UsKpiItem[] {
  const items: UsKpiItem[] = [];
  for (const category of ['annual', 'quarterly'] as const) {
    for (const s of kpis.series.values()) {
      if (s[category].size === 0) continue;
      const { name, table_name, group_name, row_header_name } = s.kpi;
      items.push({ name, table_name, group_name, row_header_name, category });
    }
  }
  return items;
}

/** One KPI table; rows with no value in the category are left out. */
export function kpiTable(kpis: CompanyKpis, table: UsKpiTableName, category: UsDocumentCategory): UsKpiTable {
  const rows = [...kpis.series.values()].filter((s) => s.kpi.table_name === table && s[category].size > 0);
  const used = new Set(rows.flatMap((s) => [...s[category].keys()]));
  const periods = kpis.periods[category].filter((p) => used.has(p.key));
  return {
    table_name: table,
    category,
    table_unit: tableUnit(table, kpis.currency),
    periods,
    table_data: rows.map((s) => ({
      name: s.kpi.name,
      group_name: s.kpi.group_name,
      row_header_name: s.kpi.row_header_name,
      unit: s.unit,
      cells: periods.map((p) => {
        const point = s[category].get(p.key);
        return point ? { kpi_value_id: `${s.kpi.name}@${p.key}`, value: point.value, derived: point.derived } : null;
      }),
    })),
  };
}

/** `revenue@FY2023` → its parts; null when malformed. */
export function parseKpiValueId(id: string): { kpi: string; key: string; category: UsDocumentCategory } | null {
  const m = /^([a-z0-9_]{1,64})@(FY\d{4}|\d{4}Q[1-4])$/.exec(id.trim());
  if (!m) return null;
  return { kpi: m[1]!, key: m[2]!, category: m[2]!.startsWith('FY') ? 'annual' : 'quarterly' };
}

/** One value with where it came from; null when the company has no such value. */
export function kpiValue(kpis: CompanyKpis, id: string): UsKpiValue | null {
  const parsed = parseKpiValueId(id);
  if (!parsed) return null;
  const s = kpis.series.get(parsed.kpi);
  const p = s?.[parsed.category].get(parsed.key);
  if (!s || !p) return null;
  const sources: UsFactSource[] = p.fact ? [factSource(p.fact)] : p.operands.flatMap((o) => (o.source ? [o.source] : []));
  const latest = [...sources].sort((a, b) => b.filed.localeCompare(a.filed))[0];
  return {
    kpi_value_id: `${s.kpi.name}@${p.key}`,
    name: s.kpi.name,
    table_name: s.kpi.table_name,
    group_name: s.kpi.group_name,
    row_header_name: s.kpi.row_header_name,
    table_unit: tableUnit(s.kpi.table_name, kpis.currency),
    value: p.value,
    unit: s.unit,
    ending_type: p.ending_type,
    fiscal_date: p.end,
    fiscal_year: p.fiscal_year,
    derived: p.derived,
    ...(p.formula ? { formula: p.formula } : {}),
    form_type: latest?.form ?? null,
    filing_report_date: latest?.filed ?? null,
    sources,
    operands: p.operands,
  };
}
