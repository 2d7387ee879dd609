import type { EntityManager } from 'typeorm';
import { mapCompanyProfile, MappingError } from '../../../platform/register/ch-api.mapper.js';
import type { StreamEvent, StreamListenerFactory, StreamName } from '../../../platform/register/stream-event.js';
import { writeAlerts, type Change } from './alert-writer.js';
import { watchedWays } from './watched-ways.js';

import { announceWritten } from './alert-signal.js';

/** The watchlists' alerts as the stream consumer's listener: written with each batch, followers woken by its commit. */
export const watchlistStreamAlerts: StreamListenerFactory = (redis, redisPrefix) => ({
  observe: alertsOfEvents,
  committed: announceWritten(redis, redisPrefix),
});

/**
 * The alerts of a batch of stream events (issue 29 section 4), found by comparing each event with
 * what the database holds before the batch is applied: called in the consumer's transaction before
 * the writer, so that the alerts commit with the rows (or neither does). Only events of watched
 * companies, lenders (charges naming them) and people (their appointments and PSC entries) are looked at; events at or before the stream's stored position (replays) raise
 * nothing, and a duplicate (the same data again) changes nothing so raises nothing.
 */
export async function alertsOfEvents(manager: EntityManager, stream: StreamName, events: StreamEvent[]): Promise<number> {
  const numbers = [...new Set(events.map((e) => e.companyNumber).filter((n): n is string => n !== null))];
  if (numbers.length === 0) return 0;
  const watched = new Set<string>(
    (await manager.query(`SELECT DISTINCT company_number FROM watchlist_companies WHERE company_number = ANY($1::text[])`, [numbers])).map(
      (r: { company_number: string }) => r.company_number,
    ),
  );
  const ways = await watchedWays(manager, events);
  if (watched.size === 0 && ways.size === 0) return 0;
  const [position] = await manager.query(`SELECT timepoint::text AS timepoint FROM ch_stream_positions WHERE stream = $1 FOR UPDATE`, [
    stream,
  ]);
  const stored = position?.timepoint == null ? null : Number(position.timepoint);
  const mine = events.filter(
    (e) => e.companyNumber !== null && (watched.has(e.companyNumber) || ways.has(e)) && (stored === null || e.timepoint > stored),
  );
  if (mine.length === 0) return 0;
  const prior = await priorState(manager, mine);
  const changes: Change[] = [];
  for (const event of mine) changes.push(...changesOf(event, prior).map((change) => ({ ...change, ...ways.get(event) })));
  return writeAlerts(manager, changes);
}

/** What the database holds of the events' resources, keyed `target:key`; updated as the batch's events are read. */
type Prior = Map<string, Record<string, unknown> | null>;

