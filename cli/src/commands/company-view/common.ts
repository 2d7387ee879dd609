/** What every section of the terminal company overview shares: the view (widths, style, now) and small formatters. */
import {
  COMPANY_SECTIONS,
  companyStatusLabel,
  companyStatusTone,
  STATUS_TONE_COLOURS,
  type CompanyOverview,
  type CompanySectionId,
  type OverviewInsights,
  type ToneColour,
  type YearOverYear,
} from '@credence/shared';
import { count } from '../../runtime/output.js';
import { NBSP, type Style } from '../../output/text.js';

export interface View {
  /** Columns for text (wrapping) and tables. */
  width: number;
  /** Columns for wide tables (the filings list): wider than the terminal when stdout is a pipe. */
  tableWidth: number;
  style: Style;
  now: Date;
}

/** The insights of the overview answer (shared contract); any may be missing from an older server. */
export function insightsOf(overview: CompanyOverview): Partial<OverviewInsights> {
  return overview.insights ?? {};
}

export const NA = 'N/A';

/** The section's name in the sidebar of the web and the terminal UI (shared). */
export function sectionLabel(id: CompanySectionId): string {
  return COMPANY_SECTIONS.find((s) => s.id === id)?.label ?? id;
}
export const SEP = ' · ';

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

export function jsonObject(text: string | null | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

/** "(p. 3)", "(pp. 3, 4)" or "". */
export function pages(numbers: readonly number[] | null | undefined): string {
  if (!numbers || numbers.length === 0) return '';
  return numbers.length === 1 ? ` (p.${NBSP}${numbers[0]})` : ` (pp.${NBSP}${numbers.join(`,${NBSP}`)})`;
}

export function words(key: string): string {
  return key.replace(/[-_]+/g, ' ').trim();
}

export function ratio(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : NA;
}

/** The change label coloured: favourable green, unfavourable red (Debt to Equity inverted by the rule). */
export function change(yoy: YearOverYear | null | undefined, style: Style): string {
  if (!yoy || yoy.change === null) return style.dim(yoy?.label ?? NA);
  return yoy.good === true ? style.green(yoy.label) : yoy.good === false ? style.red(yoy.label) : yoy.label;
}

/** The status in its tone's colour (shared rule: active green, dissolved grey, insolvency yellow). */
export function status(text: string | null | undefined, style: Style): string {
  return toneStyle(STATUS_TONE_COLOURS[companyStatusTone(text)], style)(companyStatusLabel(text));
}

export function toneStyle(colour: ToneColour, style: Style): (text: string) => string {
  return colour === 'green' ? style.green : colour === 'yellow' ? style.yellow : colour === 'red' ? style.red : style.dim;
}

/** The red distress banner (administration, receivership, liquidation, ...) for the top of the view, or no lines. */
