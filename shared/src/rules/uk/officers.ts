/**
 * Officer and PSC filings of spec 2 (sections 2.6, 4 and 9): names, the event kind of each
 * filing type, the 12-month activity events and who the current directors are.
 */
import { type DatedFiling, effectiveFilingDate, INSIGHT_WINDOW_MONTHS, withinLastMonths } from './dates.js';

/** A filing from the officers or persons-with-significant-control category. */
export interface OfficerFiling extends DatedFiling {
  type?: string | null;
  category?: string | null;
  description?: string | null;
  transaction_id?: string | null;
  description_values?:
    | (NonNullable<DatedFiling['description_values']> & {
        officer_name?: string | null;
        psc_name?: string | null;
        name?: string | null;
        description?: string | null;
        person_type?: string | null;
      })
    | null;
}

/** An officer as listed by the officers call (spec 3.7). */
export interface OfficerRecord {
  name?: string | null;
  officer_role?: string | null;
  appointed_on?: string | null;
  resigned_on?: string | null;
}

export type OfficerRole = 'director' | 'secretary' | 'psc' | 'officer';
export type OfficerAction = 'appointed' | 'terminated' | 'changed' | 'notified' | 'ceased' | 'statement' | 'withdrawn' | 'other';
/** Kind of person a PSC filing is about; PSC07 reads it from the description. */
export type PscKind = 'individual' | 'legal_entity' | 'other' | 'unknown';

export type OfficerEventKind =
  | 'director_appointed'
  | 'director_terminated'
  | 'director_changed'
  | 'secretary_appointed'
  | 'secretary_terminated'
  | 'secretary_changed'
  | 'psc_individual_notified'
  | 'psc_individual_changed'
  | 'psc_legal_entity_notified'
  | 'psc_legal_entity_changed'
  | 'psc_other_notified'
  | 'psc_other_changed'
  | 'psc_ceased'
  | 'psc_statement_filed'
  | 'psc_statement_withdrawn'
  | 'psc_event'
  | 'officer_event';

export interface OfficerFilingClass {
  kind: OfficerEventKind;
  role: OfficerRole;
  action: OfficerAction;
  /** Text shown for the event, e.g. "Director appointed". */
  label: string;
  /** Set on PSC filings about a person: PSC01-07. */
  pscKind?: PscKind;
}

const FIXED_TYPES: Readonly<Record<string, OfficerFilingClass>> = {
  AP01: { kind: 'director_appointed', role: 'director', action: 'appointed', label: 'Director appointed' },
  TM01: { kind: 'director_terminated', role: 'director', action: 'terminated', label: 'Director terminated' },
  CH01: { kind: 'director_changed', role: 'director', action: 'changed', label: 'Director details changed' },
  AP03: { kind: 'secretary_appointed', role: 'secretary', action: 'appointed', label: 'Secretary appointed' },
  TM02: { kind: 'secretary_terminated', role: 'secretary', action: 'terminated', label: 'Secretary terminated' },
  CH03: { kind: 'secretary_changed', role: 'secretary', action: 'changed', label: 'Secretary details changed' },
  PSC01: { kind: 'psc_individual_notified', role: 'psc', action: 'notified', label: 'Individual PSC notified', pscKind: 'individual' },
  PSC04: { kind: 'psc_individual_changed', role: 'psc', action: 'changed', label: 'Individual PSC details changed', pscKind: 'individual' },
  PSC02: {
    kind: 'psc_legal_entity_notified',
    role: 'psc',
    action: 'notified',
    label: 'Relevant legal entity notified',
    pscKind: 'legal_entity',
  },
  PSC05: {
    kind: 'psc_legal_entity_changed',
    role: 'psc',
    action: 'changed',
    label: 'Relevant legal entity details changed',
    pscKind: 'legal_entity',
  },
  PSC03: { kind: 'psc_other_notified', role: 'psc', action: 'notified', label: 'Other registrable person notified', pscKind: 'other' },
  PSC06: { kind: 'psc_other_changed', role: 'psc', action: 'changed', label: 'Other registrable person details changed', pscKind: 'other' },
  PSC08: { kind: 'psc_statement_filed', role: 'psc', action: 'statement', label: 'PSC statement filed' },
  PSC09: { kind: 'psc_statement_withdrawn', role: 'psc', action: 'withdrawn', label: 'PSC statement withdrawn' },
};

const CEASED_LABELS: Readonly<Record<PscKind, string>> = {
  individual: 'Individual PSC ceased',
  legal_entity: 'Relevant legal entity ceased',
  other: 'Other registrable person ceased',
  unknown: 'PSC ceased',
};

/** PSC07's person kind from its description text; "unknown" unless exactly one kind is named. */
export function pscCessationKind(text: string | null | undefined): PscKind {
  const lower = (text ?? '').toLowerCase().replace(/[-_]+/g, ' ');
  const kinds: PscKind[] = [];
  if (/\bindividual\b/.test(lower)) kinds.push('individual');
  if (/\blegal entity\b|\bcorporate\b/.test(lower)) kinds.push('legal_entity');
  if (/\bother registrable\b/.test(lower)) kinds.push('other');
  return kinds.length === 1 ? kinds[0] : 'unknown';
}

