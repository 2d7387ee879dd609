import { describe, it } from 'node:test';
import { expect } from 'expect';
import {
  currencySymbol,
  filingLabel,
  formatCurrency,
  formatEmployees,
  formatFinancialColumn,
  formatLargeNumber,
  formatMillions,
  formatRatio,
  LABEL_LENGTHS,
  parseCapitalFigure,
  sortFilingsForList,
  truncateLabel,
} from './format.js';

const now = new Date('2024-03-15T00:00:00Z');

describe('currency (spec 2 section 9)', () => {
  it('maps EUR, GBP and USD to symbols, GBP by default', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('gbp')).toBe('£');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol(undefined)).toBe('£');
    expect(currencySymbol('')).toBe('£');
    expect(currencySymbol('CHF')).toBe('CHF ');
  });

  it('shows no decimals below a million and one-decimal millions from 1,000,000', () => {
    expect(formatCurrency(1234.56)).toBe('£1,235');
    expect(formatCurrency(999_999, 'USD')).toBe('$999,999');
    expect(formatCurrency(1_000_000, 'EUR')).toBe('€1.0M');
    expect(formatCurrency(12_345_678)).toBe('£12.3M');
    expect(formatCurrency(-12_345_678)).toBe('-£12.3M');
    expect(formatCurrency(-500, null)).toBe('-£500');
    expect(formatCurrency('2,500,000')).toBe('£2.5M');
  });

  it('shows a dash for zero or empty', () => {
    expect(formatCurrency(0)).toBe('-');
    expect(formatCurrency(null)).toBe('-');
    expect(formatCurrency('')).toBe('-');
    expect(formatCurrency('n/a')).toBe('-');
  });
});

describe('number columns', () => {
  it('shows large numbers as millions with one decimal and M from 1,000,000', () => {
    expect(formatLargeNumber(999_999)).toBe('999,999');
    expect(formatLargeNumber(1_000_000)).toBe('1.0M');
    expect(formatLargeNumber(-2_340_000)).toBe('-2.3M');
    expect(formatLargeNumber(0)).toBe('-');
  });

  it('divides financial columns by a million with 2 decimals', () => {
    expect(formatMillions(12_345_678)).toBe('12.35');
    expect(formatMillions(-1_500_000_000)).toBe('-1,500.00');
    expect(formatMillions(0)).toBe('-');
    expect(formatMillions(undefined)).toBe('-');
  });

  it('shows ratios with 2 decimals and employees with none', () => {
    expect(formatRatio(1.456)).toBe('1.46');
    expect(formatRatio(0)).toBe('-');
    expect(formatEmployees(1234.4)).toBe('1,234');
    expect(formatEmployees(null)).toBe('-');
  });

  it('formats screener cells by column', () => {
    expect(formatFinancialColumn('turnover', 2_500_000)).toBe('2.50');
    expect(formatFinancialColumn('employee_count', 1500)).toBe('1,500');
    expect(formatFinancialColumn('debt_to_equity_ratio', 0.456)).toBe('0.46');
    expect(formatFinancialColumn('earnings_per_share', 12)).toBe('12.00');
  });
});

describe('parseCapitalFigure', () => {
  it('reads figures with thousands commas', () => {
    expect(parseCapitalFigure('1,000.50')).toBe(1000.5);
    expect(parseCapitalFigure('1,234,567')).toBe(1234567);
    expect(parseCapitalFigure(' 42 ')).toBe(42);
    expect(parseCapitalFigure(3)).toBe(3);
  });

  it('gives null for empty or non-numeric figures', () => {
    expect(parseCapitalFigure('')).toBeNull();
    expect(parseCapitalFigure('abc')).toBeNull();
    expect(parseCapitalFigure(null)).toBeNull();
    expect(parseCapitalFigure(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('truncateLabel', () => {
  it('cuts after n characters and adds an ellipsis only when longer', () => {
    expect(truncateLabel('x'.repeat(30), LABEL_LENGTHS.filing)).toBe('x'.repeat(30));
    expect(truncateLabel('x'.repeat(31), LABEL_LENGTHS.filing)).toBe('x'.repeat(30) + '...');
    expect(truncateLabel('y'.repeat(51), LABEL_LENGTHS.lender)).toBe('y'.repeat(50) + '...');
    expect(truncateLabel('z'.repeat(101), LABEL_LENGTHS.particulars)).toHaveLength(103);
    expect(truncateLabel('w'.repeat(150), LABEL_LENGTHS.summaryPreview)).toBe('w'.repeat(150));
    expect(truncateLabel(null, 10)).toBe('');
  });

  it('does not split a character made of two UTF-16 units', () => {
    expect(truncateLabel('😀😀😀', 2)).toBe('😀😀...');
  });
});

describe('filing list (spec 2 section 2.4)', () => {
  it('labels "category: date - description" cut at 30 characters', () => {
    expect(filingLabel({ category: 'capital', date: '2024-01-02', description: 'sh01' }, now)).toBe('capital: 02/01/2024 - sh01');
    expect(filingLabel({ category: 'officers', date: '2024-01-02', description: 'appoint-person-director' }, now)).toBe(
      'officers: 02/01/2024 - appoint...',
    );
  });

  it('sorts by category name, then newest first, undated last', () => {
    const filings = [
      { category: 'officers', date: '2023-01-01', description: 'a' },
      { category: 'accounts', date: '2022-01-01', description: 'b' },
      { category: 'officers', date: null, description: 'c' },
      { category: 'officers', date: '2024-01-01', description: 'd' },
      { category: 'accounts', date: '2023-06-01', description: 'e' },
    ];
    expect(sortFilingsForList(filings).map((f) => f.description)).toEqual(['e', 'b', 'd', 'a', 'c']);
  });
});
