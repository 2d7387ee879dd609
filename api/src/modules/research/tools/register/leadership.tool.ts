/** leadership: officers, persons with significant control, and the leadership signals of the last 12 months. */
import {
  currentDirectors,
  identityVerification,
  leadershipInsights,
  pscList,
  pscNatureText,
  type IdentityVerification,
  type IdentityVerificationDetails,
  type LeadershipInsights,
} from '@credence/shared';
import type { DataSource } from 'typeorm';
import { CompaniesRepository } from '../../../../platform/register/companies.repository.js';
import type { OfficerRow, PscRow } from '../../../../platform/register/rows.js';
import type { ResearchTool, ToolResult } from '../../../../platform/ai/engine/types.js';
import { companyTool } from './company-tool.js';
import { FactList, registerSource } from './register-facts.js';

export interface OfficerItem {
  key: string;
  name: string;
  role: string;
  appointedOn: string | null;
  resignedOn: string | null;
  occupation: string | null;
  nationality: string | null;
  /** Identity verification (ECCTA) as the register states it; null when it says nothing. */
  identityVerification: IdentityVerification | null;
}

export interface PscItem {
  key: string;
  name: string;
  kind: string;
  notifiedOn: string | null;
  ceasedOn: string | null;
  /** Natures of control in the register's words. */
  control: string[];
  identityVerification: IdentityVerification | null;
}

export interface LeadershipData {
  companyNumber: string;
  /** Current appointments first, then resigned ones (newest first). */
  officers: OfficerItem[];
  pscs: PscItem[];
  counts: {
    currentDirectors: number;
    currentSecretaries: number;
    activeOfficers: number;
    resignedOfficers: number;
    currentPscs: number;
    ceasedPscs: number;
  };
  window: {
    months: number;
    directorAppointments: number;
    directorTerminations: number;
    directorChanges: number;
    pscsNotified: number;
    pscsCeased: number;
    turnoverLevel: string;
    turnoverReason: string;
  };
  /** Officer and PSC events of the window, newest first (at most 20). */
  events: { date: string; label: string; name: string; filingType: string }[];
}

const officerItem =
  (today: string) =>
  (row: OfficerRow): OfficerItem => ({
    key: row.officer_key,
    name: row.name,
    role: row.officer_role,
    appointedOn: row.appointed_on ?? null,
    resignedOn: row.resigned_on ?? null,
    occupation: row.occupation ?? null,
    nationality: row.nationality ?? null,
    identityVerification: identityVerification(row.identity_verification as IdentityVerificationDetails | null, today),
  });

const pscItem =
  (today: string) =>
  (row: PscRow): PscItem => ({
    key: row.psc_key,
    name: row.name ?? '',
    kind: row.kind,
    notifiedOn: row.notified_on ?? null,
    ceasedOn: row.ceased_on ?? null,
    control: (row.natures_of_control ?? []).map(pscNatureText),
    identityVerification: identityVerification(
      (row.data as { identity_verification_details?: IdentityVerificationDetails } | undefined)?.identity_verification_details,
      today,
    ),
  });

function summary(
  officers: OfficerRow[],
  pscs: PscItem[],
  insights: LeadershipInsights,
): Pick<LeadershipData, 'counts' | 'window' | 'events'> {
  const active = officers.filter((o) => !o.resigned_on);
  return {
    counts: {
      currentDirectors: currentDirectors(officers).length,
      currentSecretaries: active.filter((o) => o.officer_role.toLowerCase().includes('secretary')).length,
      activeOfficers: insights.tabs.active,
      resignedOfficers: insights.tabs.resigned,
      currentPscs: insights.pscActivity.currentPscs,
      ceasedPscs: pscs.filter((p) => p.ceasedOn).length,
    },
    window: {
      months: insights.windowMonths,
      directorAppointments: insights.directorActivity.appointments,
      directorTerminations: insights.directorActivity.terminations,
      directorChanges: insights.directorActivity.changes,
      pscsNotified: insights.pscActivity.notified,
      pscsCeased: insights.pscActivity.ceased,
      turnoverLevel: insights.turnover.level,
      turnoverReason: insights.turnover.reason,
    },
    events: insights.timeline.slice(0, 20).map((e) => ({
      date: new Date(e.dateMs).toISOString().slice(0, 10),
      label: e.label,
      name: e.name,
      filingType: e.filingType,
    })),
  };
}

