/**
 * Charges panel rules of spec 2 (sections 2.7, 4 and 9): which charges are active, how long
 * they ran, and the summary statistics of the panel.
 */
import { lenderKey } from '../lenders.js';
import { formatDate, parseDate, type DateInput } from './dates.js';

/** A charge month: 30 days in milliseconds. */
export const CHARGE_MONTH_MS = 2_592_000_000;

/** A charge as the overview (spec 3.9) or the charges screener (3.10) sends it. */
export interface ChargeInput {
  status?: string | null;
  created_on?: string | null;
  satisfied_on?: string | null;
  classification?: { description?: string | null } | null;
  classification_description?: string | null;
  /** Objects with a name (API) or plain names (the store's rows). */
  persons_entitled?: ReadonlyArray<{ name?: string | null } | string | null> | null;
  /** Screener rows list lender names instead of persons_entitled. */
  lenders?: ReadonlyArray<string | null> | null;
  particulars?: {
    description?: string | null;
    contains_fixed_charge?: boolean | null;
    contains_floating_charge?: boolean | null;
    contains_negative_pledge?: boolean | null;
  } | null;
  contains_fixed_charge?: boolean | null;
  contains_floating_charge?: boolean | null;
  contains_negative_pledge?: boolean | null;
}

const SATISFIED = new Set(['fully-satisfied', 'satisfied']);

function normalStatus(status: string | null | undefined): string {
  return (status ?? '').trim().toLowerCase();
}

/**
 * Anything not fully satisfied is active (outstanding, part-satisfied, unknown or missing).
 * The screeners' plain "satisfied" is read as fully satisfied.
 */
export function isActiveCharge(status: string | null | undefined): boolean {
  return !SATISFIED.has(normalStatus(status));
}

/** Months of 30 days from creation to satisfaction (or now); null when unparsable or negative. */
export function chargeDurationMonths(created: DateInput, satisfiedOrNow: DateInput): number | null {
  const start = parseDate(created);
  const end = parseDate(satisfiedOrNow);
  if (!start || !end || end.getTime() < start.getTime()) return null;
  return (end.getTime() - start.getTime()) / CHARGE_MONTH_MS;
}

/** Duration of one charge: to satisfied_on when fully satisfied, else to now. */
export function chargeDuration(charge: ChargeInput, now: Date = new Date()): number | null {
  const satisfied = !isActiveCharge(charge.status) && parseDate(charge.satisfied_on);
  return chargeDurationMonths(charge.created_on, satisfied || now);
}

export interface NamedCount {
  name: string;
  count: number;
}

export interface ChargeStatistics {
  total: number;
  /** Not fully satisfied. */
  active: number;
  /** Fully satisfied. */
  satisfied: number;
  /** Part-satisfied (also counted as active). */
  partSatisfied: number;
  outstanding: number;
  /** Mean duration in 30-day months of charges with a valid creation date; null when none. */
  averageDurationMonths: number | null;
  /** Charges per classification description, most frequent first ("Unknown" when missing). */
  typeBreakdown: NamedCount[];
  /** Charges per person entitled, most frequent first, names compared without case. */
  notableCreditors: NamedCount[];
  /** How many charges contain a fixed charge, a floating charge, a negative pledge. */
  particulars: { fixedCharge: number; floatingCharge: number; negativePledge: number };
  /** Latest and earliest by created_on (charges without a valid date are skipped). */
  mostRecent: ChargeInput | null;
  oldest: ChargeInput | null;
}

