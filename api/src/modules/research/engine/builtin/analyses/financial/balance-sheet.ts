/** Balance sheet and liquidity: the latest balance sheet against the year before, and the liquidity ratios. */
import { ratioRowLabel, type RatioKey } from '../../../../tools/ratios.js';
import type { Analysis } from '../../../../../../platform/ai/engine/analysis.js';
import { namedFor, openAnswer } from './metric-answer.js';
import { cell, changeCell, changeFact, fy, previousYear, readAccountsStep, say, sayWithWorking } from './common.js';
import { accountsFindings, balanceFinding, liquidityFinding } from './findings.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';

const LIQUIDITY: [RatioKey, string][] = (
  ['currentRatio', 'statedCurrentRatio', 'quickRatio', 'cashRatio', 'equityRatio', 'liabilitiesToAssets'] as RatioKey[]
).map((key) => [key, ratioRowLabel(key)]);

export const balanceSheet: Analysis = {
  id: 'balance-sheet',
  offer: 'the balance sheet and liquidity',
  title: 'Balance Sheet and Liquidity',
  plan: () => ['Read the balance sheet of the latest accounts and the year before', 'Compute liquidity and solvency ratios'],
  async run(ctx) {
    const accounts = await readAccountsStep(ctx, 2);
    if (!accounts) return;
    ctx.step(1, 'running');
    if (!(await openAnswer(ctx, accounts, '## Balance Sheet and Liquidity\n\n', { metrics: namedFor(ctx, 'balance-sheet') }))) return;
    const last = accounts.years.at(-1)!;
    const prior = previousYear(accounts.all, last);
    const lines = last.lines.balance_sheet;
    const ratios = accounts.ratios.get(last.fiscal_year) ?? {};
    const netCurrent = lines.find((f) => f.key.startsWith('balance_sheet.netCurrentAssets@'));
    if (netCurrent) {
      ctx.writer.write(`At the ${fy(last)} year end the company had ${markdownSafe(netCurrent.label.toLowerCase())} of `);
      say(ctx, netCurrent);
      if (ratios.currentRatio) {
        ctx.writer.write(' and a current ratio of ');
        sayWithWorking(ctx, ratios.currentRatio);
      }
      ctx.writer.write('.');
    }
    if (last.metrics.cash) {
      ctx.writer.write(' Cash at bank was ');
      say(ctx, last.metrics.cash);
      ctx.writer.write('.');
    }
    if (last.metrics.netAssets) {
      ctx.writer.write(` ${markdownSafe(last.metrics.netAssets.label)} were `);
      say(ctx, last.metrics.netAssets);
      ctx.writer.write('.');
    }
    ctx.writer.write('\n\n');
    await ctx.writer.flush();
    const before = new Map((prior?.lines.balance_sheet ?? []).map((f) => [f.key.split('@')[0], f]));
    const rows = lines.map((f) => {
      const previous = before.get(f.key.split('@')[0]);
      return [f.label, cell(f), cell(previous), changeCell(changeFact(f, previous))];
    });
    if (rows.length)
      await ctx.writer.table(
        `Balance sheet, ${fy(last)}`,
        ['Line', fy(last), prior ? fy(prior) : 'Previous year', 'Change'],
        rows,
        [],
        last.currency,
      );
    const ratioRows = LIQUIDITY.filter(([key]) => accounts.years.some((y) => accounts.ratios.get(y.fiscal_year)?.[key])).map(
      ([key, label]) => [label, ...accounts.years.map((y) => cell(accounts.ratios.get(y.fiscal_year)?.[key]))],
    );
    if (ratioRows.length) await ctx.writer.table('Liquidity and solvency', ['Ratio', ...accounts.years.map(fy)], ratioRows);
    ctx.step(1, 'done');
  },
  findings: (ctx) => accountsFindings(ctx, [balanceFinding, liquidityFinding]),
  related: () => ['Capital structure analysis', 'Create a summary sheet'],
};
