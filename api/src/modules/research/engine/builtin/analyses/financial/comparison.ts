/**
 * The change across a range of years ("between 2022 and 2024", "over the last 3 years"): for each
 * figure the question names, the first and last year's figures and the change between them
 * (percentage points for a ratio; the amount and the percentage for an amount), computed from
 * the filed figures, each marked with its page; every year of the range in a table when there
 * are three or more.
 */
import type { RatioKey } from '../../../../tools/ratios.js';
import type { StatementYear } from '../../../../tools/statements.js';
import type { TableCell } from '../../../../../../platform/ai/engine/answer-writer.js';
import type { Fact } from '../../../../../../platform/ai/engine/types.js';
import type { AnalysisContext } from '../../../../../../platform/ai/engine/analysis.js';
import { cell, changeFact, fy, labelInText, sayWithWorking, wordsFor, type Accounts } from './common.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';

/** One figure across the years: its words and its fact in each year (absent when not filed). */
export interface Series {
  key: string;
  /** "Turnover", "The operating margin". */
  words: string;
  byYear: (year: StatementYear) => Fact | undefined;
}

/** The difference between two years' figures, as a computed fact ("+0.8" percentage points, "+£23,091,865"). */
export function differenceFact(later: Fact, earlier: Fact): Fact | null {
  if (typeof later.value !== 'number' || typeof earlier.value !== 'number') return null;
  const digits = later.unit === 'percent' ? 10 : later.unit === 'ratio' ? 100 : 1;
  return {
    key: `difference:${later.key}:${earlier.key}`,
    label: `Change in ${labelInText(later.label)}`,
    value: Math.round((later.value - earlier.value) * digits) / digits,
    unit: later.unit,
    source: later.source,
    inputs: [later, earlier],
    formula: 'later year - earlier year',
  };
}

function differenceText(diff: Fact): string {
  const value = Math.abs(Number(diff.value));
  if (diff.unit === 'percent') return `${value.toFixed(1)} percentage ${value === 1 ? 'point' : 'points'}`;
  if (diff.unit === 'ratio') return `${value.toFixed(2)}x`;
  return wordsFor({ ...diff, value });
}

/** "The operating margin rose by 0.8 percentage points, from 8.1% (…) in FY2022 to 8.9%[^c3] in FY2024." */
function changeSentence(ctx: AnalysisContext, series: Series, first: StatementYear, last: StatementYear): boolean {
  const from = series.byYear(first);
  const to = series.byYear(last);
  if (!from || !to) return false;
  const w = ctx.writer;
  const diff = differenceFact(to, from);
  if (!diff) return false;
  const value = Number(diff.value);
  w.write(`${markdownSafe(series.words)} ${value > 0 ? 'rose by ' : value < 0 ? 'fell by ' : 'was unchanged'}`);
  if (value) w.derived(diff, differenceText(diff));
  // A percentage change only between two positive amounts (a loss's sign would read backwards).
  const pct = to.unit !== 'percent' && to.unit !== 'ratio' && Number(from.value) > 0 && Number(to.value) > 0 ? changeFact(to, from) : null;
  if (value && pct) {
    w.write(' (');
    w.derived(pct, `${Number(pct.value) > 0 ? '+' : ''}${Number(pct.value).toFixed(1)}%`);
    w.write(')');
  }
  w.write(value ? ', from ' : ' at ');
  sayWithWorking(ctx, from);
  w.write(` in ${fy(first)} to `);
  sayWithWorking(ctx, to);
  w.write(` in ${fy(last)}.\n\n`);
  return true;
}

/**
 * Writes the change of each series from the first to the last year of `accounts.years`, and a
 * table of every year when there are three or more (rows in `covered` are left to the caller's
 * own table). Returns whether anything was written.
 */
export async function answerComparison(
  ctx: AnalysisContext,
  accounts: Accounts,
  series: Series[],
  heading: string,
  covered: readonly string[] = [],
): Promise<boolean> {
  const years = accounts.years;
  const first = years[0];
  const last = years.at(-1)!;
  let wrote = false;
  for (const s of series) {
    if (!s.byYear(first) || !s.byYear(last)) {
      ctx.missing(`${s.words} for ${!s.byYear(first) ? fy(first) : fy(last)} is not in the filed accounts of this company.`);
      continue;
    }
    if (!wrote) ctx.writer.write(heading);
    wrote = changeSentence(ctx, s, first, last) || wrote;
  }
  await ctx.writer.flush();
  const rows: TableCell[][] = series
    .filter((s) => !covered.includes(s.key) && years.some((y) => s.byYear(y)))
    .map((s) => [s.words.replace(/^The /, ''), ...years.map((y) => cell(s.byYear(y)))]);
  const amounts = series.some((s) => !['percent', 'ratio', 'count'].includes(s.byYear(last)?.unit ?? 'count'));
  if (wrote && years.length >= 3 && rows.length)
    await ctx.writer.table(`${fy(first)} to ${fy(last)}`, ['Measure', ...years.map(fy)], rows, [], amounts ? last.currency : undefined);
  return wrote;
}

/** A ratio as a series ("The operating margin"). */
export function ratioSeries(accounts: Accounts, key: RatioKey): Series {
  const label = [...accounts.ratios.values()].find((r) => r[key])?.[key]?.label ?? key;
  return {
    key,
    words: `The ${labelInText(label.replace(/\s*\(.*\)$/, ''))}`,
    byYear: (y) => accounts.ratios.get(y.fiscal_year)?.[key],
  };
}
