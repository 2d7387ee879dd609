/**
 * The key figures of the overview (spec 2 2.5 KPI cards; the API's insights.key_figures): the
 * latest financial year and each metric's value there, with the change on the year before.
 */
import {
  FINANCIAL_SUMMARY_KEYS,
  type FinancialSummary,
  type FinancialSummaryKey,
  type KeyFigure,
  type KeyFigures,
} from '../../../contracts/uk-companies.js';
import { formatCurrency, formatEmployees } from '../format.js';
import { metricYearOverYear } from '../year-over-year.js';

/**
 * The latest year of the key figures: the latest financial year in which the summary holds at
 * least one figure (a year of accounts with no figure at all is not "latest"); null without any.
 */
export function latestFinancialYear(summary: Partial<FinancialSummary> | null | undefined): number | null {
  let latest: number | null = null;
  for (const key of FINANCIAL_SUMMARY_KEYS) {
    for (const item of summary?.[key] ?? []) {
      if (item.value !== null && Number.isFinite(item.value) && (latest === null || item.year > latest)) latest = item.year;
    }
  }
  return latest;
}

/** Each metric in the latest year, with the year before (exactly one year earlier) and the change; null without figures. */
export function keyFigures(summary: Partial<FinancialSummary> | null | undefined): KeyFigures | null {
  const year = latestFinancialYear(summary);
  if (year === null) return null;
  const out: KeyFigures = {};
  for (const key of FINANCIAL_SUMMARY_KEYS) {
    const series = summary?.[key] ?? [];
    const current = series.find((item) => item.year === year) ?? null;
    const previous = series.find((item) => item.year === year - 1) ?? null;
    out[key] = {
      year,
      value: current?.value ?? null,
      currency: current?.currency || null,
      previous: previous?.value ?? null,
      change: metricYearOverYear(key, current?.value, previous?.value),
      pageNumber: current?.pageNumber ?? null,
      document_id: current?.document_id ?? null,
    } satisfies KeyFigure;
  }
  return out;
}

/** A key figure as the cards and the terminal show it: employees as a count, the rest in the currency ("£12.3M"). */
export function keyFigureText(key: FinancialSummaryKey, value: number | null | undefined, currency?: string | null): string {
  return key === 'employeeCount' ? formatEmployees(value) : formatCurrency(value, currency || undefined);
}

/** "+12.5% YoY", or "N/A" (the card's change line). */
export function keyFigureChangeText(figure: Pick<KeyFigure, 'change'> | null | undefined): string {
  const label = figure?.change.label ?? 'N/A';
  return label === 'N/A' ? 'N/A' : `${label} YoY`;
}

/** "FY2024", or "N/A" without a year. */
export function fiscalYearLabel(year: number | null | undefined): string {
  return typeof year === 'number' ? `FY${year}` : 'N/A';
}
