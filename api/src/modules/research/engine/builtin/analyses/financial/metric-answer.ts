/**
 * A direct answer to the figures a question names: "Turnover in FY2023 was £X (FY2022: £Y, a
 * change of +Z%)." for each year asked (the latest when none is named). A figure the accounts do
 * not hold is recorded as missing, never estimated; when none of the named figures is filed the
 * analysis says nothing else (so the engine declines).
 */
import type { RatioKey } from '../../../../tools/ratios.js';
import { lineOf, type StatementYear } from '../../../../tools/statements.js';
import type { Fact } from '../../../../../../platform/ai/engine/types.js';
import type { AnalysisContext } from '../../../../../../platform/ai/engine/analysis.js';
import type { AnalysisId } from '../../analysis-ids.js';
import { METRIC_ANALYSIS } from '../../vocabulary.js';
import { answerComparison, ratioSeries } from './comparison.js';
import { changeFact, fy, previousYear, say, sayWithWorking, type Accounts } from './common.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';

const METRIC_WORDS: Record<string, string> = {
  turnover: 'Turnover',
  operatingProfit: 'Operating profit',
  netProfitLoss: 'Profit for the year',
  EBITDA: 'EBITDA',
  totalAssets: 'Total assets',
  totalLiabilities: 'Total liabilities',
  netAssets: 'Net assets',
  cash: 'Cash at the year end',
  employeeCount: 'The average number of employees',
  grossProfit: 'Gross profit',
  costOfSales: 'Cost of sales',
  administrativeExpenses: 'Administrative expenses',
  profitBeforeTax: 'Profit before taxation',
  tax: 'The tax charge',
  interestPayable: 'Interest payable',
  fixedAssets: 'Fixed assets',
  tangibleAssets: 'Tangible assets',
  intangibleAssets: 'Intangible assets',
  stocks: 'Stocks',
  debtors: 'Debtors',
  currentAssets: 'Current assets',
  creditorsWithinOneYear: 'Creditors due within one year',
  creditorsAfterOneYear: 'Creditors due after more than one year',
  netCurrentAssets: 'Net current assets',
  borrowings: 'Bank loans and overdrafts',
  shareCapital: 'Called up share capital',
  retainedEarnings: 'The profit and loss account (retained earnings)',
  netCashFromOperating: 'Net cash from operating activities',
  capex: 'Capital expenditure on tangible fixed assets',
  dividendsPaid: 'Dividends paid',
};

/** The figures a question names that this analysis answers. */
export function namedFor(ctx: AnalysisContext, id: AnalysisId): string[] {
  return ctx.understanding.metrics.filter((m) => METRIC_ANALYSIS[m] === id && METRIC_WORDS[m]);
}

/** A named figure of a year: a headline metric, else a statement line of that key. */
function figureOf(year: StatementYear, key: string): Fact | undefined {
  return (year.metrics as Record<string, Fact | undefined>)[key] ?? lineOf(year, key);
}

/**
 * One sentence per named figure and year; `heading` is written before the first. A range of years
 * states the change across it instead (comparison.ts; `covered`: the figures the caller's own
 * table shows by year). Returns whether anything was written.
 */
export async function answerMetrics(
  ctx: AnalysisContext,
  accounts: Accounts,
  metrics: string[],
  ratios: RatioKey[],
  heading: string,
  covered: readonly string[] = [],
): Promise<boolean> {
  const u = ctx.understanding;
  if (u.compare && accounts.years.length > 1) {
    const series = [
      ...metrics.map((m) => ({ key: m, words: METRIC_WORDS[m], byYear: (y: StatementYear) => figureOf(y, m) })),
      ...ratios.map((r) => ratioSeries(accounts, r)),
    ];
    return answerComparison(ctx, accounts, series, heading, covered);
  }
  if (u.compare && accounts.all.length === 1)
    ctx.missing(`Only the ${fy(accounts.all[0])} accounts are on file, so no change across years can be stated.`);
  const years = u.years.length ? accounts.years : [accounts.years.at(-1)!];
  let wrote = false;
  const start = () => {
    if (!wrote) ctx.writer.write(heading);
    wrote = true;
  };
  for (const year of years) {
    for (const metric of metrics) {
      const fact = figureOf(year, metric);
      if (!fact) {
        ctx.missing(`${METRIC_WORDS[metric]} for ${fy(year)} is not in the filed accounts of this company.`);
        continue;
      }
      start();
      ctx.writer.write(`${METRIC_WORDS[metric]} in ${fy(year)} ${metric === 'dividendsPaid' || metric === 'capex' ? 'came to' : 'was'} `);
      say(ctx, fact);
      const prior = previousYear(accounts.all, year);
      const before = prior ? figureOf(prior, metric) : undefined;
      if (prior && before) {
        ctx.writer.write(` (${fy(prior)}: `);
        say(ctx, before);
        const change = changeFact(fact, before);
        // A change is worded only between two positive amounts (a deduction's or a loss's sign would read backwards).
        if (change && Number(fact.value) > 0 && Number(before.value) > 0) {
          ctx.writer.write(', a change of ');
          ctx.writer.derived(change, `${Number(change.value) > 0 ? '+' : ''}${Number(change.value).toFixed(1)}%`);
        }
        ctx.writer.write(')');
      }
      ctx.writer.write('.\n\n');
    }
    for (const ratio of ratios) {
      const fact = accounts.ratios.get(year.fiscal_year)?.[ratio];
      if (!fact) continue;
      start();
      ctx.writer.write(`${markdownSafe(fact.label)} in ${fy(year)} was `);
      sayWithWorking(ctx, fact);
      ctx.writer.write('.\n\n');
    }
  }
  await ctx.writer.flush();
  return wrote;
}

/**
 * Opens an accounts analysis's answer under `heading`: the figures and ratios the question names
 * (answerMetrics), else the heading alone. False when none of the named figures is filed (the
 * analysis stops there).
 */
export async function openAnswer(
  ctx: AnalysisContext,
  accounts: Accounts,
  heading: string,
  named: { metrics: string[]; ratios?: RatioKey[]; covered?: readonly string[] },
): Promise<boolean> {
  const ratios = named.ratios ?? [];
  if (named.metrics.length || ratios.length) return answerMetrics(ctx, accounts, named.metrics, ratios, heading, named.covered);
  ctx.writer.write(heading);
  return true;
}
