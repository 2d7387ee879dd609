import { describe, it } from 'node:test';
import { expect } from 'expect';
import { distressSignals } from '../distress.js';
import { IN_LIQUIDATION } from '../distress-fixtures.js';
import { distressSignalRows } from './distress-signals.js';

const NOW = new Date('2026-06-15T12:00:00Z');

describe("the overview's distress signals (issue 27 §1)", () => {
  it('one row a signal, the most serious first, each naming the record it was read from', () => {
    const rows = distressSignalRows(distressSignals(IN_LIQUIDATION, NOW));
    expect(rows[0]).toMatchObject({ kind: 'status', severity: 'high', source: 'Register: company profile (status)' });
    expect(rows.find((r) => r.kind === 'insolvency-event')).toMatchObject({ source: 'Filing of 2025-03-01' });
    expect(rows.find((r) => r.kind === 'accounts-overdue')?.source).toBe('Register: company profile (accounts due)');
    expect(rows.find((r) => r.kind === 'negative-net-assets')?.source).toBe('Accounts FY2024');
    expect(rows.every((r) => r.text.length > 0)).toBe(true);
  });

  it('a company without signals, or an overview without them, has no rows', () => {
    expect(distressSignalRows([])).toEqual([]);
    expect(distressSignalRows(undefined)).toEqual([]);
  });
});
