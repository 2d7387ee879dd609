/** A direct answer to a metric the question names: "Turnover in FY2023 was £X (FY2022: £Y)." */
import type { MetricKey } from '../../../../tools/facts.js';
import type { RatioKey } from '../../../../tools/ratios.js';
import type { AnalysisContext } from '../../analysis.js';
import { changeFact, fy, previousYear, say, type Accounts } from './common.js';

const METRIC_WORDS: Partial<Record<string, string>> = {
  turnover: 'Turnover',
  operatingProfit: 'Operating profit',
  netProfitLoss: 'Profit for the year',
  EBITDA: 'EBITDA',
  totalAssets: 'Total assets',
  totalLiabilities: 'Total liabilities',
  netAssets: 'Net assets',
  cash: 'Cash at the year end',
  employeeCount: 'The average number of employees',
};

/** Writes one sentence per named metric and year asked (the latest year when none is named). */
export async function answerMetrics(
  ctx: AnalysisContext,
  accounts: Accounts,
  metrics: MetricKey[],
  ratios: RatioKey[] = [],
): Promise<boolean> {
  const u = ctx.understanding;
  const years = u.years.length ? accounts.years : [accounts.years.at(-1)!];
  let wrote = false;
  for (const year of years) {
    for (const metric of metrics) {
      const fact = year.metrics[metric];
      const words = METRIC_WORDS[metric];
      if (!words) continue;
      if (!fact) {
        ctx.missing(`${words} for ${fy(year)} is not in the filed accounts.`);
        continue;
      }
      ctx.writer.write(`${words} in ${fy(year)} was `);
      say(ctx, fact);
      const prior = previousYear(accounts.all, year);
      const before = prior?.metrics[metric];
      if (before) {
        ctx.writer.write(` (${fy(prior!)}: `);
        say(ctx, before);
        const change = changeFact(fact, before);
        if (change) {
          ctx.writer.write(', a change of ');
          ctx.writer.figure(change, `${Number(change.value) > 0 ? '+' : ''}${Number(change.value).toFixed(1)}%`);
        }
        ctx.writer.write(')');
      }
      ctx.writer.write('.\n\n');
      wrote = true;
    }
    for (const ratio of ratios) {
      const fact = accounts.ratios.get(year.fiscal_year)?.[ratio];
      if (!fact) continue;
      ctx.writer.write(`${fact.label} in ${fy(year)} was `);
      say(ctx, fact);
      ctx.writer.write(`.\n\n`);
      wrote = true;
    }
  }
  await ctx.writer.flush();
  return wrote;
}
