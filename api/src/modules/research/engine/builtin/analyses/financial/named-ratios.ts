/**
 * Named ratios (issue 27 §3): exactly the ratios a question names ("free cash flow and interest
 * cover?"), each with its working from the latest accounts, and one line for each the accounts
 * here cannot give: never a neighbouring answer (growth for a cash-flow question).
 * The ratios are the financial_ratios tool's (tools/ratios.ts); a ratio it does not compute yet
 * (key null in RATIO_ASKS) is said to be missing. Seam: the one shared definition per ratio of
 * issue 27 §2 replaces RATIO_ASKS' keys when it lands.
 */
import type { YearRatios } from '../../../../tools/ratios.js';
import type { Analysis, FindingPart } from '../../../../../../platform/ai/engine/analysis.js';
import { RATIO_ASKS } from '../../vocabulary.js';
import { fy } from './common.js';
import { latestAccounts, withWorking } from './findings.js';

export const namedRatios: Analysis = {
  id: 'ratios',
  offer: 'named ratios (interest cover, gearing, net debt, current ratio)',
  title: 'Ratios',
  plan: (u) => [`Compute ${(u.ratios ?? ['the ratios asked']).join(', ').toLowerCase()} from the latest accounts`],
  async run(ctx) {
    ctx.step(0, 'running');
    const asked = ctx.understanding.ratios ?? [];
    const latest = await latestAccounts(ctx);
    if (!latest) {
      for (const label of asked) ctx.missing(`${label}: no accounts with figures are on file for this company.`);
      return ctx.step(0, 'done', 'No accounts on file');
    }
    ctx.writer.write(`## Ratios, ${fy(latest.year)}\n\n`);
    for (const label of asked) {
      const key = RATIO_ASKS.find(([l]) => l === label)?.[2] ?? null;
      const fact = key ? latest.ratios[key as keyof YearRatios] : undefined;
      if (!fact) {
        ctx.writer.write(
          `- ${label}: ${key ? `the ${fy(latest.year)} accounts we hold do not give its inputs` : 'not computed from the accounts we hold'}\n`,
        );
        continue;
      }
      ctx.writer.write(`- ${label}${fact.formula ? ` (${fact.formula})` : ''}: `);
      for (const part of withWorking(fact) as FindingPart[]) {
        if (!part) continue;
        if (typeof part === 'string') ctx.writer.write(part);
        else if (part.derived) ctx.writer.derived(part.fact, part.text);
        else ctx.writer.figure(part.fact, part.text);
      }
      ctx.writer.write('\n');
    }
    ctx.writer.write('\n');
    await ctx.writer.flush();
    ctx.step(0, 'done');
  },
  related: () => ['Capital structure analysis', 'What are the main distress signals?'],
};
