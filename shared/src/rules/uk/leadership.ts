/**
 * Leadership Overview of spec 2 (sections 2.6 and 9): the Director Activity, Turnover Signal
 * and PSC Activity cards built from the officer and PSC filings of the last 12 months, plus
 * the timeline filter and sort.
 */
import { countPerBucket, INSIGHT_WINDOW_MONTHS, type MonthBucket, monthlyBuckets } from './dates.js';
import {
  currentDirectors,
  isOfficerFiling,
  type OfficerEvent,
  type OfficerEventKind,
  type OfficerFiling,
  type OfficerRecord,
  officerActivityEvents,
  type PscKind,
} from './officers.js';
import { TURNOVER_HELP_TEXT, TURNOVER_THRESHOLDS, type TurnoverSignal, turnoverSignal } from './turnover-signal.js';

/** A person with significant control (spec 3.8). */
export interface PscRecord {
  /** e.g. individual-person-with-significant-control; statements have a kind containing "statement". */
  kind?: string | null;
  name?: string | null;
  notified_on?: string | null;
  ceased_on?: string | null;
  natures_of_control?: readonly string[] | null;
}

/** PSCs as the officers call groups them; statements are not persons and are not counted. */
export interface PscGroups {
  individuals?: readonly PscRecord[] | null;
  corporate_entities?: readonly PscRecord[] | null;
  legal_persons?: readonly PscRecord[] | null;
  statements?: readonly unknown[] | null;
}

/** The persons of either a plain PSC list (statements dropped by kind) or the grouped answer. */
export function pscList(pscs: readonly PscRecord[] | PscGroups | null | undefined): PscRecord[] {
  if (!pscs) return [];
  if (Array.isArray(pscs)) return pscs.filter((psc: PscRecord) => !(psc.kind ?? '').includes('statement'));
  const groups = pscs as PscGroups;
  return [...(groups.individuals ?? []), ...(groups.corporate_entities ?? []), ...(groups.legal_persons ?? [])];
}

export interface DirectorActivityCard {
  /** Director appointments (AP01), terminations (TM01) and detail changes (CH01) in the window. */
  appointments: number;
  terminations: number;
  changes: number;
  secretaryAppointments: number;
  secretaryTerminations: number;
  secretaryChanges: number;
  /** Other officer filings (AP02, TM03...). */
  otherOfficerEvents: number;
  currentDirectors: number;
  /** Director, secretary and other officer events per month bucket, oldest first. */
  monthly: number[];
  /** Newest first. */
  events: OfficerEvent[];
}

export interface TurnoverCard extends TurnoverSignal {
  currentDirectors: number;
  thresholds: typeof TURNOVER_THRESHOLDS;
  helpText: string;
}

export interface PscActivityCard {
  notified: number;
  changed: number;
  ceased: number;
  ceasedByKind: Record<PscKind, number>;
  statementsFiled: number;
  statementsWithdrawn: number;
  otherEvents: number;
  /** PSCs listed without ceased_on. */
  currentPscs: number;
  monthly: number[];
  events: OfficerEvent[];
}

export interface LeadershipInsights {
  windowMonths: number;
  buckets: MonthBucket[];
  /** Any officer or PSC filing at all, however old ("No director or PSC filing data found" when false). */
  hasFilings: boolean;
  directorActivity: DirectorActivityCard;
  turnover: TurnoverCard;
  pscActivity: PscActivityCard;
  /** Every event of the window, newest first ("No relevant events found in the last 12 months" when empty). */
  timeline: OfficerEvent[];
  /** Counts for the Active (n), Resigned (n) and PSCs (n) tabs. */
  tabs: { active: number; resigned: number; pscs: number };
}