function leadershipFacts(n: string, data: LeadershipData): FactList {
  const facts = new FactList();
  const officersRecord = registerSource(n, 'officers', 'Officers register');
  const pscRecord = registerSource(n, 'pscs', 'Register of persons with significant control');
  const filingsRecord = registerSource(n, 'filings', 'Officer and PSC filings, last 12 months');
  const c = data.counts;
  facts.add('officers:current-directors', 'Current directors', c.currentDirectors, 'count', officersRecord);
  facts.add('officers:current-secretaries', 'Current secretaries', c.currentSecretaries, 'count', officersRecord);
  facts.add('officers:active', 'Current officers', c.activeOfficers, 'count', officersRecord);
  facts.add('officers:resigned', 'Resigned officers', c.resignedOfficers, 'count', officersRecord);
  facts.add('pscs:current', 'Current persons with significant control', c.currentPscs, 'count', pscRecord);
  facts.add('pscs:ceased', 'Ceased persons with significant control', c.ceasedPscs, 'count', pscRecord);
  const w = data.window;
  facts.add('leadership:director-appointments', 'Director appointments, last 12 months', w.directorAppointments, 'count', filingsRecord);
  facts.add('leadership:director-terminations', 'Director terminations, last 12 months', w.directorTerminations, 'count', filingsRecord);
  facts.add('leadership:director-changes', 'Director detail changes, last 12 months', w.directorChanges, 'count', filingsRecord);
  facts.add('leadership:pscs-notified', 'PSC notifications, last 12 months', w.pscsNotified, 'count', filingsRecord);
  facts.add('leadership:pscs-ceased', 'PSC cessations, last 12 months', w.pscsCeased, 'count', filingsRecord);
  facts.add('leadership:turnover-level', 'Director turnover signal', w.turnoverLevel, 'text', filingsRecord);
  for (const o of data.officers) {
    const source = registerSource(n, 'officers', `Officer: ${o.name}`, o.key);
    if (o.appointedOn) facts.add(`officer:${o.key}:appointed`, `${o.name} appointed`, o.appointedOn, 'date', source);
    if (o.resignedOn) facts.add(`officer:${o.key}:resigned`, `${o.name} resigned`, o.resignedOn, 'date', source);
  }
  for (const p of data.pscs) {
    const source = registerSource(n, 'pscs', `Person with significant control: ${p.name || p.kind}`, p.key);
    if (p.notifiedOn) facts.add(`psc:${p.key}:notified`, `${p.name} notified`, p.notifiedOn, 'date', source);
    if (p.ceasedOn) facts.add(`psc:${p.key}:ceased`, `${p.name} ceased`, p.ceasedOn, 'date', source);
  }
  return facts;
}

export async function readLeadership(db: DataSource, n: string, now: Date): Promise<ToolResult<LeadershipData>> {
  const repository = new CompaniesRepository(db);
  const [officers, pscRows, filings] = await Promise.all([repository.officers(n), repository.pscs(n), repository.filings(n)]);
  const officerFilings = filings.filter((f) => f.category === 'officers' || f.category === 'persons-with-significant-control');
  const insights = leadershipInsights(officerFilings, officers, pscRows, now);
  const persons = pscList(pscRows) as PscRow[];
  const today = now.toISOString().slice(0, 10);
  const pscs = persons.map(pscItem(today));
  const data: LeadershipData = { companyNumber: n, officers: officers.map(officerItem(today)), pscs, ...summary(officers, pscs, insights) };
  const missing: string[] = [];
  if (!officers.length) missing.push(`No officers are listed for company ${n}.`);
  if (!persons.length) missing.push(`No persons with significant control are listed for company ${n}.`);
  return { data, facts: leadershipFacts(n, data).facts, ...(missing.length ? { missing } : {}) };
}

export function leadershipTool(db: DataSource, now: () => Date): ResearchTool {
  return companyTool(db, {
    name: 'leadership',
    description:
      "A UK company's officers (directors, secretaries: appointed and resigned dates), persons with significant control and their natures of control, and the leadership signals of the last 12 months (director appointments and terminations, the director turnover signal, PSC notifications and cessations).",
    read: (n) => readLeadership(db, n, now()),
  });
}