/**
 * Event kind and label of an officer or PSC filing type (section 4). PSC07 takes its kind from
 * the description; any other type is a generic PSC event when its category is
 * persons-with-significant-control (or the type starts with PSC), else a generic officer event.
 */
export function classifyOfficerFiling(
  type: string | null | undefined,
  description?: string | null,
  category?: string | null,
): OfficerFilingClass {
  const code = (type ?? '').trim().toUpperCase();
  const fixed = FIXED_TYPES[code];
  if (fixed) return fixed;
  if (code === 'PSC07') {
    const pscKind = pscCessationKind(description);
    return { kind: 'psc_ceased', role: 'psc', action: 'ceased', label: CEASED_LABELS[pscKind], pscKind };
  }
  if (category === 'persons-with-significant-control' || code.startsWith('PSC')) {
    return { kind: 'psc_event', role: 'psc', action: 'other', label: 'PSC event' };
  }
  return { kind: 'officer_event', role: 'officer', action: 'other', label: 'Officer event' };
}

const TITLES = /^(?:mr|mrs|ms|miss|dr|professor)\.?(?=\s|$)\s*/i;

/**
 * An officer or PSC name without a leading title (Mr, Mrs, Ms, Miss, Dr, Professor; any case,
 * with or without a dot; repeated titles too) and with whitespace collapsed. Accepts the name or
 * the description_values holding officer_name, psc_name or name (first non-blank wins).
 */
export function cleanOfficerName(
  source: string | { officer_name?: string | null; psc_name?: string | null; name?: string | null } | null | undefined,
): string {
  const raw =
    typeof source === 'string'
      ? source
      : [source?.officer_name, source?.psc_name, source?.name].find((value) => typeof value === 'string' && value.trim() !== '');
  let name = (raw ?? '').replace(/\s+/g, ' ').trim();
  for (let previous = ''; previous !== name;) {
    previous = name;
    name = name.replace(TITLES, '');
  }
  return name;
}

const APPEARANCE: Readonly<Record<OfficerAction, { icon: string; color: string }>> = {
  appointed: { icon: 'user-plus', color: 'green' },
  notified: { icon: 'user-plus', color: 'green' },
  terminated: { icon: 'user-minus', color: 'red' },
  ceased: { icon: 'user-minus', color: 'red' },
  changed: { icon: 'user-pen', color: 'blue' },
  statement: { icon: 'file-text', color: 'purple' },
  withdrawn: { icon: 'file-x', color: 'amber' },
  other: { icon: 'user', color: 'gray' },
};

/** One event of the leadership timeline. */
export interface OfficerEvent {
  /** The event kind (see classifyOfficerFiling). */
  type: OfficerEventKind;
  role: OfficerRole;
  action: OfficerAction;
  label: string;
  pscKind?: PscKind;
  /** Cleaned officer or PSC name; "" when the filing names nobody (e.g. PSC08). */
  name: string;
  /** When the event took effect (see effectiveFilingDate), epoch ms at UTC midnight. */
  dateMs: number;
  filingType: string;
  transactionId: string | null;
  /** Icon name (lucide style) and colour name for the timeline dot. */
  icon: string;
  color: string;
}

const OFFICER_CATEGORIES = new Set(['officers', 'persons-with-significant-control']);

/** Officer or PSC filing: by category, or by a known type code when the category is missing. */
export function isOfficerFiling(filing: OfficerFiling): boolean {
  if (filing.category) return OFFICER_CATEGORIES.has(filing.category);
  const code = (filing.type ?? '').toUpperCase();
  return code in FIXED_TYPES || code === 'PSC07';
}

/**
 * Events of officer and PSC filings whose effective date is in the last 12 months, newest
 * first. Filings of other categories and filings without a usable date are left out.
 */
export function officerActivityEvents(filings: readonly OfficerFiling[], now: Date = new Date()): OfficerEvent[] {
  const events: OfficerEvent[] = [];
  for (const filing of filings) {
    if (!isOfficerFiling(filing)) continue;
    const date = effectiveFilingDate(filing, now);
    if (!date || !withinLastMonths(date, INSIGHT_WINDOW_MONTHS, now)) continue;
    const values = filing.description_values ?? {};
    const text = [filing.description, values.description, values.person_type].filter(Boolean).join(' ');
    const kind = classifyOfficerFiling(filing.type, text, filing.category);
    events.push({
      type: kind.kind,
      role: kind.role,
      action: kind.action,
      label: kind.label,
      ...(kind.pscKind ? { pscKind: kind.pscKind } : {}),
      name: cleanOfficerName(values),
      dateMs: date.getTime(),
      filingType: (filing.type ?? '').toUpperCase(),
      transactionId: filing.transaction_id ?? null,
      ...APPEARANCE[kind.action],
    });
  }
  return events.sort((a, b) => b.dateMs - a.dateMs);
}

/** Any officer whose role contains "director" (case-insensitive) and who has no resigned_on. */
export function currentDirectors<T extends OfficerRecord>(officers: readonly T[]): T[] {
  return officers.filter((officer) => isDirector(officer) && !officer.resigned_on);
}

export function isDirector(officer: OfficerRecord): boolean {
  return (officer.officer_role ?? '').toLowerCase().includes('director');
}