/** Highest count first, then name A-Z. */
function ranked(counts: Map<string, NamedCount>): NamedCount[] {
  return [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

function tally(counts: Map<string, NamedCount>, name: string, key = name.toLowerCase()): void {
  const entry = counts.get(key);
  if (entry) entry.count++;
  else counts.set(key, { name, count: 1 });
}

export function chargeType(charge: ChargeInput): string {
  return (charge.classification?.description ?? charge.classification_description ?? '').trim() || 'Unknown';
}

/**
 * Distinct creditors of one charge (persons_entitled, else the screener's lenders), as first
 * filed: two spellings of one lender ("NatWest", "National Westminster Bank PLC") are one, by the
 * creditors screener's own lenderKey.
 */
export function chargeCreditors(charge: ChargeInput): string[] {
  const names = charge.persons_entitled?.length
    ? charge.persons_entitled.map((person) => (typeof person === 'string' ? person : person?.name))
    : (charge.lenders ?? []);
  const seen = new Map<string, string>();
  for (const name of names) {
    const clean = (typeof name === 'string' ? name : '').replace(/\s+/g, ' ').trim();
    const key = clean && lenderKey(clean);
    if (key && !seen.has(key)) seen.set(key, clean);
  }
  return [...seen.values()];
}

/**
 * A charge on the panel's timeline: its creation date and who holds it ("24/03/2025 · Barclays
 * Bank PLC", "… · HSBC UK Bank PLC and 1 more"); the date alone when no lender is named, never a
 * dangling separator.
 */
export function chargeTimelineText(charge: ChargeInput | null, now?: Date): string {
  if (!charge) return 'N/A';
  const creditors = chargeCreditors(charge);
  const lender = creditors.length > 1 ? `${creditors[0]} and ${creditors.length - 1} more` : (creditors[0] ?? '');
  return [formatDate(charge.created_on, now), lender].filter(Boolean).join(' · ');
}

function flag(charge: ChargeInput, key: 'contains_fixed_charge' | 'contains_floating_charge' | 'contains_negative_pledge'): boolean {
  return Boolean(charge.particulars?.[key] ?? charge[key]);
}

export function chargeStatistics(charges: readonly ChargeInput[], now: Date = new Date()): ChargeStatistics {
  const types = new Map<string, NamedCount>();
  const creditors = new Map<string, NamedCount>();
  const durations: number[] = [];
  const stats: ChargeStatistics = {
    total: charges.length,
    active: 0,
    satisfied: 0,
    partSatisfied: 0,
    outstanding: 0,
    averageDurationMonths: null,
    typeBreakdown: [],
    notableCreditors: [],
    particulars: { fixedCharge: 0, floatingCharge: 0, negativePledge: 0 },
    mostRecent: null,
    oldest: null,
  };
  let newestMs = Number.NEGATIVE_INFINITY;
  let oldestMs = Number.POSITIVE_INFINITY;

  for (const charge of charges) {
    const status = normalStatus(charge.status);
    if (isActiveCharge(status)) stats.active++;
    else stats.satisfied++;
    if (status === 'part-satisfied') stats.partSatisfied++;
    if (status === 'outstanding') stats.outstanding++;

    const duration = chargeDuration(charge, now);
    if (duration !== null) durations.push(duration);
    tally(types, chargeType(charge));
    for (const name of chargeCreditors(charge)) tally(creditors, name, lenderKey(name));
    if (flag(charge, 'contains_fixed_charge')) stats.particulars.fixedCharge++;
    if (flag(charge, 'contains_floating_charge')) stats.particulars.floatingCharge++;
    if (flag(charge, 'contains_negative_pledge')) stats.particulars.negativePledge++;

    const created = parseDate(charge.created_on)?.getTime();
    if (created === undefined) continue;
    if (created > newestMs) [newestMs, stats.mostRecent] = [created, charge];
    if (created < oldestMs) [oldestMs, stats.oldest] = [created, charge];
  }

  stats.averageDurationMonths = durations.length ? durations.reduce((sum, months) => sum + months, 0) / durations.length : null;
  stats.typeBreakdown = ranked(types);
  stats.notableCreditors = ranked(creditors);
  return stats;
}

/** The panel's tabs: All, Active (not fully satisfied) and Satisfied, in the given order. */
export function splitCharges<T extends ChargeInput>(charges: readonly T[]): { all: T[]; active: T[]; satisfied: T[] } {
  return {
    all: [...charges],
    active: charges.filter((charge) => isActiveCharge(charge.status)),
    satisfied: charges.filter((charge) => !isActiveCharge(charge.status)),
  };
}