export function leadershipInsights(
  filings: readonly OfficerFiling[],
  officers: readonly OfficerRecord[] | null | undefined,
  pscs: readonly PscRecord[] | PscGroups | null | undefined,
  now: Date = new Date(),
): LeadershipInsights {
  const officerList = officers ?? [];
  const persons = pscList(pscs);
  const timeline = officerActivityEvents(filings, now);
  const buckets = monthlyBuckets(now, INSIGHT_WINDOW_MONTHS);
  const count = (kind: OfficerEventKind) => timeline.filter((event) => event.type === kind).length;
  const officerEvents = timeline.filter((event) => event.role !== 'psc');
  const pscEvents = timeline.filter((event) => event.role === 'psc');
  const directors = currentDirectors(officerList).length;

  const ceasedByKind: Record<PscKind, number> = { individual: 0, legal_entity: 0, other: 0, unknown: 0 };
  for (const event of pscEvents) if (event.type === 'psc_ceased') ceasedByKind[event.pscKind ?? 'unknown']++;

  const directorActivity: DirectorActivityCard = {
    appointments: count('director_appointed'),
    terminations: count('director_terminated'),
    changes: count('director_changed'),
    secretaryAppointments: count('secretary_appointed'),
    secretaryTerminations: count('secretary_terminated'),
    secretaryChanges: count('secretary_changed'),
    otherOfficerEvents: count('officer_event'),
    currentDirectors: directors,
    monthly: countPerBucket(
      buckets,
      officerEvents.map((event) => event.dateMs),
    ),
    events: officerEvents,
  };
  const signal = turnoverSignal({
    appointments: directorActivity.appointments,
    terminations: directorActivity.terminations,
    currentDirectors: directors,
  });
  const pscActivity: PscActivityCard = {
    notified: pscEvents.filter((event) => event.action === 'notified').length,
    changed: pscEvents.filter((event) => event.action === 'changed').length,
    ceased: count('psc_ceased'),
    ceasedByKind,
    statementsFiled: count('psc_statement_filed'),
    statementsWithdrawn: count('psc_statement_withdrawn'),
    otherEvents: count('psc_event'),
    currentPscs: persons.filter((person) => !person.ceased_on).length,
    monthly: countPerBucket(
      buckets,
      pscEvents.map((event) => event.dateMs),
    ),
    events: pscEvents,
  };
  const resigned = officerList.filter((officer) => Boolean(officer.resigned_on)).length;

  return {
    windowMonths: INSIGHT_WINDOW_MONTHS,
    buckets,
    hasFilings: filings.some(isOfficerFiling),
    directorActivity,
    turnover: { ...signal, currentDirectors: directors, thresholds: TURNOVER_THRESHOLDS, helpText: TURNOVER_HELP_TEXT },
    pscActivity,
    timeline,
    tabs: { active: officerList.length - resigned, resigned, pscs: persons.length },
  };
}

export type LeadershipFilter = 'all' | 'directors' | 'secretaries' | 'pscs';

export const LEADERSHIP_FILTERS: ReadonlyArray<{ id: LeadershipFilter; label: string }> = [
  { id: 'all', label: 'All' },
  { id: 'directors', label: 'Directors' },
  { id: 'secretaries', label: 'Secretaries' },
  { id: 'pscs', label: 'PSCs' },
];

const ROLE_OF_FILTER = { directors: 'director', secretaries: 'secretary', pscs: 'psc' } as const;

/** Events of one role; generic officer events show under All only. */
export function filterLeadershipEvents(events: readonly OfficerEvent[], filter: LeadershipFilter): OfficerEvent[] {
  return filter === 'all' ? [...events] : events.filter((event) => event.role === ROLE_OF_FILTER[filter]);
}

export type LeadershipSortKey = 'date' | 'type' | 'name';
export type SortDirection = 'asc' | 'desc';

/**
 * Sort by date, type (event label) or name, ascending or descending; the default is newest
 * first. Ties on type or name keep newest first.
 */
export function sortLeadershipEvents(
  events: readonly OfficerEvent[],
  by: LeadershipSortKey = 'date',
  direction: SortDirection = 'desc',
): OfficerEvent[] {
  const sign = direction === 'asc' ? 1 : -1;
  const text = (event: OfficerEvent) => (by === 'type' ? event.label : event.name);
  return [...events].sort((a, b) =>
    by === 'date'
      ? sign * (a.dateMs - b.dateMs)
      : sign * text(a).localeCompare(text(b), 'en-GB', { sensitivity: 'base' }) || b.dateMs - a.dateMs,
  );
}
