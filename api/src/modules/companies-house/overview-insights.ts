import {
  capitalSummary,
  chargeStatistics,
  companyDistress,
  confirmationStatementAnalysis,
  keyFigures,
  leadershipInsights,
  statementRatios,
  type OverviewInsights,
} from '@credence/shared';
import type { ChargeRow, FilingRow, FinancialStatementRow, OfficerRow, PscRow } from './store/rows.js';
import { financialSummaryView } from './company-views.js';

export interface OverviewInputs {
  /** The register's company status ("In Administration"): decides the distress banner. */
  status: string | null;
  filings: FilingRow[];
  officers: OfficerRow[];
  pscs: PscRow[];
  charges: ChargeRow[];
  statements: FinancialStatementRow[];
}

/**
 * The computed insights of spec 2 sections 4, 5 and 9, from the shared rules, so that scripts,
 * the web and the terminal see the same signals. Typed against the shared contract
 * (OverviewInsights): a field the clients read cannot drift from what is built here.
 */
export function overviewInsights(inputs: OverviewInputs, now: Date): OverviewInsights {
  const byCategory = (category: string) => inputs.filings.filter((f) => f.category === category);
  const officerFilings = [...byCategory('officers'), ...byCategory('persons-with-significant-control')];
  return {
    key_figures: inputs.statements.length ? keyFigures(financialSummaryView(inputs.statements)) : null,
    leadership: leadershipInsights(officerFilings, inputs.officers, inputs.pscs, now),
    charges: inputs.charges.length ? chargeStatistics(inputs.charges, now) : null,
    capital: byCategory('capital').length ? capitalSummary(byCategory('capital'), now) : null,
    confirmation_statement: confirmationStatementAnalysis(byCategory('confirmation-statement'), now),
    distress: companyDistress(inputs.status),
    ratios: latestStatement(inputs.statements),
  };
}

/** The latest year's credit ratios by shared's one definition of each (issue 27), or null without accounts. */
function latestStatement(statements: FinancialStatementRow[]): OverviewInsights['ratios'] {
  if (!statements.length) return null;
  const latest = statements.reduce((a, b) => (String(b.period_end) > String(a.period_end) ? b : a));
  return statementRatios({ ...latest, period_end: String(latest.period_end) });
}
