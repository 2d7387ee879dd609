/** Summary sheet: the company on one page: register record, the latest year's key figures against the year before, and headline ratios. */
import { longDate } from '@credence/shared';
import type { CompanyProfileData } from '../../../../tools/company-profile.tool.js';
import type { MetricKey } from '../../../../tools/facts.js';
import type { Fact } from '../../../../../../platform/ai/engine/types.js';
import { RATIO_LABELS, type RatioKey } from '../../../../tools/ratios.js';

/** The headline ratios, by their one definition (issue 27): the formula shows with each. */
const HEADLINE_RATIOS: RatioKey[] = [
  'operatingMargin',
  'netMargin',
  'currentRatio',
  'netDebt',
  'gearing',
  'interestCover',
  'liabilitiesToAssets',
];
import type { Analysis, AnalysisContext } from '../../../../../../platform/ai/engine/analysis.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';
import { cell, changeCell, changeFact, fy, previousYear, readAccounts, say, sayWithWorking, wordsFor } from './common.js';
import { distressFindings } from '../register/distress.analysis.js';
import { accountsFindings, netDebtFinding, profitFinding, turnoverFinding } from './findings.js';

const KEY_FIGURES: [MetricKey, string][] = [
  ['turnover', 'Turnover'],
  ['operatingProfit', 'Operating profit'],
  ['EBITDA', 'EBITDA'],
  ['netProfitLoss', 'Profit for the year'],
  ['totalAssets', 'Total assets'],
  ['totalLiabilities', 'Total liabilities'],
  ['netAssets', 'Net assets'],
  ['cash', 'Cash'],
  ['employeeCount', 'Employees'],
];

const PROFILE_LINES: [string, string][] = [
  ['profile.company_status', 'Status'],
  ['profile.company_category', 'Company type'],
  ['profile.incorporation_date', 'Incorporated'],
  ['profile.sic_texts', 'Nature of business'],
  ['profile.registered_office', 'Registered office'],
  ['profile.accounts_category', 'Accounts category'],
  ['profile.accounts_next_due', 'Next accounts due'],
  ['profile.conf_stmt_next_due', 'Next confirmation statement due'],
  ['profile.mortgages_outstanding', 'Charges outstanding (register)'],
];

async function registerPart(ctx: AnalysisContext): Promise<void> {
  const profile = await ctx.call<CompanyProfileData | null>('company_profile', { company_number: ctx.understanding.companyNumber });
  if (!profile.data) return;
  ctx.writer.write('### Company\n\n');
  for (const [key, label] of PROFILE_LINES) {
    const fact = profile.facts.find((f) => f.key === key);
    if (!fact) continue;
    ctx.writer.write(`- ${label}: `);
    ctx.writer.figure(fact, fact.unit === 'date' ? longDate(String(fact.value)) : markdownSafe(String(fact.value)));
    ctx.writer.write('\n');
  }
  ctx.writer.write('\n');
  await ctx.writer.flush();
}

export const summarySheet: Analysis = {
  id: 'summary-sheet',
  offer: 'a summary sheet',
  title: 'Summary Sheet',
  plan: () => ["Read the company's register record", 'Read the latest filed accounts and the year before', 'Compute the headline ratios'],
  async run(ctx) {
    ctx.step(0, 'running');
    ctx.writer.write('## Summary Sheet\n\n');
    await registerPart(ctx);
    ctx.step(0, 'done');
    ctx.step(1, 'running');
    const accounts = await readAccounts(ctx, 1);
    if (!accounts) {
      ctx.step(1, 'done', 'No accounts on file');
      return;
    }
    const latest = accounts.years.at(-1)!;
    const prior = previousYear(accounts.all, latest);
    const m = latest.metrics;
    const p = prior?.metrics ?? {};
    ctx.writer.write(`### Key figures, ${fy(latest)}\n\n`);
    if (m.turnover) {
      ctx.writer.write(`In ${fy(latest)} the company's turnover was `);
      say(ctx, m.turnover);
      const change = changeFact(m.turnover, p.turnover);
      if (change && prior) {
        const up = Number(change.value) >= 0;
        ctx.writer.write(` (${up ? 'up' : 'down'} `);
        ctx.writer.derived(change, `${Math.abs(Number(change.value)).toFixed(1)}%`);
        ctx.writer.write(` on ${fy(prior)}'s `);
        say(ctx, p.turnover!);
        ctx.writer.write(')');
      }
      ctx.writer.write('.');
    }
    if (m.operatingProfit) {
      const loss = Number(m.operatingProfit.value) < 0;
      ctx.writer.write(` ${loss ? 'It made an operating loss of' : 'Operating profit was'} `);
      // A loss in words is its amount ("an operating loss of £27,626,013"), as the accounts print it in brackets.
      ctx.writer.figure(m.operatingProfit, wordsFor({ ...m.operatingProfit, value: Math.abs(Number(m.operatingProfit.value)) }));
      ctx.writer.write('.');
    }
    if (m.netAssets) {
      ctx.writer.write(' Net assets at the year end were ');
      say(ctx, m.netAssets);
      if (m.cash) {
        ctx.writer.write(', with cash of ');
        say(ctx, m.cash);
      }
      ctx.writer.write('.');
    }
    ctx.writer.write('\n\n');
    await ctx.writer.flush();
    // With no year before on file, the table is the year's figures alone (no empty comparison columns).
    const rows = KEY_FIGURES.filter(([key]) => m[key]).map(([key, label]) =>
      prior ? [label, cell(m[key]), cell(p[key]), changeCell(changeFact(m[key], p[key]))] : [label, cell(m[key])],
    );
    await ctx.writer.table(
      `Key figures, ${fy(latest)}`,
      prior ? ['Metric', fy(latest), fy(prior), 'Change'] : ['Metric', fy(latest)],
      rows,
      [],
      latest.currency,
    );
    ctx.step(1, 'done');

    ctx.step(2, 'running');
    const ratios = accounts.ratios.get(latest.fiscal_year) ?? {};
    const headline: [Fact | undefined, string][] = HEADLINE_RATIOS.map((key) => [ratios[key], RATIO_LABELS[key]]);
    const shown = headline.filter(([f]) => f);
    if (shown.length) {
      ctx.writer.write(`### Headline ratios, ${fy(latest)}\n\n`);
      for (const [fact, label] of shown) {
        ctx.writer.write(`- ${label}: `);
        sayWithWorking(ctx, fact!);
        ctx.writer.write('\n');
      }
      ctx.writer.write('\n');
      await ctx.writer.flush();
    }
    ctx.step(2, 'done');
  },
  // Distress first: a summary sheet of a company in liquidation, or with overdue filings, opens with it.
  findings: async (ctx) => [
    ...(await distressFindings(ctx)),
    ...(await accountsFindings(ctx, [turnoverFinding, profitFinding, netDebtFinding])),
  ],
  related: () => ['How has turnover grown over the last five years?', 'Capital structure analysis', 'What are the principal risks?'],
};
