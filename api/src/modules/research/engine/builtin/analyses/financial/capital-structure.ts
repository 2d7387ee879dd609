/**
 * Leverage and capital structure: how the company is funded (equity and its parts, bank debt,
 * other creditors), net debt, gearing, debt to EBITDA and interest cover over the years, and the
 * security registered against it (the register's charges).
 */
import { lineOf, type StatementYear } from '../../../../tools/statements.js';
import { ratioRowLabel, type RatioKey } from '../../../../tools/ratios.js';
import type { Fact } from '../../../../../../platform/ai/engine/types.js';
import type { Analysis, AnalysisContext } from '../../../../../../platform/ai/engine/analysis.js';
import { cell, fy, readAccountsStep, say, sayNetDebt, sayWithWorking, type Accounts } from './common.js';
import { namedFor, openAnswer } from './metric-answer.js';
import { accountsFindings, balanceFinding, firstOf, netDebtFinding } from './findings.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';

const EQUITY = ['shareCapital', 'sharePremium', 'retainedEarnings'];
const DEBT = ['borrowings', 'creditorsWithinOneYear', 'creditorsAfterOneYear', 'provisions'];
const LEVERAGE: [RatioKey, string][] = (
  [
    'netDebt',
    'gearing',
    'debtToEquity',
    'statedDebtToEquity',
    'liabilitiesToEquity',
    'liabilitiesToAssets',
    'debtToEbitda',
    'interestCover',
    'freeCashFlow',
    'cashConversion',
  ] as RatioKey[]
).map((key) => [key, ratioRowLabel(key)]);

function fundingPart(ctx: AnalysisContext, last: StatementYear, ratios: Accounts['ratios']): void {
  const w = ctx.writer;
  const m = last.metrics;
  w.write(`### Funding at the ${fy(last)} year end\n\n`);
  if (m.netAssets) {
    w.write(`- ${markdownSafe(m.netAssets.label)}: `);
    say(ctx, m.netAssets);
    const parts = EQUITY.map((k) => lineOf(last, k)).filter((f): f is Fact => Boolean(f));
    if (parts.length) {
      w.write(', made up of ');
      parts.forEach((f, i) => {
        w.write(`${i ? (i === parts.length - 1 ? ' and ' : ', ') : ''}${markdownSafe(f.label.toLowerCase())} `);
        say(ctx, f);
      });
    }
    w.write('\n');
  }
  for (const key of DEBT) {
    const f = lineOf(last, key);
    if (!f) continue;
    w.write(`- ${markdownSafe(f.label)}: `);
    say(ctx, f);
    w.write('\n');
  }
  if (m.totalLiabilities) {
    w.write(`- ${markdownSafe(m.totalLiabilities.label)}: `);
    say(ctx, m.totalLiabilities);
    w.write('\n');
  }
  const year = ratios.get(last.fiscal_year) ?? {};
  if (year.debtToEquity) {
    w.write('- Debt to equity: ');
    sayWithWorking(ctx, year.debtToEquity);
    if (year.statedDebtToEquity) {
      w.write('; ');
      say(ctx, year.statedDebtToEquity);
      w.write(' as stated in the accounts');
    }
    w.write('\n');
  }
  if (year.netDebt) {
    w.write('- ');
    sayNetDebt(ctx, year.netDebt);
    w.write('\n');
  }
  if (!lineOf(last, 'borrowings')) {
    w.write(
      '- The accounts name no bank loans within creditors: net debt, gearing and debt to equity use total liabilities in their place (an upper bound on debt).\n',
    );
  }
  w.write('\n');
}

/** Charges outstanding: from the register's charges tool when present, else the register's count on the company record. */
async function securityPart(ctx: AnalysisContext): Promise<void> {
  const company = ctx.understanding.companyNumber;
  // No 'charges' tool (the register set not loaded) rejects: the company record's count answers instead.
  const charges = await ctx.call('charges', { company_number: company }).catch(() => null);
  let fact = charges?.facts.find((f) => f.unit === 'count' && /outstanding/i.test(`${f.key} ${f.label}`));
  if (!fact) {
    const profile = await ctx.call('company_profile', { company_number: company });
    fact = profile.facts.find((f) => f.key === 'profile.mortgages_outstanding');
  }
  if (!fact) return;
  ctx.writer.write('### Security\n\nCharges outstanding on the register: ');
  say(ctx, fact);
  ctx.writer.write('. Ask for a covenant summary or the charges for their terms and lenders.\n\n');
}

export const capitalStructure: Analysis = {
  id: 'capital-structure',
  offer: 'leverage and capital structure',
  title: 'Capital Structure',
  plan: () => [
    'Read equity, debt and creditors from the filed accounts',
    'Compute net debt, gearing and cover',
    'Read the charges registered against the company',
  ],
  async run(ctx) {
    const accounts = await readAccountsStep(ctx, 5);
    if (!accounts) return;
    const last = accounts.years.at(-1)!;
    const named = { metrics: namedFor(ctx, 'capital-structure'), covered: ['netAssets', 'totalLiabilities', 'cash', 'borrowings'] };
    if (!(await openAnswer(ctx, accounts, '## Capital Structure\n\n', named))) return;
    fundingPart(ctx, last, accounts.ratios);
    await ctx.writer.flush();
    ctx.step(1, 'running');
    const years = accounts.years;
    const rows = LEVERAGE.filter(([key]) => years.some((y) => accounts.ratios.get(y.fiscal_year)?.[key])).map(([key, label]) => [
      label,
      ...years.map((y) => cell(accounts.ratios.get(y.fiscal_year)?.[key])),
    ]);
    const balance = (['netAssets', 'totalLiabilities', 'cash'] as const).map((key) => [
      years.find((y) => y.metrics[key])?.metrics[key]?.label ?? key,
      ...years.map((y) => cell(y.metrics[key])),
    ]);
    const borrowings = years.some((y) => lineOf(y, 'borrowings'))
      ? [['Bank loans and overdrafts', ...years.map((y) => cell(lineOf(y, 'borrowings')))]]
      : [];
    await ctx.writer.table(
      'Capital structure by year',
      ['Measure', ...years.map(fy)],
      [...balance, ...borrowings, ...rows],
      [],
      last.currency,
    );
    ctx.step(1, 'done');
    ctx.step(2, 'running');
    await securityPart(ctx);
    await ctx.writer.flush();
    ctx.step(2, 'done');
  },
  findings: (ctx) => accountsFindings(ctx, [firstOf(netDebtFinding, balanceFinding)]),
  related: () => ['Covenant summary', 'Who are the lenders?', 'How liquid is the balance sheet?'],
};
