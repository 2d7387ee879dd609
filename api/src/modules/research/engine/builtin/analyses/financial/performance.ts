/** Performance and growth: turnover, profit and employees over the years, with the change each year and over the period. */
import type { MetricKey } from '../../../../tools/facts.js';
import type { Fact } from '../../../../../../platform/ai/engine/types.js';
import type { Analysis } from '../../../../../../platform/ai/engine/analysis.js';
import { namedFor, openAnswer } from './metric-answer.js';
import { cell, changeCell, changeFact, fy, readAccountsStep, say, sayWithWorking } from './common.js';
import { accountsFindings, profitFinding, turnoverFinding } from './findings.js';

const SERIES: [MetricKey, string][] = [
  ['turnover', 'Turnover'],
  ['operatingProfit', 'Operating profit'],
  ['netProfitLoss', 'Profit for the year'],
  ['employeeCount', 'Employees'],
];

/** Compound annual growth between two years' figures, as a computed fact (null unless both are positive). */
function cagr(first: Fact | undefined, last: Fact | undefined, years: number): Fact | null {
  if (!first || !last || years < 1 || Number(first.value) <= 0 || Number(last.value) <= 0) return null;
  const value = Math.round((Math.pow(Number(last.value) / Number(first.value), 1 / years) - 1) * 1000) / 10;
  return {
    key: `cagr:${last.key}`,
    label: `Compound annual growth of ${last.label}`,
    value,
    unit: 'percent',
    source: last.source,
    inputs: [first, last],
    formula: `(last / first)^(1/${years}) - 1`,
  };
}

export const performance: Analysis = {
  id: 'performance',
  offer: 'performance and growth',
  title: 'Performance and Growth',
  plan: (u) => [
    u.years.length ? `Read the accounts for ${u.years.map((y) => `FY${y}`).join(', ')}` : 'Read the filed accounts over the years',
    'Compare each year with the one before',
  ],
  async run(ctx) {
    const accounts = await readAccountsStep(ctx, 5);
    if (!accounts) return;
    ctx.step(1, 'running');
    const named = namedFor(ctx, 'performance');
    if (!(await openAnswer(ctx, accounts, '## Performance and Growth\n\n', { metrics: named, covered: SERIES.map(([key]) => key) })))
      return;
    const { years, all } = accounts;
    const first = years[0];
    const last = years.at(-1)!;
    // A range asked about turnover has just stated the change: its compound growth follows (with its working, a line of its own).
    const turnoverStated = Boolean(ctx.understanding.compare && named.includes('turnover'));
    const growth = cagr(first.metrics.turnover, last.metrics.turnover, last.fiscal_year - first.fiscal_year);
    if (turnoverStated && growth && years.length > 2) {
      ctx.writer.write(`The compound annual growth rate over ${fy(first)} to ${fy(last)} was `);
      sayWithWorking(ctx, growth);
      ctx.writer.write('.\n\n');
      await ctx.writer.flush();
    } else if (!turnoverStated && years.length > 1 && first.metrics.turnover && last.metrics.turnover) {
      ctx.writer.write(`Turnover went from `);
      say(ctx, first.metrics.turnover);
      ctx.writer.write(` in ${fy(first)} to `);
      say(ctx, last.metrics.turnover);
      ctx.writer.write(` in ${fy(last)}`);
      if (growth) {
        // Over one year compound growth is simply the year's growth.
        ctx.writer.write(last.fiscal_year - first.fiscal_year === 1 ? ', a change of ' : ', a compound annual growth rate of ');
        sayWithWorking(ctx, growth, false);
      }
      ctx.writer.write('.');
      if (first.metrics.operatingProfit && last.metrics.operatingProfit) {
        ctx.writer.write(' Operating profit moved from ');
        say(ctx, first.metrics.operatingProfit);
        ctx.writer.write(' to ');
        say(ctx, last.metrics.operatingProfit);
        ctx.writer.write('.');
      }
      ctx.writer.write('\n\n');
      await ctx.writer.flush();
    }
    const rows = SERIES.filter(([key]) => years.some((y) => y.metrics[key])).map(([key, label]) => [
      label,
      ...years.map((y) => cell(y.metrics[key])),
    ]);
    await ctx.writer.table('Performance by year', ['Metric', ...years.map(fy)], rows, [], last.currency);
    const growthRows = years
      .map((y) => {
        const prior = all.find((p) => p.fiscal_year === y.fiscal_year - 1);
        return prior
          ? [
              fy(y),
              changeCell(changeFact(y.metrics.turnover, prior.metrics.turnover)),
              changeCell(changeFact(y.metrics.operatingProfit, prior.metrics.operatingProfit)),
            ]
          : null;
      })
      .filter((r) => r !== null);
    if (growthRows.length) await ctx.writer.table('Change on the year before', ['Year', 'Turnover', 'Operating profit'], growthRows);
    ctx.step(1, 'done');
  },
  findings: (ctx) => accountsFindings(ctx, [turnoverFinding, profitFinding]),
  related: () => ['What are the operating and net margins?', 'How has the balance sheet changed?'],
};
