import { describe, it } from 'node:test';
import { expect } from 'expect';
import { formatKpiValue, kpiTableUnitLabel, matchKpiTableName, parsePeriodKey } from './kpi-format.js';

describe('KPI presentation', () => {
  it('reads money in millions, per share with two decimals, shares in millions, percent with one decimal', () => {
    expect(formatKpiValue(383_285_000_000, 'USD')).toBe('383,285.0');
    expect(formatKpiValue(-1_250_000, 'USD')).toBe('(1.3)');
    expect(formatKpiValue(6.13, 'USD/shares')).toBe('6.13');
    expect(formatKpiValue(15_552_752_000, 'shares')).toBe('15,552.8m');
    expect(formatKpiValue(44.131, '%')).toBe('44.1%');
    expect(formatKpiValue(null, 'USD')).toBe('—');
    expect(kpiTableUnitLabel('USD')).toBe('USD millions');
    expect(kpiTableUnitLabel('USD per share')).toBe('USD per share; shares in millions');
  });

  it('keeps two significant digits of a figure under a million (or under a cent, a tenth of a percent), negatives in brackets', () => {
    expect(formatKpiValue(850_000, 'USD')).toBe('0.85');
    expect(formatKpiValue(-850_000, 'USD')).toBe('(0.85)');
    expect(formatKpiValue(40_000, 'USD')).toBe('0.040');
    expect(formatKpiValue(1_234, 'USD')).toBe('0.0012');
    expect(formatKpiValue(7, 'USD')).toBe('0.000007');
    expect(formatKpiValue(999_999, 'USD')).toBe('1.00');
    expect(formatKpiValue(0, 'USD')).toBe('0.0');
    expect(formatKpiValue(-0.12, 'USD/shares')).toBe('(0.12)');
    expect(formatKpiValue(0.004, 'USD/shares')).toBe('0.0040');
    expect(formatKpiValue(-2.5, 'USD/shares')).toBe('(2.50)');
    expect(formatKpiValue(250_000, 'shares')).toBe('0.25m');
    expect(formatKpiValue(0.05, '%')).toBe('0.050%');
    expect(formatKpiValue(-3.26, '%')).toBe('(3.3%)');
  });

  it('matches table names loosely and reads periods as an analyst writes them', () => {
    expect(matchKpiTableName('income')).toBe('Income Statement');
    expect(matchKpiTableName('cash-flow')).toBe('Cash Flow');
    expect(matchKpiTableName('Margins and Returns')).toBe('Margins and Returns');
    expect(matchKpiTableName('ebitda')).toBeNull();
    expect(parsePeriodKey('fy2023')).toBe('FY2023');
    expect(parsePeriodKey('Q4 2023')).toBe('2023Q4');
    expect(parsePeriodKey('Q4 FY2023')).toBe('2023Q4');
    expect(parsePeriodKey('2023Q1')).toBe('2023Q1');
    expect(parsePeriodKey('2023')).toBeNull();
  });
});
