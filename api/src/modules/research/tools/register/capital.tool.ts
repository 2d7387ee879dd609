/** share_capital: the company's capital filings and its latest statement of capital. */
import {
  capitalSummary,
  type CapitalFilingClass,
  CAPITAL_CLASS_LABELS,
  CAPITAL_FILING_CLASSES,
  type CapitalStatement,
} from '@credence/shared';
import type { DataSource } from 'typeorm';
import { CompaniesRepository } from '../../../../platform/register/companies.repository.js';
import type { ResearchTool, ToolResult } from '../../../../platform/ai/engine/types.js';
import { companyTool } from './company-tool.js';
import { FactList, registerSource } from './register-facts.js';

export interface CapitalData {
  companyNumber: string;
  filings: number;
  /** Filings per class, with the class's words. */
  classes: { id: CapitalFilingClass; label: string; count: number }[];
  latestStatement: CapitalStatement | null;
  previousStatement: CapitalStatement | null;
  /** Newest first (at most 20). */
  timeline: { date: string; type: string; label: string; description: string; transactionId: string | null }[];
}

function statementFacts(facts: FactList, n: string, which: 'latest' | 'previous', statement: CapitalStatement): void {
  const source = registerSource(
    n,
    'capital',
    `Statement of capital (${statement.type}, ${statement.date})`,
    statement.transactionId ?? undefined,
  );
  facts.add(`capital:${which}:date`, `Date of the ${which} statement of capital`, statement.date, 'date', source);
  for (const [currency, total] of Object.entries(statement.totals)) {
    const unit = currency === 'GBP' || currency === 'EUR' || currency === 'USD' ? currency : 'text';
    facts.add(
      `capital:${which}:${currency}`,
      `Share capital (${currency}), ${which} statement`,
      unit === 'text' ? `${total} ${currency}` : total,
      unit,
      source,
    );
  }
}

export async function readCapital(db: DataSource, n: string, now: Date): Promise<ToolResult<CapitalData>> {
  const filings = (await new CompaniesRepository(db).filings(n)).filter((f) => f.category === 'capital');
  const summary = capitalSummary(filings, now);
  const facts = new FactList();
  const register = registerSource(n, 'capital', 'Capital filings');
  facts.add('capital:filings', 'Capital filings', summary.total, 'count', register);
  const classes = CAPITAL_FILING_CLASSES.map((id) => ({ id, label: CAPITAL_CLASS_LABELS[id], count: summary.counts[id] }));
  for (const c of classes) facts.add(`capital:class:${c.id}`, `${c.label} filings`, c.count, 'count', register);
  if (summary.latestStatement) statementFacts(facts, n, 'latest', summary.latestStatement);
  if (summary.previousStatement) statementFacts(facts, n, 'previous', summary.previousStatement);
  const data: CapitalData = {
    companyNumber: n,
    filings: summary.total,
    classes,
    latestStatement: summary.latestStatement,
    previousStatement: summary.previousStatement,
    timeline: summary.timeline
      .slice(0, 20)
      .map((e) => ({ date: e.date, type: e.type, label: e.label, description: e.description, transactionId: e.transactionId })),
  };
  const missing = summary.total ? [] : [`No share capital filings are on file for company ${n}.`];
  if (summary.total && !summary.latestStatement)
    missing.push(`None of company ${n}'s capital filings on file carries a statement of capital.`);
  return { data, facts: facts.facts, ...(missing.length ? { missing } : {}) };
}

export function capitalTool(db: DataSource, now: () => Date): ResearchTool {
  return companyTool(db, {
    name: 'share_capital',
    description:
      "A UK company's share capital filings (allotments SH01, buy-backs and cancellations, restructurings) and its latest and previous statements of capital (totals per currency).",
    read: (n) => readCapital(db, n, now()),
  });
}
