import type { ChargeRow, FilingRow, FinancialStatementRow, OfficerRow, PscRow } from './store/rows.js';

export interface OverviewInputs {
  filings: FilingRow[];
  officers: OfficerRow[];
  pscs: PscRow[];
  charges: ChargeRow[];
  statements: FinancialStatementRow[];
}

/** The computed insights of spec 2 sections 4, 5 and 9, so that scripts and the terminal get them too. */
export function overviewInsights(_inputs: OverviewInputs, _now: Date): Record<string, unknown> {
  return {};
}
