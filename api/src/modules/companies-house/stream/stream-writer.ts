import type { EntityManager } from 'typeorm';
import {
  mapCharges,
  mapCompanyProfile,
  mapFilings,
  mapOfficers,
  mapPscs,
  MappingError,
  type Mapped,
} from '../../../platform/register/ch-api.mapper.js';
import { writeProfiles } from '../import/ch-api.writer.js';
import { upsertCharges, upsertRows } from '../store/company-store.js';
import type { ChargeRow, CompanyRow } from '../../../platform/register/rows.js';
import { DISQUALIFIED_OFFICERS, FILINGS, INSOLVENCY_CASES, OFFICERS, PSCS } from '../store/tables.js';
import type { StreamEvent, StreamName, Target } from '../../../platform/register/stream-event.js';

/**
 * Applies a batch of one stream's events in the caller's transaction, through the API importer's
 * mappers and store (profiles through writeProfiles, lists' items through mapOfficers, mapPscs,
 * mapCharges, mapFilings and upsertRows/upsertCharges: an event is one item, so it updates and adds
 * and never replaces the company's list), and moves the stream's position in the same
 * transaction: a crash before the commit leaves both as they were, after it both moved.
 *
 * Duplicates: an event at or before the stored position (a replay after a reconnect), or the same
 * resource at the same timepoint twice, is counted and not applied. Within a batch the last event
 * of a resource wins. Events of companies the database does not hold are skipped (a company
 * arrives with its profile), as are events whose data cannot be mapped (reported).
 */

export interface BatchResult {
  applied: number;
  duplicates: number;
  skipped: number;
  /** Highest timepoint of the batch (the stored one when every event was a duplicate). */
  timepoint: number | null;
  /** Rows written or deleted per table. */
  tables: Record<string, number>;
  /** Events that could not be applied, and why. */
  problems: { timepoint: number; resourceUri: string; reason: string }[];
}

/** Another process holds the stream (its lease is live): this one must stop consuming it. */
export class StreamLeaseLost extends Error {}

const LIST_TABLES: Partial<Record<Target, string>> = {
  officers: 'officers',
  pscs: 'pscs',
  charges: 'charges',
  'filing-history': 'filings',
  insolvency: 'insolvency_cases',
};

/** The data with its links.self set to the event's resource_uri, so that the row's key is the key of the event. */
function withSelf(event: StreamEvent): Record<string, unknown> {
  const data = event.data ?? {};
  const links = typeof data.links === 'object' && data.links !== null ? (data.links as Record<string, unknown>) : {};
  return { ...data, links: { ...links, self: event.resourceUri } };
}

function mapOne<T>(mapped: Mapped<T>): T {
  if (mapped.problems.length > 0) throw new MappingError(mapped.problems[0].reason);
  return mapped.rows[0];
}

export interface BatchOptions {
  /** The consumer's events a second so far, kept for `status`. */
  rate?: number;
  /** How long the lease lasts from this commit. */
  leaseMs?: number;
}

