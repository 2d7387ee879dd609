/**
 * What each section of `credence company --section` shows, for its --help. The ids are the
 * shared ones (shared/src/view-models/company/sections.ts: the sidebar of the web and the
 * terminal UI); only the type is imported, so building the program loads nothing of shared.
 */
import type { CompanySectionId } from '@credence/shared';

export const COMPANY_SECTION_HELP: Readonly<Record<CompanySectionId, string>> = {
  overview: 'every overview section that has data (default)',
  profile: 'incorporation, status, type, SIC, address, accounts and CS dates',
  financials: 'key figures with change on the year, summary by year, statements',
  officers: 'director activity, turnover signal, 12-month timeline, officers',
  pscs: 'PSC activity and the persons with significant control',
  charges: 'totals, types, notable creditors, timeline and every charge',
  capital: 'latest statement of capital and the capital filings timeline',
  compliance: 'confirmation statements: status, health, integrity, cadence',
  risk: 'management summary and the risks by category',
  auditor: 'auditor name and opinion',
  filings: 'the filing history by category (as `credence filings`)',
};
