/**
 * Financial statements per accounts document: turnover that grows as its sector does (with the
 * 2020 lockdown year and the rebound), margins around the sector's, a balance sheet whose equity
 * carries each year's retained profit, borrowings where charges are outstanding, a cash flow that
 * reconciles the cash, and the statement lines in UK (FRS 102 / FRS 105) form, each citing the
 * page of the PDF that prints it.
 */
import { ACCOUNTS_PAGES, METRIC_PAGES, type MetricKey } from '../../../platform/register/documents/accounts-layout.js';
import type { Period } from './accounts.js';
import type { CapitalResult } from './capital.js';
import type { ChargeResult } from './charges.js';
import { dayOf, isoDay, yearOf, type Day } from './dates.js';
import type { Rng } from '../../../core/random.js';
import type { CompanyPlan } from './types.js';
import type { FinancialStatementRow, StatementLine } from '../../../platform/register/rows.js';

const COVID_START = dayOf('2020-06-30');
const COVID_END = dayOf('2021-06-30');
const TAX_RISE = dayOf('2023-04-01');

/** The figures of one period, before they become rows: whole currency units, signs as in the statements. */
export interface Figures {
  turnover: number;
  costOfSales: number;
  grossProfit: number;
  administrativeExpenses: number;
  otherOperatingIncome: number;
  operatingProfit: number;
  depreciation: number;
  ebitda: number;
  interestReceivable: number;
  interestPayable: number;
  profitBeforeTax: number;
  tax: number;
  netProfit: number;
  dividends: number;
  intangibleAssets: number;
  tangibleAssets: number;
  investments: number;
  fixedAssets: number;
  stocks: number;
  debtors: number;
  cash: number;
  currentAssets: number;
  totalAssets: number;
  creditorsWithinOneYear: number;
  creditorsAfterOneYear: number;
  provisions: number;
  totalLiabilities: number;
  netAssets: number;
  shareCapital: number;
  sharePremium: number;
  retainedEarnings: number;
  borrowings: number;
  employees: number;
  cashAtStart: number;
  operatingCashFlow: number;
  investingCashFlow: number;
  financingCashFlow: number;
  taxPaid: number;
  capex: number;
  earningsPerShare: number | null;
  debtToEquity: number | null;
}

function taxRate(end: Day, profit: number): number {
  if (end < TAX_RISE) return 0.19;
  if (profit <= 50_000) return 0.19;
  if (profit >= 250_000) return 0.25;
  return 0.19 + ((profit - 50_000) / 200_000) * 0.06;
}

const EMPLOYEE_BOUNDS = { micro: [1, 9], small: [2, 49], medium: [25, 249], large: [120, 60_000] } as const;

