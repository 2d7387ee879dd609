/** A company in liquidation as the distress rule reads it, for tests of the rule and of the views over it. */
import type { DistressFiling, DistressInputs } from './distress.js';

export const LIQUIDATOR_APPOINTED: DistressFiling = {
  transaction_id: 't1',
  category: 'insolvency',
  type: '600',
  date: '2025-03-01',
  description: 'liquidation-voluntary-appointment-of-liquidator',
};

/** In liquidation since 2025-03-01, accounts due 2026-01-31, a director resigned 2026-02-01, FY2024 a loss and net liabilities. */
export const IN_LIQUIDATION: DistressInputs = {
  status: 'Liquidation',
  accountsNextDue: '2026-01-31',
  confStmtNextDue: '2026-09-01',
  filings: [LIQUIDATOR_APPOINTED],
  charges: [],
  officers: [{ officer_key: 'o1', name: 'Jane Doe', officer_role: 'director', resigned_on: '2026-02-01' }],
  latest: { fiscalYear: 2024, netProfitLoss: -50, netAssets: -10 },
  auditor: null,
};