export async function applyEvents(
  manager: EntityManager,
  stream: StreamName,
  owner: string,
  events: StreamEvent[],
  options: BatchOptions = {},
): Promise<BatchResult> {
  const result: BatchResult = { applied: 0, duplicates: 0, skipped: 0, timepoint: null, tables: {}, problems: [] };
  const [position] = await manager.query(
    `SELECT timepoint::text AS timepoint, owner, lease_until > now() AS live FROM ch_stream_positions WHERE stream = $1 FOR UPDATE`,
    [stream],
  );
  if (position && position.owner !== owner && position.live) throw new StreamLeaseLost(`stream ${stream} is consumed by ${position.owner}`);
  const stored = position?.timepoint == null ? null : Number(position.timepoint);
  result.timepoint = stored;

  // Duplicates out, then the last event of each resource.
  const seen = new Set<string>();
  const latest = new Map<string, StreamEvent>();
  /** Events each kept one stands for (itself and those it superseded): skipping it skips them all. */
  const weight = new Map<StreamEvent, number>();
  for (const event of events) {
    const id = `${event.resourceId}@${event.timepoint}`;
    if ((stored !== null && event.timepoint <= stored) || seen.has(id)) {
      result.duplicates++;
      continue;
    }
    seen.add(id);
    result.timepoint = Math.max(result.timepoint ?? 0, event.timepoint);
    const key = `${event.target}:${event.companyNumber ?? ''}:${event.key}`;
    const earlier = latest.get(key);
    latest.delete(key);
    latest.set(key, event);
    weight.set(event, 1 + (earlier ? weight.get(earlier)! : 0));
  }
  const fresh = [...latest.values()];
  const add = (table: string, n: number) => (result.tables[table] = (result.tables[table] ?? 0) + n);
  const skip = (event: StreamEvent, reason?: string) => {
    result.skipped += weight.get(event)!;
    if (reason) result.problems.push({ timepoint: event.timepoint, resourceUri: event.resourceUri, reason });
  };

  // Profiles first: a company's other events may come in the same batch.
  const profiles: CompanyRow[] = [];
  const companyDeletes: string[] = [];
  for (const event of fresh.filter((e) => e.target === 'profile')) {
    if (event.deleted) companyDeletes.push(event.key);
    else
      try {
        profiles.push(mapCompanyProfile({ ...event.data, company_number: event.key }));
      } catch (error) {
        if (!(error instanceof MappingError)) throw error;
        skip(event, error.message);
      }
  }
  add('companies', await writeProfiles(manager, profiles));

  const others = fresh.filter((e) => e.target !== 'profile');
  const numbers = [...new Set(others.map((e) => e.companyNumber).filter((n): n is string => n !== null))];
  const held = new Set<string>(
    numbers.length === 0
      ? []
      : (await manager.query(`SELECT company_number FROM companies WHERE company_number = ANY($1::text[])`, [numbers])).map(
          (r: { company_number: string }) => r.company_number,
        ),
  );

  const changed = new Map<Target, object[]>();
  const deleted = new Map<Target, StreamEvent[]>();
  for (const event of others) {
    if (event.companyNumber !== null && !held.has(event.companyNumber)) {
      skip(event);
      continue;
    }
    if (event.deleted) {
      deleted.set(event.target, [...(deleted.get(event.target) ?? []), event]);
      continue;
    }
    try {
      const row = mapEvent(event);
      changed.set(event.target, [...(changed.get(event.target) ?? []), row]);
    } catch (error) {
      if (!(error instanceof MappingError)) throw error;
      skip(event, error.message);
    }
  }

  for (const [target, rows] of changed) {
    if (target === 'officers') add('officers', await upsertRows(manager, OFFICERS, rows));
    else if (target === 'pscs') add('pscs', await upsertRows(manager, PSCS, rows));
    else if (target === 'charges') add('charges', await upsertCharges(manager, rows as ChargeRow[]));
    else if (target === 'filing-history') add('filings', await upsertRows(manager, FILINGS, rows));
    else if (target === 'insolvency') add('insolvency_cases', await upsertRows(manager, INSOLVENCY_CASES, rows));
    else if (target === 'disqualified-officer') add('disqualified_officers', await upsertRows(manager, DISQUALIFIED_OFFICERS, rows));
  }
  for (const [target, list] of deleted) add(tableOf(target), await deleteRows(manager, target, list));
  const chargeCompanies = [
    ...new Set(others.filter((e) => e.target === 'charges' && held.has(e.companyNumber!)).map((e) => e.companyNumber!)),
  ];
  if (chargeCompanies.length > 0) await recountCharges(manager, chargeCompanies);
  if (companyDeletes.length > 0) {
    const [{ count }] = await manager.query(
      `WITH gone AS (DELETE FROM companies WHERE company_number = ANY($1::text[]) RETURNING 1) SELECT count(*)::int AS count FROM gone`,
      [companyDeletes],
    );
    add('companies', count);
  }

  result.applied = events.length - result.duplicates - result.skipped;
  const last = events.reduce<string | null>((max, e) => (e.publishedAt && (!max || e.publishedAt > max) ? e.publishedAt : max), null);
  await manager.query(
    `UPDATE ch_stream_positions
        SET timepoint = $2, applied = applied + $3, duplicates = duplicates + $4, skipped = skipped + $5,
            last_published_at = GREATEST(last_published_at, $6::timestamptz), last_applied_at = now(), updated_at = now(),
            events_per_second = $7, owner = $8, lease_until = now() + make_interval(secs => $9), heartbeat_at = now()
      WHERE stream = $1`,
    [
      stream,
      result.timepoint,
      result.applied,
      result.duplicates,
      result.skipped,
      last,
      options.rate ?? null,
      owner,
      (options.leaseMs ?? 90_000) / 1000,
    ],
  );
  return result;
}