async function priorState(manager: EntityManager, events: StreamEvent[]): Promise<Prior> {
  const prior: Prior = new Map();
  const keys = (target: string) => events.filter((e) => e.target === target).map((e) => e.key);
  const numbers = (target: string) => events.filter((e) => e.target === target).map((e) => e.companyNumber!);
  const load = async (target: string, sql: string, params: unknown[], keyOf: (r: Record<string, unknown>) => string) => {
    if ((params[0] as unknown[]).length === 0) return;
    for (const row of await manager.query(sql, params)) prior.set(`${target}:${keyOf(row)}`, row);
  };
  await load(
    'profile',
    `SELECT company_number, company_status FROM companies WHERE company_number = ANY($1::text[])`,
    [keys('profile')],
    (r) => String(r.company_number),
  );
  await load('charges', `SELECT charge_id, status FROM charges WHERE charge_id = ANY($1::text[])`, [keys('charges')], (r) =>
    String(r.charge_id),
  );
  await load(
    'officers',
    `SELECT officer_key, resigned_on::text FROM officers WHERE (company_number, officer_key) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    [numbers('officers'), keys('officers')],
    (r) => String(r.officer_key),
  );
  await load(
    'pscs',
    `SELECT psc_key, ceased_on::text FROM pscs WHERE (company_number, psc_key) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    [numbers('pscs'), keys('pscs')],
    (r) => String(r.psc_key),
  );
  await load('filing-history', `SELECT transaction_id FROM filings WHERE transaction_id = ANY($1::text[])`, [keys('filing-history')], (r) =>
    String(r.transaction_id),
  );
  await load(
    'insolvency',
    `SELECT company_number, cases FROM insolvency_cases WHERE company_number = ANY($1::text[])`,
    [keys('insolvency')],
    (r) => String(r.company_number),
  );
  return prior;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const obj = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const satisfied = (status: unknown) => /satisfied/.test(String(status ?? '')) && !/part/.test(String(status ?? ''));

/** The changes one event makes to what `prior` holds; `prior` then holds the event's state. */
function changesOf(event: StreamEvent, prior: Prior): Change[] {
  const id = `${event.target}:${event.key}`;
  const before = prior.get(id);
  const data = event.data ?? {};
  const n = event.companyNumber!;
  const change = (kind: Change['kind'], summary: string, dedupe: string): Change => ({
    company_number: n,
    kind,
    summary: summary.slice(0, 500),
    published_at: event.publishedAt,
    resource_uri: event.resourceUri,
    dedupe_key: `${kind}:${dedupe}`,
  });
  const out: Change[] = [];
  if (event.deleted) {
    if (event.target === 'profile' && before)
      out.push(change('status-changed', 'Removed from the register (the company record was deleted)', `${n}:deleted`));
    prior.set(id, null);
    return out;
  }
  switch (event.target) {
    case 'profile': {
      let status: string | null = null;
      try {
        status = mapCompanyProfile({ ...data, company_number: n }).company_status ?? null;
      } catch (error) {
        if (!(error instanceof MappingError)) throw error;
      }
      const was = before ? text(before.company_status) : null;
      if (before && status && was !== status)
        out.push(change('status-changed', `Status changed from ${was ?? 'none'} to ${status}`, `${n}:${was}>${status}:${event.timepoint}`));
      prior.set(id, { company_status: status ?? was });
      break;
    }
    case 'charges': {
      const name = text(data.charge_code) ?? (data.charge_number ? `number ${String(data.charge_number)}` : event.key);
      const lenders = (Array.isArray(data.persons_entitled) ? data.persons_entitled : []).map((p) => text(obj(p).name)).filter(Boolean);
      const what = text(obj(data.classification).description);
      if (!before)
        out.push(
          change(
            'charge-created',
            `Charge ${name} created${text(data.created_on) ? ` on ${text(data.created_on)}` : ''}${what ? `: ${what}` : ''}` +
              (lenders.length ? `; persons entitled: ${lenders.join(', ')}` : ''),
            event.key,
          ),
        );
      if (satisfied(data.status) && !satisfied(before?.status))
        out.push(
          change(
            'charge-satisfied',
            `Charge ${name} ${String(data.status)}${text(data.satisfied_on) ? ` on ${text(data.satisfied_on)}` : ''}` +
              (lenders.length ? ` (persons entitled: ${lenders.join(', ')})` : ''),
            event.key,
          ),
        );
      prior.set(id, { status: data.status });
      break;
    }
    case 'officers': {
      const who = `${text(data.name) ?? 'An officer'} (${text(data.officer_role) ?? 'officer'})`;
      const resigned = text(data.resigned_on);
      if (!before && !resigned)
        out.push(
          change(
            'officer-appointed',
            `${who} appointed${text(data.appointed_on) ? ` on ${text(data.appointed_on)}` : ''}`,
            `${n}:${event.key}`,
          ),
        );
      if (resigned && !(before && text(before.resigned_on)))
        out.push(change('officer-resigned', `${who} resigned on ${resigned}`, `${n}:${event.key}`));
      prior.set(id, { resigned_on: resigned });
      break;
    }
    case 'pscs': {
      const who = text(data.name) ?? 'A person with significant control';
      const ceased = text(data.ceased_on);
      if (!before && !ceased)
        out.push(
          change(
            'psc-change',
            `${who} notified as a PSC${text(data.notified_on) ? ` on ${text(data.notified_on)}` : ''}`,
            `${n}:${event.key}:new`,
          ),
        );
      if (ceased && !(before && text(before.ceased_on)))
        out.push(change('psc-change', `${who} ceased to be a PSC on ${ceased}`, `${n}:${event.key}:ceased`));
      prior.set(id, { ceased_on: ceased });
      break;
    }
    case 'filing-history': {
      if (!before && data.category === 'accounts') {
        const madeUp = text(obj(data.description_values).made_up_date);
        out.push(
          change(
            'accounts-filed',
            `Accounts${madeUp ? ` made up to ${madeUp}` : ''} filed${text(data.date) ? ` on ${text(data.date)}` : ''} (${text(data.type) ?? 'AA'}: ${text(data.description) ?? 'accounts'})`,
            event.key,
          ),
        );
      }
      prior.set(id, {});
      break;
    }
    case 'insolvency': {
      const known = new Set((Array.isArray(before?.cases) ? before.cases : []).map((c) => String(obj(c).number)));
      for (const c of Array.isArray(data.cases) ? data.cases : []) {
        const item = obj(c);
        if (known.has(String(item.number))) continue;
        const dates = (Array.isArray(item.dates) ? item.dates : []).map((d) =>
          `${text(obj(d).type) ?? 'date'} ${text(obj(d).date) ?? ''}`.trim(),
        );
        out.push(
          change(
            'insolvency-case',
            `Insolvency case ${String(item.number ?? '')}: ${text(item.type) ?? 'case'}${dates.length ? ` (${dates.join(', ')})` : ''}`,
            `${n}:${String(item.number)}`,
          ),
        );
      }
      prior.set(id, { cases: data.cases });
      break;
    }
  }
  return out;
}