/** The figures of every period, oldest first. */
export function figuresFor(plan: CompanyPlan, periods: Period[], rng: Rng, charges: ChargeResult, capital: CapitalResult): Figures[] {
  if (periods.length === 0) return [];
  const s = plan.sector;
  const spread = plan.size === 'large' ? 0.5 : plan.size === 'medium' ? 0.7 : 1;

  // Turnover path: yearly growth around the sector's, then scaled to the company's size.
  const growth: number[] = [];
  let level = 1;
  const levels: number[] = [];
  const companyGrowth = s.growth + rng.normal() * s.growthSpread * 0.5 * spread + (plan.suggested?.sectorId === 'software' ? 0.18 : 0);
  for (const p of periods) {
    let g = companyGrowth + rng.normal() * s.growthSpread * 0.6 * spread;
    if (p.end >= COVID_START && p.end < COVID_END) g += s.covidShock;
    else if (p.end >= COVID_END && p.end < COVID_END + 366) g -= s.covidShock * 0.8;
    g = Math.max(-0.6, Math.min(1.5, g));
    growth.push(g);
    level *= 1 + g;
    levels.push(level);
  }
  const scale = plan.turnoverScale / levels[levels.length - 1];

  // The suggested companies are healthy examples: margins at or above their sector's.
  const margin0 = plan.suggested ? s.operatingMargin + 0.015 + rng.next() * 0.02 : s.operatingMargin + rng.normal() * s.marginSpread * 0.7;
  const gross0 = Math.min(0.95, Math.max(0.05, s.grossMargin + rng.normal() * 0.05));
  const efficiency = rng.logNormal(1, 0.35);
  const intensity = s.assetIntensity * rng.logNormal(1, 0.3);
  const fixedShare = Math.min(0.95, Math.max(0.02, s.fixedShare + rng.normal() * 0.08));
  const intangibleShare = Math.min(0.9, Math.max(0, s.intangibleShare + rng.normal() * 0.05));
  const investmentShare =
    s.id === 'finance' || plan.size === 'large' ? rng.uniform(0.05, 0.4) : rng.chance(0.1) ? rng.uniform(0.01, 0.1) : 0;
  const stockShare = Math.min(0.8, Math.max(0, s.stockShare + rng.normal() * 0.05));
  let cashShare = rng.uniform(0.08, 0.45);
  const leverage = plan.suggested ? rng.uniform(0.12, 0.22) : rng.uniform(0.15, 0.45);
  const payout = plan.form === 'plc' ? rng.uniform(0.3, 0.6) : rng.chance(0.6) ? rng.uniform(0.3, 0.9) : 0;
  const rate = rng.uniform(0.045, 0.085);
  const equityRatio = Math.max(0.05, Math.min(0.85, rng.uniform(0.15, 0.65) + (s.id === 'property' ? 0.05 : 0)));
  const [minEmployees, maxEmployees] = EMPLOYEE_BOUNDS[plan.size];
  const premiumMultiple = plan.form === 'plc' || plan.suggested ? rng.uniform(2, 12) : rng.chance(0.2) ? rng.uniform(1, 20) : 0;

  const out: Figures[] = [];
  let previous: Figures | null = null;
  periods.forEach((p, k) => {
    const months = Math.max(1, Math.round((p.end - p.start + 1) / 30.44));
    const turnover = Math.max(1_000, Math.round(levels[k] * scale * Math.min(1, months / 12)));
    let margin = margin0 + rng.normal() * s.marginSpread * (plan.suggested ? 0.12 : 0.35);
    if (p.end >= COVID_START && p.end < COVID_END && s.covidShock < 0) margin += s.covidShock * 0.3;
    margin = Math.max(-0.6, Math.min(0.7, margin));
    const grossMargin = Math.min(0.97, Math.max(margin + 0.02, gross0 + rng.normal() * 0.015));
    const operatingProfit = Math.round(turnover * margin);
    const grossProfit = Math.round(turnover * grossMargin);
    const costOfSales = grossProfit - turnover;
    const otherOperatingIncome = rng.chance(0.25) ? Math.round(turnover * rng.uniform(0.002, 0.02)) : 0;
    const administrativeExpenses = operatingProfit - grossProfit - otherOperatingIncome;

    // Balance sheet scale follows turnover with some inertia.
    const targetAssets = Math.max(2_000, turnover * intensity * (previous ? 1 : rng.uniform(0.9, 1.1)));
    const totalAssetsGuide = previous ? Math.round(previous.totalAssets * 0.5 + targetAssets * 0.5) : Math.round(targetAssets);
    const fixed = Math.round(totalAssetsGuide * fixedShare);
    const intangibleAssets = Math.round(fixed * intangibleShare);
    const investments = Math.round(fixed * investmentShare);
    const tangibleAssets = fixed - intangibleAssets - investments;
    const depreciation = Math.round(tangibleAssets * rng.uniform(0.08, 0.18) + intangibleAssets * rng.uniform(0.08, 0.15));
    const ebitda = operatingProfit + depreciation;

    const secured = charges.securedAt(p.end);
    const borrowings = Math.round(totalAssetsGuide * leverage * (secured ? 1 : 0.15));
    const interestPayable = -Math.round(borrowings * rate);
    const interestReceivable = previous && previous.cash > 50_000 ? Math.round(previous.cash * rng.uniform(0.005, 0.03)) : 0;
    const profitBeforeTax = operatingProfit + interestReceivable + interestPayable;
    const tax =
      profitBeforeTax > 0
        ? -Math.round(profitBeforeTax * taxRate(p.end, profitBeforeTax))
        : rng.chance(0.3)
          ? Math.round(-profitBeforeTax * 0.1)
          : 0;
    const netProfit = profitBeforeTax + tax;
    const dividends = netProfit > 0 && previous ? Math.round(netProfit * payout) : 0;

    const shareCapital = Math.round(capital.capitalAt(p.end));
    const newCapital = previous ? Math.max(0, shareCapital - previous.shareCapital) : 0;
    const sharePremium =
      (previous?.sharePremium ?? Math.round(shareCapital * premiumMultiple * 0.5)) + Math.round(newCapital * premiumMultiple);
    let netAssets = previous
      ? previous.netAssets +
        netProfit -
        dividends +
        newCapital +
        (sharePremium - previous.sharePremium) -
        Math.max(0, previous.shareCapital - shareCapital)
      : Math.round(totalAssetsGuide * equityRatio);
    if (!previous && netAssets < shareCapital + sharePremium && totalAssetsGuide > (shareCapital + sharePremium) * 2)
      netAssets = shareCapital + sharePremium + Math.round(totalAssetsGuide * 0.05);

    let totalAssets = fixed + Math.max(0, totalAssetsGuide - fixed);
    let currentAssets = totalAssets - fixed;
    // Liabilities are the remainder; a company cannot owe less than its trade creditors.
    const minLiabilities = Math.round(totalAssets * 0.06);
    if (totalAssets - netAssets < minLiabilities) {
      currentAssets += netAssets + minLiabilities - totalAssets;
      totalAssets = fixed + currentAssets;
    }
    if (k > 0 && rng.chance(0.3)) cashShare = Math.min(0.7, Math.max(0.03, cashShare + rng.normal() * 0.06));
    const cash = Math.round(currentAssets * cashShare);
    const stocks = Math.round((currentAssets - cash) * stockShare);
    const debtors = currentAssets - cash - stocks;
    const totalLiabilities = totalAssets - netAssets;
    const provisions = totalLiabilities > 0 ? Math.round(totalLiabilities * (plan.size === 'micro' ? 0 : rng.uniform(0.01, 0.05))) : 0;
    const creditorsAfterOneYear = Math.max(0, Math.min(Math.round(borrowings * 0.8), totalLiabilities - provisions));
    const creditorsWithinOneYear = totalLiabilities - provisions - creditorsAfterOneYear;
    const retainedEarnings = netAssets - shareCapital - sharePremium;

    const cashAtStart = previous ? previous.cash : Math.round(cash * rng.uniform(0.6, 1.2));
    const taxPaid = tax < 0 ? Math.round(tax * rng.uniform(0.7, 1)) : 0;
    const capex = -Math.max(0, Math.round(fixed - (previous?.fixedAssets ?? fixed * 0.9) + depreciation));
    const workingCapital = previous
      ? stocks + debtors - creditorsWithinOneYear - (previous.stocks + previous.debtors - previous.creditorsWithinOneYear)
      : 0;
    const operatingCashFlow = Math.round(ebitda + taxPaid - workingCapital * 0.5);
    const investingCashFlow = capex;
    const financingCashFlow = cash - cashAtStart - operatingCashFlow - investingCashFlow;

    const shares = shareCapital > 0 ? shareCapital / capital.nominal : 0;
    // Earnings per share: reported by public companies (in pence, or cents).
    const earningsPerShare = plan.form === 'plc' && shares > 0 ? Math.round((netProfit / shares) * 100 * 100) / 100 : null;
    const debtToEquity = netAssets > 0 ? Math.round((borrowings / netAssets) * 100) / 100 : null;

    const employees = Math.min(
      maxEmployees,
      Math.max(minEmployees, Math.round((turnover / s.revenuePerEmployee) * efficiency * (months < 12 ? 12 / months : 1))),
    );

    const figures: Figures = {
      turnover,
      costOfSales,
      grossProfit,
      administrativeExpenses,
      otherOperatingIncome,
      operatingProfit,
      depreciation,
      ebitda,
      interestReceivable,
      interestPayable,
      profitBeforeTax,
      tax,
      netProfit,
      dividends,
      intangibleAssets,
      tangibleAssets,
      investments,
      fixedAssets: fixed,
      stocks,
      debtors,
      cash,
      currentAssets,
      totalAssets,
      creditorsWithinOneYear,
      creditorsAfterOneYear,
      provisions,
      totalLiabilities,
      netAssets,
      shareCapital,
      sharePremium,
      retainedEarnings,
      borrowings,
      employees,
      cashAtStart,
      operatingCashFlow,
      investingCashFlow,
      financingCashFlow,
      taxPaid,
      capex,
      earningsPerShare,
      debtToEquity,
    };
    out.push(figures);
    previous = figures;
  });
  return out;
}