function tableOf(target: Target): string {
  return target === 'disqualified-officer' ? 'disqualified_officers' : LIST_TABLES[target]!;
}

/** One changed event → the row the API importer would write for the same resource. */
function mapEvent(event: StreamEvent): object {
  const n = event.companyNumber!;
  switch (event.target) {
    case 'officers':
      return mapOne(mapOfficers(n, [withSelf(event)]));
    case 'pscs':
      return mapOne(mapPscs(n, [withSelf(event)]));
    case 'charges':
      return mapOne(mapCharges(n, [withSelf(event)]));
    case 'filing-history':
      return mapOne(mapFilings(n, [{ transaction_id: event.key, ...event.data }]));
    case 'insolvency':
      return insolvencyRow(n, event.data!);
    case 'disqualified-officer':
      return disqualifiedRow(event);
    default:
      throw new MappingError(`${event.target} events are applied elsewhere`);
  }
}

function insolvencyRow(companyNumber: string, data: Record<string, unknown>) {
  if (!Array.isArray(data.cases)) throw new MappingError('insolvency data has no "cases" array');
  const status = Array.isArray(data.status) ? data.status.filter((s): s is string => typeof s === 'string') : [];
  return { company_number: companyNumber, cases: data.cases, status, etag: typeof data.etag === 'string' ? data.etag : null };
}

function disqualifiedRow(event: StreamEvent) {
  const data = event.data!;
  const kind = event.resourceUri.split('/')[2];
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const name =
    kind === 'corporate'
      ? text(data.name)
      : [text(data.title), text(data.forename), text(data.other_forenames), text(data.surname)].filter(Boolean).join(' ') || null;
  const dob = text(data.date_of_birth);
  if (dob !== null && !/^\d{4}-\d{2}-\d{2}$/.test(dob)) throw new MappingError(`date_of_birth "${dob}" is not a date (YYYY-MM-DD)`);
  const disqualifications = Array.isArray(data.disqualifications) ? data.disqualifications : [];
  return {
    officer_id: event.key,
    kind,
    name,
    date_of_birth: dob,
    disqualifications,
    data,
    etag: text(data.etag),
  };
}

async function deleteRows(manager: EntityManager, target: Target, events: StreamEvent[]): Promise<number> {
  const keys = events.map((e) => e.key);
  const numbers = events.map((e) => e.companyNumber);
  const where: Record<string, [string, unknown[]]> = {
    officers: [`(company_number, officer_key) IN (SELECT * FROM unnest($1::text[], $2::text[]))`, [numbers, keys]],
    pscs: [`(company_number, psc_key) IN (SELECT * FROM unnest($1::text[], $2::text[]))`, [numbers, keys]],
    charges: [`charge_id = ANY($1::text[])`, [keys]],
    'filing-history': [`transaction_id = ANY($1::text[])`, [keys]],
    insolvency: [`company_number = ANY($1::text[])`, [keys]],
    'disqualified-officer': [`officer_id = ANY($1::text[])`, [keys]],
  };
  const [sql, params] = where[target];
  const [{ count }] = await manager.query(
    `WITH gone AS (DELETE FROM ${tableOf(target)} WHERE ${sql} RETURNING 1) SELECT count(*)::int AS count FROM gone`,
    params,
  );
  return count;
}

/** The register's Mortgages.* counts of these companies, from the charges now stored. */
async function recountCharges(manager: EntityManager, companyNumbers: string[]): Promise<void> {
  await manager.query(
    `UPDATE companies c
        SET mortgages_total = s.total, mortgages_outstanding = s.outstanding, mortgages_part_satisfied = s.part,
            mortgages_satisfied = s.satisfied, updated_at = now()
       FROM (SELECT n AS company_number,
                    count(ch.charge_id)::int AS total,
                    count(*) FILTER (WHERE ch.status = 'outstanding')::int AS outstanding,
                    count(*) FILTER (WHERE ch.status = 'part-satisfied')::int AS part,
                    count(*) FILTER (WHERE ch.status IN ('fully-satisfied', 'satisfied'))::int AS satisfied
               FROM unnest($1::text[]) AS n LEFT JOIN charges ch ON ch.company_number = n
              GROUP BY n) s
      WHERE c.company_number = s.company_number`,
    [companyNumbers],
  );
}
