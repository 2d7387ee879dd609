/** compliance: confirmation-statement compliance and the accounts' filing dates. */
import {
  confirmationStatementAnalysis,
  CS_STATUS_TEXTS,
  type ConfirmationStatementAnalysis,
  DAY_MS,
  parseDate,
  startOfUtcDay,
} from '@credence/shared';
import type { DataSource } from 'typeorm';
import { CompaniesRepository } from '../../../../platform/register/companies.repository.js';
import type { ResearchTool, ToolResult } from '../../../../platform/ai/engine/types.js';
import { companyTool } from './company-tool.js';
import { FactList, registerSource } from './register-facts.js';

export interface ComplianceData {
  companyNumber: string;
  confirmation: Pick<ConfirmationStatementAnalysis, 'metrics' | 'status' | 'compliance' | 'integrity' | 'cadence'> & { statusText: string };
  accounts: { lastMadeUp: string | null; nextDue: string | null; daysUntilDue: number | null; overdue: boolean | null };
  /** Newest first (at most 12). */
  statements: {
    filed: string;
    madeUp: string | null;
    delayDays: number | null;
    onTime: boolean | null;
    updates: string;
    correction: boolean;
  }[];
}

function daysUntil(date: string | null, now: Date): number | null {
  const due = parseDate(date);
  return due ? Math.round((startOfUtcDay(due).getTime() - startOfUtcDay(now).getTime()) / DAY_MS) : null;
}

function complianceFacts(n: string, data: ComplianceData): FactList {
  const facts = new FactList();
  const cs = registerSource(n, 'confirmation-statement', 'Confirmation statements (CS01)');
  const m = data.confirmation.metrics;
  facts.add('cs:statements', 'Confirmation statements filed', m.statements, 'count', cs);
  facts.add('cs:on-time', 'Confirmation statements filed on time', m.onTime, 'count', cs);
  facts.add('cs:late', 'Confirmation statements filed late', m.late, 'count', cs);
  facts.add('cs:on-time-ratio', 'Share of confirmation statements filed on time', m.onTimeRatio, 'ratio', cs);
  facts.add('cs:average-delay', 'Average days filed after the review end', m.averageDelayDays, 'days', cs);
  facts.add('cs:corrections', 'Second filings and corrections', m.corrections, 'count', cs);
  facts.add('cs:with-updates', 'Statements with updates', m.withUpdates, 'count', cs);
  facts.add('cs:last-made-up', 'Last confirmation statement made up to', m.lastMadeUpDate, 'date', cs);
  facts.add('cs:last-filed', 'Last confirmation statement filed', m.lastFiledDate, 'date', cs);
  facts.add('cs:next-due', 'Next confirmation statement due', m.nextDueDate, 'date', cs);
  facts.add('cs:days-until-due', 'Days until the next confirmation statement is due', m.daysUntilDue, 'days', cs);
  facts.add('cs:status', 'Confirmation statement status', data.confirmation.statusText, 'text', cs);
  facts.add('cs:compliance', 'Compliance health', data.confirmation.compliance, 'text', cs);
  facts.add('cs:late-filings', 'Statements filed more than 10 days late', data.confirmation.cadence.lateFilings, 'count', cs);
  const profile = registerSource(n, 'profile', 'Company profile: accounts');
  facts.add('profile.accounts_last_made_up', 'Accounts last made up to', data.accounts.lastMadeUp, 'date', profile);
  facts.add('profile.accounts_next_due', 'Next accounts due', data.accounts.nextDue, 'date', profile);
  facts.add('accounts:days-until-due', 'Days until the next accounts are due', data.accounts.daysUntilDue, 'days', profile);
  return facts;
}

export async function readCompliance(db: DataSource, n: string, now: Date): Promise<ToolResult<ComplianceData>> {
  const repository = new CompaniesRepository(db);
  const [company, filings] = await Promise.all([repository.company(n), repository.filings(n)]);
  const analysis = confirmationStatementAnalysis(
    filings.filter((f) => f.category === 'confirmation-statement'),
    now,
  );
  const nextDue = company?.accounts_next_due ?? null;
  const days = daysUntil(nextDue, now);
  const data: ComplianceData = {
    companyNumber: n,
    confirmation: {
      metrics: analysis.metrics,
      status: analysis.status,
      statusText: CS_STATUS_TEXTS[analysis.status],
      compliance: analysis.compliance,
      integrity: analysis.integrity,
      cadence: analysis.cadence,
    },
    accounts: { lastMadeUp: company?.accounts_last_made_up ?? null, nextDue, daysUntilDue: days, overdue: days === null ? null : days < 0 },
    statements: analysis.events.slice(0, 12).map((e) => ({
      filed: e.filedDate,
      madeUp: e.madeUpDate,
      delayDays: e.delayDays,
      onTime: e.onTime,
      updates: e.label,
      correction: e.correction,
    })),
  };
  const missing = analysis.metrics.statements ? [] : [`No confirmation statements are on file for company ${n}.`];
  return { data, facts: complianceFacts(n, data).facts, ...(missing.length ? { missing } : {}) };
}

export function complianceTool(db: DataSource, now: () => Date): ResearchTool {
  return companyTool(db, {
    name: 'compliance',
    description:
      "A UK company's filing behaviour: confirmation statements (on time or late, average delay, corrections, status and next due date, compliance health) and the accounts' last made-up and next due dates.",
    read: (n) => readCompliance(db, n, now()),
  });
}
