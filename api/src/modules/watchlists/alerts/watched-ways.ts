import type { EntityManager } from 'typeorm';
import { lenderKey, officerIdOf, pscPersonKey } from '@credence/shared';

/** What this reads of a stream event (companies-house's StreamEvent), so that it needs nothing more of that module. */
interface StreamEvent {
  target: string;
  key: string;
  deleted: boolean;
  data: Record<string, unknown> | null;
}

/** How a list may watch an event besides its company: the lenders its charge names, the person it is about. */
export interface WatchedWays {
  lender_keys?: string[];
  officer_id?: string;
  person_key?: string;
}

const names = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [])
    .map((p) => (typeof p === 'object' && p !== null ? (p as { name?: unknown }).name : null))
    .filter((n): n is string => typeof n === 'string');

const officerIdOfEvent = (data: Record<string, unknown>): string | null => {
  const links = data.links as { officer?: { appointments?: unknown } } | undefined;
  const link = links?.officer?.appointments;
  return typeof link === 'string' ? officerIdOf(link) : null;
};

/**
 * The events some list watches through a lender (a charge naming it, as the event or the stored
 * charge says) or a person (an appointment with their officer id, a PSC entry with their name and
 * birth month and year), with the ways it does; events no list watches that way are not in the answer.
 */
export async function watchedWays<E extends StreamEvent>(manager: EntityManager, events: E[]): Promise<Map<E, WatchedWays>> {
  const ways = new Map<E, WatchedWays>();
  const charges = events.filter((e) => e.target === 'charges' && !e.deleted);
  if (charges.length > 0) {
    const stored = new Map<string, string[]>();
    for (const row of (await manager.query(`SELECT charge_id, lender_key FROM charge_lenders WHERE charge_id = ANY($1::text[])`, [
      charges.map((e) => e.key),
    ])) as { charge_id: string; lender_key: string }[])
      stored.set(row.charge_id, [...(stored.get(row.charge_id) ?? []), row.lender_key]);
    const keysOf = (e: E) =>
      [...new Set([...names(e.data?.persons_entitled).map(lenderKey), ...(stored.get(e.key) ?? [])])].filter(Boolean);
    const watched = await held(manager, 'watchlist_lenders', 'lender_key', charges.flatMap(keysOf));
    for (const e of charges) {
      const keys = keysOf(e).filter((k) => watched.has(k));
      if (keys.length > 0) ways.set(e, { lender_keys: keys });
    }
  }
  // A person: an appointment by its officer id, a PSC entry by the person key (PSC entries carry no officer id).
  for (const [target, idOf, column] of [
    ['officers', officerIdOfEvent, 'officer_id'],
    ['pscs', pscPersonKey, 'person_key'],
  ] as const) {
    const about = events.filter((e) => e.target === target && e.data && idOf(e.data));
    const watched = await held(
      manager,
      'watchlist_people',
      column,
      about.map((e) => idOf(e.data!)!),
    );
    for (const e of about) {
      const value = idOf(e.data!)!;
      if (watched.has(value)) ways.set(e, { [column]: value });
    }
  }
  return ways;
}

/** Which of these values some list holds in `column` of `table`. */
async function held(manager: EntityManager, table: string, column: string, values: string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const rows: { value: string }[] = await manager.query(
    `SELECT DISTINCT ${column} AS value FROM ${table} WHERE ${column} = ANY($1::text[])`,
    [[...new Set(values)]],
  );
  return new Set(rows.map((r) => r.value));
}
