/**
 * How a KPI table, a cell and a traced value read in the web app and the terminal alike: the
 * cell's text with its derived mark, the period of a value ("FY2023", "Q4 FY2023"), the operands
 * of a derived value, and a table narrowed to the KPIs a search names.
 */
import type { UsKpiCell, UsKpiItem, UsKpiPeriod, UsKpiTable, UsKpiValue, UsOperand } from '../../contracts/us-equity.js';
import { fuzzyScore } from './company-search.js';
import { formatKpiValue, kpiTableUnitLabel } from './kpi-format.js';

/** The mark after a derived value (a quarter from year-to-date figures, a margin, a growth rate). */
export const US_DERIVED_MARK = '*';

export const US_DERIVED_NOTE =
  'derived (a quarter from year-to-date figures, a margin or a growth rate): open the value to see its operands and filings.';

/** A cell as text: its value as statements print it, then the derived mark; "—" for no value. */
export function kpiCellText(cell: UsKpiCell | null | undefined, unit: string): string {
  if (!cell) return '—';
  return `${formatKpiValue(cell.value, unit)}${cell.derived ? US_DERIVED_MARK : ''}`;
}

/** "FY2023" or "Q4 FY2023". */
export function kpiPeriodTitle(value: Pick<UsKpiValue, 'ending_type' | 'fiscal_year'>): string {
  return value.ending_type === 'FY' ? `FY${value.fiscal_year}` : `${value.ending_type} FY${value.fiscal_year}`;
}

/** The sign column of an operand: +, −, / or "vs" for the base of a growth rate. */
export function operandRoleText(role: UsOperand['role']): string {
  return role === 'base' ? 'vs' : role;
}

/** Where an operand came from: "Revenues · 10-Q 0000320193-23-000064", or "derived" when it is itself derived. */
export function operandSourceText(operand: UsOperand): string {
  const s = operand.source;
  return s ? `${s.concept.replace(/^[a-z-]+:/, '')} · ${s.form} ${s.accn}` : 'derived';
}

export interface UsOperandRow {
  role: string;
  label: string;
  value: string;
  period: string;
  source: string;
  kpi_value_id: string | null;
}

/** A derived value's operands as the quarterised table shows them. */
export function operandRows(value: Pick<UsKpiValue, 'operands'>): UsOperandRow[] {
  return value.operands.map((o) => ({
    role: operandRoleText(o.role),
    label: o.label,
    value: formatKpiValue(o.value, o.unit),
    period: o.start ? `${o.start} to ${o.end}` : o.end,
    source: operandSourceText(o),
    kpi_value_id: o.kpi_value_id ?? null,
  }));
}

export interface UsKpiTableCellView {
  text: string;
  derived: boolean;
  kpi_value_id: string;
}

export interface UsKpiTableRowView {
  name: string;
  label: string;
  group: string;
  unit: string;
  /** The group's first row (the table shows the group's heading above it). */
  firstOfGroup: boolean;
  cells: (UsKpiTableCellView | null)[];
}

export interface UsKpiTableView {
  title: string;
  unitLabel: string;
  periods: readonly UsKpiPeriod[];
  rows: UsKpiTableRowView[];
  hasDerived: boolean;
}

/** A KPI table as shown: texts with derived marks, groups, and only the rows `names` keeps (all when null). */
export function kpiTableView(table: UsKpiTable, names: ReadonlySet<string> | null = null): UsKpiTableView {
  let lastGroup: string | null = null;
  const rows: UsKpiTableRowView[] = [];
  for (const row of table.table_data) {
    if (names && !names.has(row.name)) continue;
    rows.push({
      name: row.name,
      label: row.row_header_name,
      group: row.group_name,
      unit: row.unit,
      firstOfGroup: row.group_name !== lastGroup,
      cells: row.cells.map((c) => (c ? { text: kpiCellText(c, row.unit), derived: c.derived, kpi_value_id: c.kpi_value_id } : null)),
    });
    lastGroup = row.group_name;
  }
  return {
    title: table.table_name,
    unitLabel: kpiTableUnitLabel(table.table_unit),
    periods: table.periods,
    rows,
    hasDerived: rows.some((r) => r.cells.some((c) => c?.derived)),
  };
}

/** KPIs whose label, name or group a search finds (fuzzy, as the company search), best first. */
export function searchKpis(items: readonly UsKpiItem[], query: string): UsKpiItem[] {
  const q = query.trim();
  if (!q) return [...items];
  const scored: { item: UsKpiItem; score: number; index: number }[] = [];
  items.forEach((item, index) => {
    const scores = [fuzzyScore(q, item.row_header_name), fuzzyScore(q, item.name.replace(/_/g, ' ')), fuzzyScore(q, item.group_name)];
    const found = scores.filter((s): s is number => s !== null);
    if (found.length) scored.push({ item, score: Math.min(...found), index });
  });
  return scored.sort((a, b) => a.score - b.score || a.index - b.index).map((s) => s.item);
}

/** A traced value's facts as label and text pairs (value, period end, how it was derived, its tag and filing). */
export function kpiValueFacts(value: UsKpiValue): [string, string][] {
  const pairs: [string, string][] = [
    ['Value', `${formatKpiValue(value.value, value.unit)} (${value.unit === '%' ? 'percent' : value.unit}: ${value.value})`],
    ['Period ends', value.fiscal_date],
  ];
  if (value.derived) pairs.push(['Derived', value.formula ?? 'yes']);
  for (const s of value.sources.slice(0, value.derived ? 0 : 1))
    pairs.push(['Tag', s.concept], ['Filing', `${s.form} filed ${s.filed}, accession ${s.accn}`]);
  return pairs;
}

/** Said wherever the generated sample companies show. */
export const US_SAMPLE_NOTICE = 'Sample data: generated companies and figures, not real SEC filings.';

/** The /backlinker address of a KPI cell (what the API's `backlinker` call answers too). */
export function backlinkerPath(cik: string, kvId: string, category: 'annual' | 'quarterly'): string {
  return `/backlinker?${new URLSearchParams({ cik, doc_cg: category, kv_id: kvId }).toString()}`;
}
