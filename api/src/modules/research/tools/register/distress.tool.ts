/**
 * distress: a UK company's distress signals (the shared rule decides them: status, insolvency
 * filings, overdue accounts and statements, live charges, going-concern language, losses and net
 * liabilities, resignations, late filings), each with the fact that cites it, and the book-value
 * recovery estimate for unsecured creditors with every input cited.
 */
import {
  chargeRanking,
  distressSignals,
  outlookStaleness,
  RECOVERY_METHOD,
  recoveryEstimate,
  type DistressRef,
  type DistressSignal,
  type RankedCharge,
  type RecoveryEstimate,
} from '@credence/shared';
import type { DataSource } from 'typeorm';
import { CompaniesRepository } from '../../../../platform/register/companies.repository.js';
import { SUMMARY_PAGES } from '../../../../platform/register/documents/accounts-layout.js';
import type { Fact, ResearchTool, ToolResult } from '../../../../platform/ai/engine/types.js';
import { lineOf, readStatementYears, type StatementYear } from '../statements.js';
import { companyTool } from './company-tool.js';
import { chargeTitle, FactList, registerSource } from './register-facts.js';

export interface DistressData {
  companyNumber: string;
  status: string | null;
  /** Each signal with the key of the fact that cites it. */
  signals: (DistressSignal & { factKey: string })[];
  latestFiscalYear: number | null;
  ranking: (RankedCharge & { factKey: string })[];
  recovery: RecoveryEstimate & { method: string; inputKeys: string[]; factKey: string | null };
  /** Whether the latest outlook the accounts state is stale, and why. */
  outlook: { fiscalYear: number | null; stale: boolean; reason: string | null };
}

/**
 * Bank debt as the ratios read it today (tools/ratios.ts bankDebt: the balance sheet's bank loans
 * and overdrafts). Seam: when the one shared net-debt definition (issue 27 §2) lands, read it there.
 */
function securedDebtFact(year: StatementYear | undefined): Fact | undefined {
  return year ? lineOf(year, 'borrowings') : undefined;
}

const num = (f: Fact | undefined): number | null => (f && typeof f.value === 'number' ? f.value : null);

function refFact(
  facts: FactList,
  n: string,
  ref: DistressRef,
  ctx: { latest?: StatementYear; auditor?: Fact; status: string | null; due: Record<string, string | null>; charges: Map<string, string> },
): string | null {
  switch (ref.record) {
    case 'profile': {
      const value = ref.field === 'company_status' ? ctx.status : ctx.due[ref.field];
      const label = {
        company_status: 'Status',
        accounts_next_due: 'Next accounts due',
        conf_stmt_next_due: 'Next confirmation statement due',
      };
      return facts.add(
        `profile.${ref.field}`,
        label[ref.field],
        value,
        ref.field === 'company_status' ? 'text' : 'date',
        registerSource(n, 'profile', 'Company profile (register)'),
      ).key;
    }
    case 'filings':
      return facts.add(
        `filing:${ref.transactionId}`,
        'Filing date',
        ref.date,
        'date',
        registerSource(n, 'filings', 'Filing history', ref.transactionId),
      ).key;
    case 'charges': {
      const title = ctx.charges.get(ref.chargeId) ?? `Charge ${ref.chargeId}`;
      return facts.add(
        `charge:${ref.chargeId}:register`,
        `${title} (register)`,
        title,
        'text',
        registerSource(n, 'charges', `${title} (register)`, ref.chargeId),
      ).key;
    }
    case 'officers':
      return facts.add(
        `officer:${ref.officerKey}:resigned`,
        'Resigned on',
        ref.date,
        'date',
        registerSource(n, 'officers', 'Officers register', ref.officerKey),
      ).key;
    case 'accounts': {
      const fact = ctx.latest?.metrics[ref.metric];
      if (!fact) return null;
      facts.include(fact);
      return fact.key;
    }
    case 'auditor':
      if (!ctx.auditor) return null;
      facts.include(ctx.auditor);
      return ctx.auditor.key;
  }
}

