import {
  capitalSummary,
  chargeStatistics,
  confirmationStatementAnalysis,
  FINANCIAL_SUMMARY_KEYS,
  leadershipInsights,
  metricYearOverYear,
} from '@credence/shared';
import type { ChargeRow, FilingRow, FinancialStatementRow, OfficerRow, PscRow } from './store/rows.js';
import { financialSummaryView } from './company-views.js';

export interface OverviewInputs {
  filings: FilingRow[];
  officers: OfficerRow[];
  pscs: PscRow[];
  charges: ChargeRow[];
  statements: FinancialStatementRow[];
}

/** Key figures of the latest year with the change on the year before (spec 2 section 5 rules). */
function keyFigures(statements: FinancialStatementRow[]) {
  if (!statements.length) return null;
  const summary = financialSummaryView(statements);
  const latestYear = statements.at(-1)!.fiscal_year;
  return Object.fromEntries(
    FINANCIAL_SUMMARY_KEYS.map((key) => {
      const current = summary[key].find((item) => item.year === latestYear) ?? null;
      const previous = summary[key].find((item) => item.year === latestYear - 1) ?? null;
      return [
        key,
        {
          year: latestYear,
          value: current?.value ?? null,
          currency: current?.currency ?? null,
          previous: previous?.value ?? null,
          change: metricYearOverYear(key, current?.value, previous?.value),
        },
      ];
    }),
  );
}

/**
 * The computed insights of spec 2 sections 4, 5 and 9, from the shared rules, so that scripts
 * and the terminal see the same signals as the web app.
 */
export function overviewInsights(inputs: OverviewInputs, now: Date): Record<string, unknown> {
  const byCategory = (category: string) => inputs.filings.filter((f) => f.category === category);
  const officerFilings = [...byCategory('officers'), ...byCategory('persons-with-significant-control')];
  return {
    key_figures: keyFigures(inputs.statements),
    leadership: leadershipInsights(officerFilings, inputs.officers, inputs.pscs, now),
    charges: inputs.charges.length ? chargeStatistics(inputs.charges, now) : null,
    capital: byCategory('capital').length ? capitalSummary(byCategory('capital'), now) : null,
    confirmation_statement: confirmationStatementAnalysis(byCategory('confirmation-statement'), now),
  };
}
