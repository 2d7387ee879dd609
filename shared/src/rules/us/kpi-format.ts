/**
 * How a KPI value reads in a table (web and terminal): money in millions of its currency with one
 * decimal, per-share values with two decimals, share counts in millions, percentages with one
 * decimal; negatives in brackets as statements print them. A figure too small for those decimals
 * keeps two significant digits rather than reading as zero ($850,000 in a millions table is
 * "0.85", $40,000 "0.040", EPS of $0.004 "0.0040"), down to whole dollars and shares.
 */
import { US_KPI_TABLES, type UsKpiTableName } from './kpi-catalogue.js';

/** Decimals for a magnitude: `least`, or enough for two significant digits under 1, at most `most`. */
function decimalsFor(magnitude: number, least: number, most: number): number {
  if (magnitude === 0 || magnitude >= 1) return least;
  return Math.min(most, Math.max(least, Math.ceil(-Math.log10(magnitude)) + 1));
}

const grouped = (v: number, least: number, most: number) => {
  const decimals = decimalsFor(Math.abs(v), least, most);
  return Math.abs(v).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
};

export function formatKpiValue(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  let text: string;
  if (unit === '%') text = `${grouped(value, 1, 3)}%`;
  else if (unit.endsWith('/shares')) text = grouped(value, 2, 4);
  else if (unit === 'shares') text = `${grouped(value / 1e6, 1, 6)}m`;
  else text = grouped(value / 1e6, 1, 6);
  return value < 0 ? `(${text})` : text;
}

/** The unit line under a table's title: "USD millions", "USD per share; shares in millions", "%". */
export function kpiTableUnitLabel(tableUnit: string): string {
  if (tableUnit === '%') return 'percent';
  if (tableUnit.endsWith(' per share')) return `${tableUnit}; shares in millions`;
  return `${tableUnit} millions`;
}

/** A table named loosely ("income", "cash-flow", "per share", "margins") → its catalogue name. */
export function matchKpiTableName(text: string): UsKpiTableName | null {
  const t = text.trim().toLowerCase().replace(/[-_]+/g, ' ');
  if (!t) return null;
  return US_KPI_TABLES.find((name) => name.toLowerCase() === t) ?? US_KPI_TABLES.find((name) => name.toLowerCase().startsWith(t)) ?? null;
}

/** "FY2023", "2023Q4", "Q4 2023" or "Q4 FY2023" → the period key of a kpi_value_id; null otherwise. */
export function parsePeriodKey(text: string): string | null {
  const t = text.trim().toUpperCase().replace(/\s+/g, ' ');
  let m = /^FY ?(\d{4})$/.exec(t);
  if (m) return `FY${m[1]}`;
  m = /^(\d{4}) ?Q([1-4])$/.exec(t);
  if (m) return `${m[1]}Q${m[2]}`;
  m = /^Q([1-4]) (?:FY ?)?(\d{4})$/.exec(t);
  if (m) return `${m[2]}Q${m[1]}`;
  return null;
}
