import { describe, it } from 'node:test';
import { expect } from 'expect';
import { distressSignals, isDistressed, outlookStaleness, type DistressInputs } from './distress.js';
import { chargeRanking, recoveryEstimate } from './recovery.js';
import { LIQUIDATOR_APPOINTED } from './distress-fixtures.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const base: DistressInputs = {
  status: 'Active',
  accountsNextDue: '2026-12-31',
  confStmtNextDue: '2026-09-01',
  filings: [],
  charges: [],
  officers: [],
  latest: { fiscalYear: 2025, netProfitLoss: 100, netAssets: 1000 },
  auditor: null,
};

describe('distress signals (issue 27 §1)', () => {
  it('a healthy active company shows none', () => {
    expect(distressSignals(base, NOW)).toEqual([]);
  });

  it('an unqualified opinion under the standard going-concern heading is no warning; a material uncertainty is', () => {
    const standard =
      'Unqualified opinion: in our opinion the financial statements give a true and fair view. Conclusions relating to going concern: we have nothing to report.';
    expect(distressSignals({ ...base, auditor: { fiscalYear: 2025, opinion: standard } }, NOW)).toEqual([]);
    const warning = 'Material uncertainty related to going concern: the company depends on its lenders.';
    expect(distressSignals({ ...base, auditor: { fiscalYear: 2025, opinion: warning } }, NOW).map((s) => s.kind)).toEqual([
      'going-concern',
    ]);
  });

  it('a liquidation: the status and its insolvency filings with dates, the most serious first', () => {
    const signals = distressSignals(
      {
        ...base,
        status: 'Liquidation',
        filings: [LIQUIDATOR_APPOINTED, { transaction_id: 't2', category: 'officers', type: 'TM01', date: '2025-01-01' }],
        officers: [{ officer_key: 'o1', name: 'Jane Doe', officer_role: 'director', resigned_on: '2026-02-01' }],
      },
      NOW,
    );
    expect(signals.map((s) => s.kind)).toEqual(['status', 'insolvency-event', 'resignation']);
    expect(signals[1]).toMatchObject({ date: '2025-03-01', ref: { record: 'filings', transactionId: 't1' } });
    expect(signals[1].text).toContain('liquidator appointed');
    expect(isDistressed(signals)).toBe(true);
  });

  it('overdue accounts and confirmation statement, losses, net liabilities and going-concern language', () => {
    const signals = distressSignals(
      {
        ...base,
        accountsNextDue: '2026-01-31',
        confStmtNextDue: '2026-05-01',
        latest: { fiscalYear: 2024, netProfitLoss: -50, netAssets: -10 },
        auditor: { fiscalYear: 2024, opinion: 'Unqualified opinion with a material uncertainty related to going concern: ...' },
      },
      NOW,
    );
    const kinds = signals.map((s) => s.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['accounts-overdue', 'confirmation-overdue', 'loss', 'negative-net-assets', 'going-concern']),
    );
    expect(signals.find((s) => s.kind === 'accounts-overdue')!.text).toContain('135 days ago');
  });

  it('live charges name type, date and holders; satisfied ones are not signals', () => {
    const signals = distressSignals(
      {
        ...base,
        charges: [
          {
            charge_id: 'c1',
            status: 'outstanding',
            created_on: '2020-01-01',
            contains_fixed_charge: true,
            contains_floating_charge: true,
            floating_charge_covers_all: true,
            persons_entitled: ['Barclays Bank PLC'],
          },
          { charge_id: 'c2', status: 'fully-satisfied', created_on: '2015-01-01', persons_entitled: ['HSBC UK Bank PLC'] },
        ],
      },
      NOW,
    );
    expect(signals).toHaveLength(1);
    expect(signals[0].text).toBe(
      'Outstanding charge Charge c1 (fixed, floating (all assets)), created 2020-01-01, held by Barclays Bank PLC',
    );
  });

  it('accounts filed after the 9-month deadline are late filings', () => {
    const signals = distressSignals(
      {
        ...base,
        filings: [
          { transaction_id: 'a1', category: 'accounts', date: '2025-11-15', description_values: { made_up_date: '2024-12-31' } },
          { transaction_id: 'a2', category: 'accounts', date: '2024-09-01', description_values: { made_up_date: '2023-12-31' } },
        ],
      },
      NOW,
    );
    expect(signals.map((s) => s.ref)).toEqual([{ record: 'filings', transactionId: 'a1', date: '2025-11-15' }]);
    expect(signals[0].text).toContain('-month deadline');
  });

  it('outlook older than the latest accounts, or before an insolvency, is stale', () => {
    expect(outlookStaleness(2023, 2024, 'Active').stale).toBe(true);
    expect(outlookStaleness(2024, 2024, 'Active').stale).toBe(false);
    expect(outlookStaleness(2024, 2024, 'Liquidation')).toMatchObject({ stale: true });
  });
});

describe('recovery estimate (issue 27 §1)', () => {
  it('ranks fixed before floating, then by creation date', () => {
    const ranked = chargeRanking([
      { charge_id: 'f2', status: 'outstanding', created_on: '2021-01-01', contains_floating_charge: true },
      { charge_id: 'x1', status: 'outstanding', created_on: '2022-01-01', contains_fixed_charge: true },
      { charge_id: 'f1', status: 'outstanding', created_on: '2019-01-01', contains_floating_charge: true },
      { charge_id: 's', status: 'fully-satisfied', created_on: '2010-01-01', contains_fixed_charge: true },
    ]);
    expect(ranked.map((r) => r.chargeId)).toEqual(['x1', 'f1', 'f2']);
  });

  it('book-value pence in the pound after secured debt, capped at 0 and 100', () => {
    expect(recoveryEstimate({ totalAssets: 600, totalLiabilities: 1000, securedDebt: 200, liveCharges: 1 }).pencePerPound).toBe(50);
    expect(recoveryEstimate({ totalAssets: 100, totalLiabilities: 1000, securedDebt: 200, liveCharges: 1 })).toMatchObject({
      pencePerPound: 0,
      securedCovered: false,
    });
    expect(recoveryEstimate({ totalAssets: 5000, totalLiabilities: 1000, securedDebt: 0, liveCharges: 0 }).pencePerPound).toBe(100);
  });

  it('no estimate when secured debt is unknown but charges are outstanding', () => {
    const r = recoveryEstimate({ totalAssets: 600, totalLiabilities: 1000, securedDebt: null, liveCharges: 2 });
    expect(r.pencePerPound).toBeNull();
    expect(r.missing[0]).toContain('secured debt');
  });
});
