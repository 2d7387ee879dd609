import { describe, it } from 'node:test';
import { expect } from 'expect';
import { computeRatio, computeRatios, roundRatio } from './compute.js';
import { RATIO_DEFINITIONS, RATIO_KEYS } from './definitions.js';
import { ratioDefinitionText, ratioFormulaText, ratioLine, ratioLineText } from './present.js';
import { complianceReasonText } from '../rules/uk/presentation/compliance.js';

// Printed as the accounts print them: creditors, bank debt, interest and capex negative.
const FULL = {
  turnover: 10_000_000,
  grossProfit: 4_000_000,
  operatingProfit: 1_200_000,
  netProfit: 800_000,
  ebitda: 1_600_000,
  totalAssets: 9_000_000,
  totalLiabilities: 5_000_000,
  netAssets: 4_000_000,
  cash: 500_000,
  borrowings: -2_612_000,
  currentAssets: 3_000_000,
  stocks: 600_000,
  creditorsWithinOneYear: -2_000_000,
  interestPayable: -150_000,
  operatingCashFlow: 1_400_000,
  capex: -300_000,
};

describe('one definition per ratio (issue 27 §2)', () => {
  it('names a formula, its inputs and a fallback for every ratio', () => {
    for (const key of RATIO_KEYS) {
      const def = RATIO_DEFINITIONS[key];
      expect(def.formula.length).toBeGreaterThan(5);
      expect(def.inputs.length).toBeGreaterThan(0);
      expect(def.fallback).toMatch(/\w/);
    }
  });

  it('computes gearing as net debt over net assets, and debt to equity as bank loans over net assets', () => {
    const r = computeRatios(FULL);
    expect(r.netDebt?.value).toBe(2_112_000);
    expect(r.gearing?.value).toBe(52.8);
    expect(r.gearing?.formula).toBe('net debt / net assets × 100');
    expect(r.debtToEquity?.value).toBe(0.65);
    expect(r.interestCover?.value).toBe(8);
    expect(r.currentRatio?.value).toBe(1.5);
    expect(r.quickRatio?.value).toBe(1.2);
    expect(r.operatingMargin?.value).toBe(12);
    expect(r.grossMargin?.value).toBe(40);
    expect(r.freeCashFlow?.value).toBe(1_100_000);
    expect(r.cashConversion?.value).toBe(87.5);
    expect(Object.values(r).every((x) => x!.fallback === null)).toBe(true);
  });

  it('names the fallback when an input is missing, and shows the formula it used', () => {
    const noBank = { ...FULL, borrowings: null, stocks: undefined, operatingProfit: null, ebitda: 1_600_000 };
    const r = computeRatios(noBank);
    expect(r.netDebt).toMatchObject({ value: 4_500_000, formula: 'total liabilities - cash', used: ['totalLiabilities', 'cash'] });
    expect(r.netDebt?.fallback).toMatch(/total liabilities/);
    expect(r.gearing).toMatchObject({ value: 112.5, formula: '(total liabilities - cash) / net assets × 100' });
    expect(r.quickRatio?.fallback).toMatch(/stocks taken as nil/);
    expect(r.interestCover).toMatchObject({ value: 10.67, formula: 'EBITDA / interest payable' });
    expect(ratioFormulaText(r.gearing!)).toMatch(/^Gearing = \(total liabilities - cash\) \/ net assets × 100 \(fallback: /);
  });

  it('computes nothing rather than a wrong figure', () => {
    expect(computeRatio('gearing', { ...FULL, netAssets: -1 })).toBeNull();
    expect(computeRatio('interestCover', { ...FULL, interestPayable: 0 })).toBeNull();
    expect(computeRatio('currentRatio', { currentAssets: 1 })).toBeNull();
    expect(computeRatio('freeCashFlow', { operatingCashFlow: 5 })).toBeNull();
  });

  it('rounds half away from zero as SQL round(numeric) does', () => {
    expect(roundRatio(12.35, 1)).toBe(12.4);
    expect(roundRatio(-12.35, 1)).toBe(-12.4);
    expect(roundRatio(1.005, 2)).toBe(1.01);
    expect(roundRatio((1_234_5 * 100) / 100_000, 1)).toBe(12.3);
  });

  it('shows the value, the formula and a stated figure labelled "as stated"', () => {
    const de = computeRatio('debtToEquity', FULL)!;
    const line = ratioLine(de, 'GBP', 0.26);
    expect(ratioLineText(line)).toBe('Debt to equity: 0.65x (bank loans and overdrafts / net assets; 0.26x as stated)');
    expect(ratioLineText(ratioLine(computeRatio('netDebt', FULL)!, 'GBP'))).toBe('Net debt: £2.1M (bank loans and overdrafts - cash)');
    expect(ratioDefinitionText('gearing')).toMatch(/^Gearing = net debt \/ net assets × 100\. Fallback: /);
  });
});

describe('complianceReasonText (issue 27 §2)', () => {
  const metrics = {
    totalFilings: 2,
    statements: 2,
    withUpdates: 0,
    noUpdates: 2,
    updateRatio: 0,
    corrections: 0,
    annotations: 0,
    onTime: 2,
    late: 0,
    onTimeRatio: 1,
    averageDelayDays: 0,
    multipleUpdatesInYear: false,
    lastMadeUpDate: '2024-02-28',
    lastFiledDate: '2024-03-01',
    nextDueDate: '2025-03-14',
    daysUntilDue: -200,
  };
  it('gives the overdue date as the reason for a poor rating, not the on-time record', () => {
    expect(complianceReasonText({ compliance: 'poor', status: 'overdue', metrics })).toBe(
      'POOR: confirmation statement overdue since 14 March 2025',
    );
  });
  it('gives the on-time record otherwise', () => {
    expect(complianceReasonText({ compliance: 'good', status: 'on_time', metrics: { ...metrics, daysUntilDue: 100 } })).toBe(
      'GOOD: 2 of 2 (100%) filed on time, average delay 0.0 days',
    );
    expect(complianceReasonText({ compliance: 'n/a', status: 'unknown', metrics })).toBe('N/A: no confirmation statements on file');
  });
});