/** Labels as printed in the accounts (the "terms" the figures are read from). */
const profitWord = (value: number, profit: string, loss: string) => (value < 0 ? loss : profit);

const SUMMARY_KEYS = new Set<string>(Object.keys(METRIC_PAGES));

/** A line as printed; the summary metrics also record the label they are read from (their term). */
function line(key: string, label: string, value: number | null, currency: string, page: number): StatementLine {
  return { key, label, value, currency, pageNumber: page, term: SUMMARY_KEYS.has(key) ? label : null };
}

/** Medium and large companies' statements have every line; smaller ones the abridged form. */
function detailed(plan: CompanyPlan): boolean {
  return plan.size === 'medium' || plan.size === 'large';
}

function incomeStatement(plan: CompanyPlan, f: Figures): StatementLine[] {
  const c = plan.currency;
  const p = ACCOUNTS_PAGES.incomeStatement;
  const operating = profitWord(f.operatingProfit, 'Operating profit', 'Operating loss');
  const net = profitWord(f.netProfit, 'Profit for the financial year', 'Loss for the financial year');
  if (!detailed(plan)) {
    return [
      line('turnover', 'Turnover', f.turnover, c, p),
      line('operatingProfit', operating, f.operatingProfit, c, p),
      line('netProfitLoss', net, f.netProfit, c, p),
    ];
  }
  const lines = [
    line('turnover', 'Turnover', f.turnover, c, p),
    line('costOfSales', 'Cost of sales', f.costOfSales, c, p),
    line('grossProfit', 'Gross profit', f.grossProfit, c, p),
    line('administrativeExpenses', 'Administrative expenses', f.administrativeExpenses, c, p),
  ];
  if (f.otherOperatingIncome) lines.push(line('otherOperatingIncome', 'Other operating income', f.otherOperatingIncome, c, p));
  lines.push(line('operatingProfit', operating, f.operatingProfit, c, p));
  if (f.interestReceivable) lines.push(line('interestReceivable', 'Interest receivable and similar income', f.interestReceivable, c, p));
  if (f.interestPayable) lines.push(line('interestPayable', 'Interest payable and similar expenses', f.interestPayable, c, p));
  lines.push(
    line('profitBeforeTax', profitWord(f.profitBeforeTax, 'Profit before taxation', 'Loss before taxation'), f.profitBeforeTax, c, p),
    line('tax', 'Tax on profit', f.tax, c, p),
    line('netProfitLoss', net, f.netProfit, c, p),
  );
  return lines;
}

