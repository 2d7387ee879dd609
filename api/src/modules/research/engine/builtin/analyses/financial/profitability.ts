/** Profitability and margins: gross, operating, net and EBITDA margins by year, each computed from the filed figures it cites. */
import type { RatioKey } from '../../../../tools/ratios.js';
import type { Analysis } from '../../../../../../platform/ai/engine/analysis.js';
import { namedFor, openAnswer } from './metric-answer.js';
import { cell, fy, readAccountsStep, sayWithWorking } from './common.js';
import { accountsFindings, netMarginFinding, profitFinding } from './findings.js';

const MARGINS: [RatioKey, string][] = [
  ['grossMargin', 'Gross margin'],
  ['operatingMargin', 'Operating margin'],
  ['ebitdaMargin', 'EBITDA margin'],
  ['netMargin', 'Net margin'],
];

/** What this analysis's own tables show for every year (a range's comparison leaves them out of its table). */
const COVERED = [...MARGINS.map(([key]) => key), 'turnover', 'operatingProfit', 'EBITDA', 'netProfitLoss'];

/** The margins a question names ("operating margin"), or operating and net for "margins" alone. */
function marginsNamed(query: string): RatioKey[] {
  const text = query.toLowerCase();
  const named = MARGINS.filter(([key]) => text.includes(key.replace('Margin', '').toLowerCase() + ' margin')).map(([key]) => key);
  return named.length ? named : /margin/.test(text) ? ['operatingMargin', 'netMargin'] : [];
}

export const profitability: Analysis = {
  id: 'profitability',
  offer: 'profitability and margins',
  title: 'Profitability and Margins',
  plan: () => ['Read profit and turnover from the filed accounts', 'Compute the margins of each year'],
  async run(ctx) {
    const accounts = await readAccountsStep(ctx, 5);
    if (!accounts) return;
    ctx.step(1, 'running');
    const u = ctx.understanding;
    const named = namedFor(ctx, 'profitability').filter((m) => m !== 'margins');
    const margins = u.years.length || u.compare ? marginsNamed(u.query) : [];
    const heading = '## Profitability and Margins\n\n';
    if (!(await openAnswer(ctx, accounts, heading, { metrics: named, ratios: margins, covered: COVERED }))) return;
    const { years } = accounts;
    const last = years.at(-1)!;
    const latest = accounts.ratios.get(last.fiscal_year) ?? {};
    if (latest.operatingMargin && !margins.length) {
      ctx.writer.write(`In ${fy(last)} the operating margin was `);
      sayWithWorking(ctx, latest.operatingMargin);
      if (latest.netMargin) {
        ctx.writer.write(' and the net margin ');
        sayWithWorking(ctx, latest.netMargin);
      }
      const first = accounts.ratios.get(years[0].fiscal_year)?.operatingMargin;
      if (years.length > 1 && first) {
        ctx.writer.write(`; in ${fy(years[0])} the operating margin was `);
        sayWithWorking(ctx, first);
      }
      ctx.writer.write('.\n\n');
      await ctx.writer.flush();
    }
    const rows = MARGINS.filter(([key]) => years.some((y) => accounts.ratios.get(y.fiscal_year)?.[key])).map(([key, label]) => [
      label,
      ...years.map((y) => cell(accounts.ratios.get(y.fiscal_year)?.[key])),
    ]);
    if (rows.length) await ctx.writer.table('Margins by year', ['Margin', ...years.map(fy)], rows);
    const profitRows = (['turnover', 'operatingProfit', 'EBITDA', 'netProfitLoss'] as const)
      .filter((key) => years.some((y) => y.metrics[key]))
      .map((key) => [years.find((y) => y.metrics[key])!.metrics[key]!.label, ...years.map((y) => cell(y.metrics[key]))]);
    await ctx.writer.table('Turnover and profit by year', ['Line', ...years.map(fy)], profitRows, [], last.currency);
    ctx.step(1, 'done');
  },
  findings: (ctx) => accountsFindings(ctx, [profitFinding, netMarginFinding]),
  related: () => ['How has turnover grown over the last five years?', 'What is the net debt and gearing?'],
};
