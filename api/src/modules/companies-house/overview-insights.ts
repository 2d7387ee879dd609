import {
  capitalSummary,
  chargeStatistics,
  companyDistress,
  distressSignals,
  confirmationStatementAnalysis,
  identityVerificationSummary,
  keyFigures,
  leadershipInsights,
  type IdentityVerificationDetails,
  type IdentityVerificationSummary,
  statementRatios,
  type OverviewInsights,
} from '@credence/shared';
import type { ChargeRow, FilingRow, FinancialStatementRow, OfficerRow, PscRow } from '../../platform/register/rows.js';
import { financialSummaryView, pscVerification } from './company-views.js';

export interface OverviewInputs {
  /** The register's company status ("In Administration"): decides the distress banner. */
  status: string | null;
  /** The register's accounts and confirmation statement due dates, and the company type (for the filing deadline). */
  company?: { accounts_next_due?: string | null; conf_stmt_next_due?: string | null; company_category?: string | null };
  /** The latest audit opinion and its fiscal year. */
  auditor?: { fiscalYear: number; opinion: string } | null;
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
    distress_signals: distressSignals(
      {
        status: inputs.status,
        accountsNextDue: inputs.company?.accounts_next_due ?? null,
        confStmtNextDue: inputs.company?.conf_stmt_next_due ?? null,
        publicCompany: /public limited/i.test(inputs.company?.company_category ?? ''),
        filings: inputs.filings,
        charges: inputs.charges,
        officers: inputs.officers,
        latest: latestFigures(inputs.statements),
        auditor: inputs.auditor ?? null,
      },
      now,
    ),
    ratios: latestStatement(inputs.statements),
    identity_verification: verificationFinding(inputs, now),
  };
}

/**
 * Current directors' and individual PSCs' identity verification (ECCTA), overdue ones cited by the
 * register record that says it: the compliance tracker's finding (issue 29 section 2).
 */
function verificationFinding(inputs: OverviewInputs, now: Date): IdentityVerificationSummary {
  const today = now.toISOString().slice(0, 10);
  const company = inputs.officers[0]?.company_number ?? inputs.pscs[0]?.company_number ?? '';
  const directors = inputs.officers
    .filter((o) => !o.resigned_on && /director|llp-member/.test(o.officer_role))
    .map((o) => ({
      name: o.name,
      role: o.officer_role,
      details: o.identity_verification as IdentityVerificationDetails | null | undefined,
      source: o.appointments_link ?? `/company/${company}/officers`,
    }));
  const pscs = inputs.pscs
    .filter((p) => !p.ceased_on && p.kind.startsWith('individual'))
    .map((p) => {
      const self = (p.data as { links?: { self?: unknown } } | undefined)?.links?.self;
      return {
        name: p.name ?? 'Unnamed PSC',
        role: p.kind,
        details: pscVerification(p),
        source: typeof self === 'string' ? self : `/company/${p.company_number}/persons-with-significant-control`,
      };
    });
  return identityVerificationSummary([...directors, ...pscs], today);
}

function latestFigures(
  statements: FinancialStatementRow[],
): { fiscalYear: number; netProfitLoss: number | null; operatingProfit: number | null; netAssets: number | null } | null {
  const latest = statements.at(-1);
  if (!latest?.fiscal_year) return null;
  const n = (v: unknown) => (typeof v === 'number' ? v : v == null ? null : Number(v));
  return {
    fiscalYear: latest.fiscal_year,
    netProfitLoss: n(latest.net_profit_loss),
    operatingProfit: n(latest.operating_profit),
    netAssets: n(latest.net_assets),
  };
}

/** The latest year's credit ratios by shared's one definition of each (issue 27), or null without accounts. */
function latestStatement(statements: FinancialStatementRow[]): OverviewInsights['ratios'] {
  if (!statements.length) return null;
  const latest = statements.reduce((a, b) => (String(b.period_end) > String(a.period_end) ? b : a));
  return statementRatios({ ...latest, period_end: String(latest.period_end) });
}
