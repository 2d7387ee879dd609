import { describe, it } from 'node:test';
import { expect } from 'expect';
import { formatStatementFigure, lineDirection, statementUnit } from './statements.js';
import { metricYearOverYear } from './year-over-year.js';

describe('statement tables', () => {
  it('choose one unit per table from its largest amount', () => {
    expect(statementUnit([12_345_678, -3_000, null], 'GBP')).toEqual({ divisor: 1_000_000, decimals: 2, label: '£m' });
    expect(statementUnit(['45,000', 900], 'EUR')).toEqual({ divisor: 1_000, decimals: 0, label: '€k' });
    expect(statementUnit([950, null], null)).toEqual({ divisor: 1, decimals: 0, label: '£' });
    expect(statementUnit([2_000_000], 'CHF').label).toBe('CHF m');
  });

  it('show every amount in that unit, negatives in parentheses, zero or empty as a dash', () => {
    const millions = statementUnit([12_345_678]);
    expect(formatStatementFigure(12_345_678, 'amount', millions)).toBe('12.35');
    expect(formatStatementFigure(-3_000, 'amount', millions)).toBe('0.00');
    expect(formatStatementFigure(-1_250_000, 'amount', millions)).toBe('(1.25)');
    expect(formatStatementFigure(0, 'amount', millions)).toBe('-');
    expect(formatStatementFigure(null, 'amount', millions)).toBe('-');
    expect(formatStatementFigure(-45_600, 'amount', statementUnit([45_600]))).toBe('(46)');
    // counts and ratios are not scaled
    expect(formatStatementFigure(1234, 'count', millions)).toBe('1,234');
    expect(formatStatementFigure(-0.456, 'ratio', millions)).toBe('(0.46)');
  });

  it('know which way is good news for each line', () => {
    for (const line of [
      'totalLiabilities',
      'Total Liabilities',
      'current_liabilities',
      'Net debt',
      'Bank loans and overdrafts',
      'Cost of sales',
      'Administrative expenses',
      'Gearing (%)',
      'Debt to Equity Ratio',
      'Trade creditors',
    ])
      expect([line, lineDirection(line)]).toEqual([line, 'lower']);
    for (const line of [
      'turnover',
      'Operating Profit',
      'Net Profit/Loss',
      'netAssets',
      'Cash & Equiv.',
      'EBITDA',
      'Total Assets',
      'employeeCount',
    ])
      expect([line, lineDirection(line)]).toEqual([line, 'higher']);
    for (const line of ['Dividends paid', 'Net cash used in investing activities']) expect(lineDirection(line)).toBe('neutral');
  });

  it('never colour a rise in liabilities as good news', () => {
    expect(metricYearOverYear('totalLiabilities', 120, 100)).toMatchObject({ label: '+20.0%', good: false });
    expect(metricYearOverYear('totalLiabilities', 80, 100).good).toBe(true);
    expect(metricYearOverYear('totalAssets', 120, 100).good).toBe(true);
    expect(metricYearOverYear('Dividends paid', 120, 100)).toMatchObject({ label: '+20.0%', good: null });
  });
});
