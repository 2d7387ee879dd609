/** What the financial analyses share: reading the accounts for the years asked, and wording figures. */
import { formatMoney } from '../../../../../../platform/register/documents/accounts-format.js';
import type { FinancialRatiosData } from '../../../../tools/financial-ratios.tool.js';
import type { FinancialStatementsData } from '../../../../tools/financial-statements.tool.js';
import type { YearRatios } from '../../../../tools/ratios.js';
import type { StatementYear } from '../../../../tools/statements.js';
import type { TableCell } from '../../../../../../platform/ai/engine/answer-writer.js';
import type { Fact } from '../../../../../../platform/ai/engine/types.js';
import type { AnalysisContext } from '../../../../../../platform/ai/engine/analysis.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';

export interface Accounts {
  /** The years to present, oldest first. */
  years: StatementYear[];
  /** Every year on file, oldest first. */
  all: StatementYear[];
  ratios: Map<number, YearRatios>;
  currency: string;
}

/**
 * The years an analysis presents: those the question names (each one not on file is recorded
 * as missing), else the latest N it asks for, else the latest `fallback`. Null (and recorded as
 * missing) when there is nothing to present.
 */
export async function readAccounts(ctx: AnalysisContext, fallback: number): Promise<Accounts | null> {
  const u = ctx.understanding;
  const company = u.companyNumber!;
  const statements = await ctx.call<FinancialStatementsData>('financial_statements', { company_number: company });
  const all = statements.data.years.filter((y) => Object.keys(y.metrics).length > 0);
  if (!all.length) {
    ctx.missing('No accounts with figures are on file for this company.');
    return null;
  }
  let years: StatementYear[];
  if (u.years.length) {
    years = all.filter((y) => u.years.includes(y.fiscal_year));
    for (const year of u.years)
      if (!all.some((y) => y.fiscal_year === year))
        ctx.missing(
          `No accounts for FY${year} are on file for this company (years on file: ${all.map((y) => `FY${y.fiscal_year}`).join(', ')}).`,
        );
    if (!years.length) return null;
  } else {
    years = all.slice(-(u.recentYears ?? fallback));
  }
  const ratios = await ctx.call<FinancialRatiosData>('financial_ratios', { company_number: company });
  const byYear = new Map(ratios.data.years.map((y) => [y.fiscal_year, y.ratios]));
  return { years, all, ratios: byYear, currency: years.at(-1)!.currency };
}

/** readAccounts as the analysis's first step (step 0 of its plan). */
export async function readAccountsStep(ctx: AnalysisContext, fallback: number): Promise<Accounts | null> {
  ctx.step(0, 'running');
  const accounts = await readAccounts(ctx, fallback);
  ctx.step(0, 'done');
  return accounts;
}

export const fy = (year: { fiscal_year: number }) => `FY${year.fiscal_year}`;

/** A figure in words: money in full ("£12,345,678", as the accounts print it), counts grouped, percentages and ratios with their decimals. */
export function figureText(fact: Fact): string {
  const value = Number(fact.value);
  switch (fact.unit) {
    case 'percent':
      return `${value.toFixed(1)}%`;
    case 'ratio':
      return `${value.toFixed(2)}x`;
    case 'count':
      return value.toLocaleString('en-GB', { maximumFractionDigits: 0 });
    case 'GBP':
    case 'EUR':
    case 'USD':
      return formatMoney(value, fact.unit);
    default:
      // Any other currency the accounts are in ("JPY 12,345").
      return /^[A-Z]{3}$/.test(fact.unit) && Number.isFinite(value) ? formatMoney(value, fact.unit) : String(fact.value);
  }
}

/** A table cell for a fact (checked like a figure in the text), or an empty cell. */
export function cell(fact: Fact | undefined): TableCell {
  return fact ? { fact, text: wordsFor(fact) } : '–';
}

/** Lines the accounts print in brackets as deductions: in words they are amounts ("bank loans of £51,095,885"). */
const DEDUCTIONS =
  /^(?:[a-z_]+\.)?(?:creditorsWithinOneYear|creditorsAfterOneYear|borrowings|provisions|interestPayable|costOfSales|administrativeExpenses|tax|capex|dividendsPaid)@/;

/** A figure as words say it: a deduction as its amount, anything else with its sign. */
export function wordsFor(fact: Fact): string {
  if (DEDUCTIONS.test(fact.key) && typeof fact.value === 'number') return figureText({ ...fact, value: Math.abs(fact.value) });
  return figureText(fact);
}

/** A loss in words after its label is its amount ("loss for the year £29,925,282"): a minus after "loss" says it twice. */
export function amountWords(fact: Fact): string {
  return /\bloss\b/i.test(fact.label) && typeof fact.value === 'number' && fact.value < 0
    ? wordsFor({ ...fact, value: -fact.value })
    : wordsFor(fact);
}

