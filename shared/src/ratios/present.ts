/**
 * How a ratio is shown wherever it is shown (web tooltip or caption, terminal line, chat, export):
 * its value, the formula it was computed by, the fallback when one stood in, and a figure the
 * filing states itself labelled "as stated" beside the computed one.
 */
import { formatCurrency } from '../rules/uk/format.js';
import { RATIO_DEFINITIONS, type RatioKey, type RatioResult, type RatioUnit } from './definitions.js';
import type { CitedRatio } from './statement.js';

/** "50.4%", "1.23x", "£1,234,567". */
export function ratioValueText(value: number, unit: RatioUnit, currency: string | null = 'GBP'): string {
  if (unit === 'percent') return `${value.toFixed(1)}%`;
  if (unit === 'ratio') return `${value.toFixed(2)}x`;
  return formatCurrency(value, currency);
}

/** "Gearing = net debt / net assets × 100", or the fallback's formula with the fallback named. */
export function ratioFormulaText(result: Pick<RatioResult, 'label' | 'formula' | 'fallback'>): string {
  const line = `${result.label} = ${result.formula}`;
  return result.fallback ? `${line} (fallback: ${result.fallback})` : line;
}

/** The definition's own formula line, for a column header or tooltip where no value is at hand. */
export function ratioDefinitionText(key: RatioKey): string {
  const def = RATIO_DEFINITIONS[key];
  return `${def.label} = ${def.formula}. Fallback: ${def.fallback}.`;
}

export interface RatioLine {
  label: string;
  /** "50.4%". */
  value: string;
  /** "net debt / net assets × 100", the one used. */
  formula: string;
  /** Named when it stood in. */
  fallback: string | null;
  /** "0.26x as stated" when the filing states the figure itself, else null. */
  stated: string | null;
}

/** One line's parts; `stated` is the filing's own figure for this ratio, when it prints one. */
export function ratioLine(result: RatioResult, currency: string | null = 'GBP', stated?: number | null): RatioLine {
  return {
    label: result.label,
    value: ratioValueText(result.value, result.unit, currency),
    formula: result.formula,
    fallback: result.fallback,
    stated: typeof stated === 'number' && Number.isFinite(stated) ? `${statedText(stated, result.unit, currency)} as stated` : null,
  };
}

function statedText(value: number, unit: RatioUnit, currency: string | null): string {
  return unit === 'percent' ? `${value}%` : unit === 'ratio' ? `${value}x` : formatCurrency(value, currency);
}

/** "Gearing: 50.4% (net debt / net assets × 100; 0.26x as stated)": the terminal's and the chat's one line. */
export function ratioLineText(line: RatioLine): string {
  const notes = [line.fallback ? `${line.formula}; fallback: ${line.fallback}` : line.formula, line.stated].filter(Boolean);
  return `${line.label}: ${line.value} (${notes.join('; ')})`;
}

export interface CitedRatioRow extends RatioLine {
  /** The accounts' pages its inputs are printed on, in order, without repeats. */
  pages: number[];
  /** "FY2024 accounts p. 12, 14", or "not cited: no page stored" when an input has no page. */
  source: string;
}

/** A cited ratio as the overview and the peer table show it, in the web and the terminal alike. */
export function citedRatioRow(ratio: CitedRatio, currency: string | null = 'GBP'): CitedRatioRow {
  const line = ratioLine(ratio, currency, ratio.stated?.value ?? null);
  const pages = [...new Set(ratio.inputs.map((i) => i.pageNumber).filter((p): p is number => typeof p === 'number'))];
  const uncited = ratio.inputs.some((i) => i.pageNumber === null);
  const source = uncited ? 'not cited: an input has no page stored' : `FY${ratio.fiscal_year} accounts p. ${pages.join(', ')}`;
  return { ...line, pages, source };
}
