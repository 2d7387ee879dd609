/**
 * The Share Capital panel's chart (spec 2 2.8): issued capital at each statement of capital,
 * oldest first, in one currency. The figures, classes and dates come from the shared capital
 * rules (`capitalSummary`, which the API puts in `overview.insights.capital`); this only picks
 * what a small bar chart can show.
 */
import { formatDate } from '../../rules/uk/dates.js';
import type { CapitalSummary } from '../../rules/uk/capital.js';

export interface CapitalChartPoint {
  /** "01/03/2023 SH01": the accessible name of the bar. */
  label: string;
  /** Under the bar: "03/23". */
  tick: string;
  /** Issued capital in the chart's currency, or null when that statement has none in it. */
  value: number | null;
  date: string;
}

export interface CapitalChart {
  currency: string;
  points: CapitalChartPoint[];
}

/** Most bars the panel's column has room for. */
export const CAPITAL_CHART_MAX_POINTS = 8;

/**
 * Issued capital per statement (one per date, the newest filing of that date), the last
 * `maxPoints` of them, oldest first, in the latest statement's largest currency. Null when
 * there is no statement of capital to draw.
 */
export function capitalChart(summary: CapitalSummary | null | undefined, maxPoints = CAPITAL_CHART_MAX_POINTS): CapitalChart | null {
  const latest = summary?.latestStatement;
  if (!summary || !latest) return null;
  const currency = Object.entries(latest.totals).sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!currency) return null;
  const seen = new Set<string>();
  const points: CapitalChartPoint[] = [];
  // the timeline is newest first
  for (const event of summary.timeline ?? []) {
    if (!event.capital?.length || seen.has(event.date)) continue;
    seen.add(event.date);
    const inCurrency = event.capital.filter((f) => f.currency === currency);
    const value = inCurrency.length ? inCurrency.reduce((sum, f) => sum + f.figure, 0) : null;
    const [y, m] = event.date.split('-');
    points.push({ label: `${formatDate(event.date)} ${event.type}`.trim(), tick: `${m}/${y.slice(-2)}`, value, date: event.date });
    if (points.length === maxPoints) break;
  }
  return points.length ? { currency, points: points.reverse() } : null;
}