export async function readDistress(db: DataSource, n: string, now: Date): Promise<ToolResult<DistressData>> {
  const repository = new CompaniesRepository(db);
  const [company, filings, charges, officers, years, summaries] = await Promise.all([
    repository.company(n),
    repository.filings(n),
    repository.charges(n),
    repository.officers(n),
    readStatementYears(db, n),
    repository.documentSummaries(n),
  ]);
  const latest = years.filter((y) => Object.keys(y.metrics).length).at(-1);
  const audited = summaries.find((s) => s.auditor_opinion);
  const auditYear = audited ? (years.find((y) => y.document_id === audited.document_id) ?? null) : null;
  const auditor: Fact | undefined =
    audited?.auditor_opinion && auditYear?.document_id
      ? {
          key: `auditor-opinion@${auditYear.period_end}`,
          label: "Auditor's opinion",
          value: audited.auditor_opinion,
          unit: 'text',
          source: {
            kind: 'filing',
            company_number: n,
            document_id: auditYear.document_id,
            title: auditYear.title,
            page: SUMMARY_PAGES.auditor,
          },
        }
      : undefined;
  const status = company?.company_status ?? null;
  const signals = distressSignals(
    {
      status,
      accountsNextDue: company?.accounts_next_due ?? null,
      confStmtNextDue: company?.conf_stmt_next_due ?? null,
      publicCompany: /public limited/i.test(company?.company_category ?? ''),
      filings,
      charges,
      officers,
      latest: latest
        ? {
            fiscalYear: latest.fiscal_year,
            netProfitLoss: num(latest.metrics.netProfitLoss),
            operatingProfit: num(latest.metrics.operatingProfit),
            netAssets: num(latest.metrics.netAssets),
          }
        : null,
      auditor: auditor && auditYear ? { fiscalYear: auditYear.fiscal_year, opinion: String(auditor.value) } : null,
    },
    now,
  );
  const facts = new FactList();
  const chargeTitles = new Map(charges.map((c) => [c.charge_id, chargeTitle(c)]));
  const ctx = {
    latest,
    auditor,
    status,
    due: { accounts_next_due: company?.accounts_next_due ?? null, conf_stmt_next_due: company?.conf_stmt_next_due ?? null },
    charges: chargeTitles,
  };
  const cited = signals.flatMap((s) => {
    const factKey = refFact(facts, n, s.ref, ctx);
    return factKey ? [{ ...s, factKey }] : [];
  });
  const ranking = chargeRanking(charges).map((r) => ({
    ...r,
    factKey: refFact(facts, n, { record: 'charges', chargeId: r.chargeId }, ctx)!,
  }));
  const recovery = recoveryFor(facts, latest, ranking.length);
  const outlookYear = summaries.find((s) => (s.future_outlook ?? []).length)?.fiscal_year ?? null;
  const data: DistressData = {
    companyNumber: n,
    status,
    signals: cited,
    latestFiscalYear: latest?.fiscal_year ?? null,
    ranking,
    recovery,
    outlook: { fiscalYear: outlookYear, ...outlookStaleness(outlookYear, latest?.fiscal_year ?? null, status) },
  };
  const missing = latest
    ? []
    : [`No accounts with figures are on file for company ${n}: losses, net assets and a recovery estimate cannot be read.`];
  return { data, facts: facts.facts, ...(missing.length ? { missing } : {}) };
}

function recoveryFor(facts: FactList, latest: StatementYear | undefined, liveCharges: number): DistressData['recovery'] {
  const assets = latest?.metrics.totalAssets;
  const liabilities = latest?.metrics.totalLiabilities;
  const debt = securedDebtFact(latest);
  const debtAmount = num(debt);
  const estimate = recoveryEstimate({
    totalAssets: num(assets),
    totalLiabilities: num(liabilities) === null ? null : Math.abs(num(liabilities)!),
    securedDebt: debtAmount === null ? null : Math.abs(debtAmount),
    liveCharges,
  });
  const inputs = [assets, liabilities, debt].filter((f): f is Fact => Boolean(f));
  for (const f of inputs) facts.include(f);
  let factKey: string | null = null;
  if (estimate.pencePerPound !== null && latest) {
    const fact: Fact = {
      key: `recovery-estimate@${latest.period_end}`,
      label: 'Estimated recovery for unsecured creditors (pence in the pound, book value)',
      value: estimate.pencePerPound,
      unit: 'percent',
      period: latest.period_end,
      source: inputs[0].source,
      inputs,
      formula: '(total assets - bank loans and overdrafts) / (total liabilities - bank loans and overdrafts) × 100, capped 0-100',
    };
    facts.include(fact);
    factKey = fact.key;
  }
  return { ...estimate, method: RECOVERY_METHOD, inputKeys: inputs.map((f) => f.key), factKey };
}

export function distressTool(db: DataSource, now: () => Date): ResearchTool {
  return companyTool(db, {
    name: 'distress',
    description:
      "A UK company's distress signals (status and insolvency filings with dates, overdue accounts and confirmation statements, outstanding charges with holders and type, the auditor's going-concern language, losses and net liabilities, recent resignations, late filings) and a labelled book-value estimate of recovery for unsecured creditors with the charges' ranking.",
    read: (n) => readDistress(db, n, now()),
  });
}