function balanceSheet(plan: CompanyPlan, f: Figures): StatementLine[] {
  const c = plan.currency;
  const p = ACCOUNTS_PAGES.balanceSheet;
  const full = detailed(plan);
  const lines: StatementLine[] = [];
  if (full) {
    if (f.intangibleAssets) lines.push(line('intangibleAssets', 'Intangible assets', f.intangibleAssets, c, p));
    lines.push(line('tangibleAssets', 'Tangible assets', f.tangibleAssets, c, p));
    if (f.investments) lines.push(line('investments', 'Investments', f.investments, c, p));
  }
  lines.push(line('fixedAssets', 'Fixed assets', f.fixedAssets, c, p));
  if (full) {
    if (f.stocks) lines.push(line('stocks', 'Stocks', f.stocks, c, p));
    lines.push(line('debtors', 'Debtors', f.debtors, c, p));
  }
  lines.push(
    line('cash', 'Cash at bank and in hand', f.cash, c, p),
    line('currentAssets', 'Current assets', f.currentAssets, c, p),
    line('creditorsWithinOneYear', 'Creditors: due within one year', -f.creditorsWithinOneYear, c, p),
    line(
      'netCurrentAssets',
      f.currentAssets - f.creditorsWithinOneYear < 0 ? 'Net current liabilities' : 'Net current assets',
      f.currentAssets - f.creditorsWithinOneYear,
      c,
      p,
    ),
  );
  if (full)
    lines.push(
      line('totalAssetsLessCurrentLiabilities', 'Total assets less current liabilities', f.totalAssets - f.creditorsWithinOneYear, c, p),
    );
  if (f.creditorsAfterOneYear)
    lines.push(line('creditorsAfterOneYear', 'Creditors: due after more than one year', -f.creditorsAfterOneYear, c, p));
  // Full accounts name the bank debt within creditors (the screener's net debt reads it; others fall back to liabilities).
  const bankDebt = Math.min(f.borrowings, f.totalLiabilities - f.provisions);
  if (full && bankDebt > 0) lines.push(line('borrowings', 'Bank loans and overdrafts (within creditors)', -bankDebt, c, p));
  if (f.provisions) lines.push(line('provisions', 'Provisions for liabilities', -f.provisions, c, p));
  lines.push(line('netAssets', f.netAssets < 0 ? 'Net liabilities' : 'Net assets', f.netAssets, c, p));
  if (full) {
    lines.push(line('shareCapital', 'Called up share capital', f.shareCapital, c, p));
    if (f.sharePremium) lines.push(line('sharePremium', 'Share premium account', f.sharePremium, c, p));
    lines.push(line('retainedEarnings', 'Profit and loss account', f.retainedEarnings, c, p));
  }
  lines.push(
    line('totalAssets', 'Total assets', f.totalAssets, c, p),
    line('totalLiabilities', 'Total liabilities', f.totalLiabilities, c, p),
  );
  return lines;
}

