/**
 * The financial analyses' Key Findings: the latest year's headline in one sentence each, every
 * figure cited as in the sections below (a computed figure followed by the filed figures it
 * comes from, each marked with its page).
 */
import type { FinancialRatiosData } from '../../../../tools/financial-ratios.tool.js';
import type { FinancialStatementsData } from '../../../../tools/financial-statements.tool.js';
import type { YearRatios } from '../../../../tools/ratios.js';
import type { StatementYear } from '../../../../tools/statements.js';
import type { Fact } from '../../../../../../platform/ai/engine/types.js';
import type { AnalysisContext, Finding, FindingPart } from '../../../../../../platform/ai/engine/analysis.js';
import { amountWords, changeFact, debtWords, fy, labelInText, previousYear, wordsFor } from './common.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';

interface Latest {
  year: StatementYear;
  prior: StatementYear | null;
  ratios: YearRatios;
}

/** The year the findings speak of (the latest asked, else the latest with figures), the year before it and its ratios; null when no accounts are on file. */
export async function latestAccounts(ctx: AnalysisContext): Promise<Latest | null> {
  const company = ctx.understanding.companyNumber;
  if (!company) return null;
  const statements = await ctx.call<FinancialStatementsData>('financial_statements', { company_number: company });
  const all = statements.data.years.filter((y) => Object.keys(y.metrics).length > 0);
  // The latest of the years the question names, else the latest on file.
  const named = ctx.understanding.years;
  const year = (named.length ? all.filter((y) => named.includes(y.fiscal_year)) : all).at(-1);
  if (!year) return null;
  const ratios = await ctx.call<FinancialRatiosData>('financial_ratios', { company_number: company });
  return {
    year,
    prior: previousYear(all, year),
    ratios: ratios.data.years.find((y) => y.fiscal_year === year.fiscal_year)?.ratios ?? {},
  };
}

const fig = (fact: Fact): FindingPart => ({ fact, text: amountWords(fact) });

/** A computed figure and its working ("10.3% (operating profit £X[^c1] / turnover £Y[^c1])"); a filed one as it is. */
export function withWorking(fact: Fact): FindingPart[] {
  if (!fact.inputs?.length) return [fig(fact)];
  const [a, b] = fact.inputs;
  const joiner = / - /.test(fact.formula ?? '') ? ' less ' : ' / ';
  return [
    { fact, text: wordsFor(fact), derived: true },
    ` (${markdownSafe(labelInText(a.label))} `,
    fig(a),
    b ? `${joiner}${markdownSafe(labelInText(b.label))} ` : '',
    b ? fig(b) : null,
    ')',
  ];
}

/** "Turnover rose 5.0% to £486,000,000 in FY2025 (FY2024: £462,857,143)", or the year's turnover alone. */
export function turnoverFinding(latest: Latest): Finding | null {
  const { year, prior } = latest;
  const now = year.metrics.turnover;
  if (!now) return null;
  const before = prior?.metrics.turnover;
  const change = changeFact(now, before);
  if (!prior || !before || !change || Number(now.value) <= 0)
    return { key: 'turnover', parts: [`Turnover in ${fy(year)} was `, fig(now), '.'] };
  const value = Number(change.value);
  const verb = value > 0 ? 'rose' : value < 0 ? 'fell' : 'was unchanged';
  return {
    key: 'turnover',
    parts: [
      `Turnover ${verb} `,
      value ? { fact: change, text: `${Math.abs(value).toFixed(1)}%`, derived: true } : null,
      value ? ' to ' : ' at ',
      fig(now),
      ` in ${fy(year)} (${fy(prior)}: `,
      fig(before),
      ').',
    ],
  };
}

/** Operating profit (or loss) of the latest year, with the operating margin and its working. */
export function profitFinding(latest: Latest): Finding | null {
  const { year, ratios } = latest;
  const margin = ratios.operatingMargin;
  const profit = year.metrics.operatingProfit;
  if (margin) return { key: 'operating-margin', parts: [`The operating margin in ${fy(year)} was `, ...withWorking(margin), '.'] };
  if (!profit) return null;
  const loss = Number(profit.value) < 0;
  return { key: 'operating-margin', parts: [`${loss ? 'The operating loss' : 'Operating profit'} in ${fy(year)} was `, fig(profit), '.'] };
}

/** The net margin of the latest year, with its working. */
export function netMarginFinding(latest: Latest): Finding | null {
  const margin = latest.ratios.netMargin;
  return margin ? { key: 'net-margin', parts: [`The net margin in ${fy(latest.year)} was `, ...withWorking(margin), '.'] } : null;
}

/** Net assets and cash at the latest year end. */
export function balanceFinding(latest: Latest): Finding | null {
  const { netAssets, cash } = latest.year.metrics;
  if (!netAssets) return null;
  return {
    key: 'net-assets',
    parts: [
      `Net assets at the ${fy(latest.year)} year end were `,
      fig(netAssets),
      cash ? ', with cash of ' : '',
      cash ? fig(cash) : null,
      '.',
    ],
  };
}

/** The current ratio of the latest year, with its working. */
export function liquidityFinding(latest: Latest): Finding | null {
  const ratio = latest.ratios.currentRatio;
  return ratio ? { key: 'current-ratio', parts: [`The current ratio in ${fy(latest.year)} was `, ...withWorking(ratio), '.'] } : null;
}

/** Net debt or net cash at the latest year end, with its working, and gearing. */
export function netDebtFinding(latest: Latest): Finding | null {
  const netDebt = latest.ratios.netDebt;
  const [debt, cash] = netDebt?.inputs ?? [];
  if (!netDebt || !debt || !cash) return null;
  const owes = Number(netDebt.value) >= 0;
  const amount = { fact: netDebt, text: wordsFor({ ...netDebt, value: Math.abs(Number(netDebt.value)) }), derived: true };
  const gearing = latest.ratios.gearing;
  return {
    key: 'net-debt',
    parts: [
      `Net ${owes ? 'debt' : 'cash'} at the ${fy(latest.year)} year end was `,
      amount,
      owes ? ` (${debtWords(debt)} ` : ' (cash ',
      fig(owes ? debt : cash),
      owes ? ' less cash ' : ` less ${debtWords(debt)} `,
      fig(owes ? cash : debt),
      ')',
      // Gearing's net debt was just stated: only net assets follows it.
      ...(gearing && gearing.inputs?.length
        ? [
            '; gearing (net debt / net assets × 100) is ',
            { fact: gearing, text: wordsFor(gearing), derived: true },
            ' on net assets of ',
            fig(gearing.inputs.at(-1)!),
          ]
        : []),
      '.',
    ],
  };
}

/** The findings an analysis gives from the latest accounts: `pick` chooses which, in order; none without accounts. */
export async function accountsFindings(ctx: AnalysisContext, pick: ((latest: Latest) => Finding | null)[]): Promise<Finding[]> {
  const latest = await latestAccounts(ctx);
  if (!latest) return [];
  return pick.map((f) => f(latest)).filter((f): f is Finding => f !== null);
}

/** The first of `picks` that has something to say (one finding where either would repeat the other's figures). */
export function firstOf(...picks: ((latest: Latest) => Finding | null)[]): (latest: Latest) => Finding | null {
  return (latest) => picks.reduce<Finding | null>((found, pick) => found ?? pick(latest), null);
}