/** Writes a figure with its markers; returns nothing (the writer holds the text). */
export function say(ctx: AnalysisContext, fact: Fact): void {
  ctx.writer.figure(fact, wordsFor(fact));
}

/** Growth from the year before as a computed fact (null when not meaningful), for "(+12.3% on FY2023)". */
export function changeFact(current: Fact | undefined, previous: Fact | undefined): Fact | null {
  if (!current || !previous || typeof current.value !== 'number' || typeof previous.value !== 'number') return null;
  if (!previous.value || Math.sign(current.value) !== Math.sign(previous.value)) return null;
  // A deduction (printed in brackets, worded as its amount) grows when its amount does: the change of the amounts.
  const [now, before] = DEDUCTIONS.test(current.key)
    ? [Math.abs(current.value), Math.abs(previous.value)]
    : [current.value, previous.value];
  const change = Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
  return {
    key: `change:${current.key}`,
    label: `Change in ${current.label}`,
    value: change,
    unit: 'percent',
    source: current.source,
    inputs: [current, previous],
    formula: DEDUCTIONS.test(current.key)
      ? '(|this year| - |previous year|) / |previous year| × 100'
      : '(this year - previous year) / |previous year| × 100',
  };
}

/** A signed percentage change cell ("+12.3%"). */
export function changeCell(change: Fact | null): TableCell {
  if (!change) return '–';
  const value = Number(change.value);
  return { fact: change, text: `${value > 0 ? '+' : ''}${value.toFixed(1)}%` };
}

/** The year before `year` on file (exactly one fiscal year earlier), or null. */
export function previousYear(all: StatementYear[], year: StatementYear): StatementYear | null {
  return all.find((y) => y.fiscal_year === year.fiscal_year - 1) ?? null;
}

/** A label inside a sentence: "Operating profit" → "operating profit", an acronym ("EBITDA") as it is. */
export function labelInText(label: string): string {
  return label.replace(/^[A-Z][a-z]/, (c) => c.toLowerCase());
}

const GROWTH = /^(?:change:|cagr:)|Growth@/;

/**
 * A computed figure in words with its working: the figure itself (checked through its inputs,
 * no marker of its own), then the filed figures it comes from, each with the marker of the page
 * that prints it: "10.3% (operating profit £50,120,050[^c2] / turnover £486,000,000[^c2])".
 * A filed figure (no inputs) is simply said. `working: false` when the text has just stated the inputs.
 */
export function sayWithWorking(ctx: AnalysisContext, fact: Fact, working = true): void {
  if (!fact.inputs?.length) return say(ctx, fact);
  ctx.writer.derived(fact, wordsFor(fact));
  if (!working) return;
  const [a, b] = fact.inputs;
  if (GROWTH.test(fact.key)) {
    const [from, to] = fact.key.startsWith('cagr:') ? [a, b] : [b, a];
    ctx.writer.write(' (from ');
    say(ctx, from);
    ctx.writer.write(' to ');
    say(ctx, to);
    ctx.writer.write(')');
    return;
  }
  ctx.writer.write(' (');
  fact.inputs.forEach((input, i) => {
    if (i) ctx.writer.write(i === 1 && fact.inputs!.length === 2 ? (/ - /.test(fact.formula ?? '') ? ' less ' : ' / ') : ', ');
    ctx.writer.write(`${markdownSafe(labelInText(input.label))} `);
    ctx.writer.figure(input, amountWords(input));
  });
  // The formula it was computed by (the one definition's, or its named fallback's): shown where the ratio is.
  ctx.writer.write(fact.formula ? `; ${markdownSafe(fact.formula)})` : ')');
}

/** "bank loans and overdrafts", or "total liabilities (in place of bank loans)" when the fallback stood in. */
export function debtWords(debt: Fact): string {
  return /^(?:[a-z_]+\.)?borrowings@/.test(debt.key)
    ? 'bank loans and overdrafts'
    : 'total liabilities (no bank loans named, so an upper bound)';
}

/**
 * Net debt (or net cash) with its working, each filed figure marked with its page: net debt is
 * computed and printed on no page. `netDebt.inputs` are [bank loans, cash].
 */
export function sayNetDebt(ctx: AnalysisContext, netDebt: Fact): void {
  const [debt, cash] = netDebt.inputs ?? [];
  if (!debt || !cash) return sayWithWorking(ctx, netDebt);
  const owes = Number(netDebt.value) >= 0;
  const w = ctx.writer;
  const words = debtWords(debt);
  w.write(owes ? `Net debt (${words} less cash): ` : `Net cash (cash less ${words}): `);
  w.derived(netDebt, wordsFor({ ...netDebt, value: Math.abs(Number(netDebt.value)) }));
  w.write(owes ? ` (${words} ` : ' (cash ');
  say(ctx, owes ? debt : cash);
  w.write(owes ? ' less cash ' : ` less ${words} `);
  say(ctx, owes ? cash : debt);
  w.write(')');
}