/** Medium and large companies' statement of cash flows; smaller ones are exempt from preparing one (FRS 102 1A, FRS 105). */
function cashFlow(plan: CompanyPlan, f: Figures): StatementLine[] {
  if (!detailed(plan)) return [];
  const c = plan.currency;
  const p = ACCOUNTS_PAGES.cashFlowStatement;
  const lines: StatementLine[] = [
    line(
      'netCashFromOperating',
      f.operatingCashFlow < 0 ? 'Net cash used in operating activities' : 'Net cash from operating activities',
      f.operatingCashFlow,
      c,
      p,
    ),
    line('capex', 'Purchase of tangible fixed assets', f.capex, c, p),
    line(
      'netCashFromInvesting',
      f.investingCashFlow < 0 ? 'Net cash used in investing activities' : 'Net cash from investing activities',
      f.investingCashFlow,
      c,
      p,
    ),
  ];
  if (f.dividends) lines.push(line('dividendsPaid', 'Equity dividends paid', -f.dividends, c, p));
  lines.push(
    line(
      'netCashFromFinancing',
      f.financingCashFlow < 0 ? 'Net cash used in financing activities' : 'Net cash from financing activities',
      f.financingCashFlow,
      c,
      p,
    ),
    line('netChangeInCash', f.cash - f.cashAtStart < 0 ? 'Net decrease in cash' : 'Net increase in cash', f.cash - f.cashAtStart, c, p),
    line('cashAtStart', 'Cash at beginning of year', f.cashAtStart, c, p),
    line('cashAtEnd', 'Cash at end of year', f.cash, c, p),
  );
  return lines;
}

/** Key performance indicators, as the strategic report's KPI table prints them. */
function keyFinancials(plan: CompanyPlan, f: Figures): StatementLine[] {
  const c = plan.currency;
  const p = ACCOUNTS_PAGES.strategicReport;
  const lines = [
    line('EBITDA', 'EBITDA', f.ebitda, c, p),
    line('employeeCount', 'Average number of employees', f.employees, '', p),
    line('operatingMargin', 'Operating margin (%)', Math.round((f.operatingProfit / f.turnover) * 1000) / 10, '', p),
  ];
  if (f.creditorsWithinOneYear > 0 && detailed(plan))
    lines.push(line('currentRatio', 'Current ratio', Math.round((f.currentAssets / f.creditorsWithinOneYear) * 100) / 100, '', p));
  if (f.debtToEquity !== null && detailed(plan)) lines.push(line('debtToEquityRatio', 'Debt to equity ratio', f.debtToEquity, '', p));
  if (f.earningsPerShare !== null)
    lines.push(line('earningsPerShare', `Basic earnings per share (${c === 'GBP' ? 'pence' : 'cents'})`, f.earningsPerShare, '', p));
  return lines;
}

export const METRIC_TERMS = (f: Figures): Record<MetricKey, string> => ({
  turnover: 'Turnover',
  operatingProfit: profitWord(f.operatingProfit, 'Operating profit', 'Operating loss'),
  EBITDA: 'EBITDA',
  netProfitLoss: profitWord(f.netProfit, 'Profit for the financial year', 'Loss for the financial year'),
  totalAssets: 'Total assets',
  totalLiabilities: 'Total liabilities',
  netAssets: f.netAssets < 0 ? 'Net liabilities' : 'Net assets',
  cash: 'Cash at bank and in hand',
  employeeCount: 'Average number of employees',
});

export function financialRows(plan: CompanyPlan, periods: Period[], figures: Figures[]): FinancialStatementRow[] {
  return periods.map((p, k) => {
    const f = figures[k];
    return {
      company_number: plan.number,
      period_end: isoDay(p.end),
      period_start: isoDay(p.start),
      fiscal_year: yearOf(p.end),
      currency: plan.currency,
      document_id: p.documentId,
      source: 'sample',
      turnover: f.turnover,
      operating_profit: f.operatingProfit,
      net_profit_loss: f.netProfit,
      ebitda: f.ebitda,
      total_assets: f.totalAssets,
      total_liabilities: f.totalLiabilities,
      net_assets: f.netAssets,
      cash: f.cash,
      employees: f.employees,
      earnings_per_share: f.earningsPerShare,
      debt_to_equity_ratio: f.debtToEquity,
      page_numbers: { ...METRIC_PAGES },
      terms: METRIC_TERMS(f),
      balance_sheet: balanceSheet(plan, f),
      income_statement: incomeStatement(plan, f),
      cash_flow: cashFlow(plan, f),
      key_financials: keyFinancials(plan, f),
    };
  });
}
