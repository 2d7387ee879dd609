/**
 * A stand-in for stream.companieshouse.gov.uk speaking its protocol (../shared/reference/ch-streaming.md):
 * `GET /<stream>[?timepoint=N]` with Basic auth (the stream key as user name), newline-delimited
 * JSON events, bare newlines as heartbeats, 401 for a wrong key, 416 for a timepoint older than it
 * keeps, 429 when told to, and a connection cut mid-event when told to. The connection stays open
 * after the last event, with heartbeats, until the client goes (as the real one does).
 *
 * Also a recorded day built on the reference's verbatim events ([S25] filing, [S26] insolvency,
 * [S10] deleted profile): every stream, real resource shapes, with duplicates of both kinds the
 * service emits (the same event twice, and the same data again at a later timepoint).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { seededRandom } from '@credence/shared/query-families';
import { STREAMS, type StreamName } from '../../src/platform/register/stream-event.js';
import { companiesHouseFixtures } from './fixtures.js';

export interface Recorded {
  timepoint: number;
  line: string;
}

export type Day = Record<StreamName, Recorded[]>;

export type Fault = { kind: '429' } | { kind: 'cut'; after: number } | { kind: '500' };

export const STREAM_KEY = 'stream-key-for-tests';

export function referenceEvents(): string[] {
  return readFileSync(join(companiesHouseFixtures('stream'), 'reference-events.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean);
}

export class StreamServer {
  /** The connections asked for: stream and timepoint (null: none given), and what they were answered. */
  readonly requests: { stream: StreamName; timepoint: number | null; status: number }[] = [];
  /** Per stream, what the next connections meet, in order. */
  readonly faults = new Map<StreamName, Fault[]>();
  /** Per stream, the oldest timepoint still served (older: 416); a connection without one starts there. */
  readonly oldest = new Map<StreamName, number>();
  private server: Server | null = null;
  private readonly open = new Set<ServerResponse>();

  constructor(
    readonly day: Day,
    private readonly options: {
      heartbeatEvery?: number;
      idleHeartbeatMs?: number;
      chunkEvents?: number;
      /** Events are sent once this settles (a connection made before waits, open, like a quiet stream). */
      hold?: Promise<void>;
    } = {},
  ) {}

  async listen(): Promise<string> {
    this.server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const res of this.open) res.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, 'http://localhost');
    const stream = (Object.keys(STREAMS) as StreamName[]).find((name) => STREAMS[name] === url.pathname);
    const given = url.searchParams.get('timepoint');
    const timepoint = given === null ? null : Number(given);
    const refuse = (status: number, body: object, headers: Record<string, string> = {}) => {
      if (stream) this.requests.push({ stream, timepoint, status });
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Basic ${Buffer.from(`${STREAM_KEY}:`).toString('base64')}`)
      return refuse(401, { error: 'Invalid Authorization', type: 'ch:service' });
    if (!stream) return refuse(404, { error: 'Not Found' });
    const events = this.day[stream];
    const oldest = this.oldest.get(stream) ?? events[0]?.timepoint ?? 0;
    if (timepoint !== null && (!Number.isInteger(timepoint) || timepoint < oldest))
      return refuse(416, { error: 'timepoint is invalid or too old' });
    const fault = this.faults.get(stream)?.shift();
    if (fault?.kind === '429') return refuse(429, { error: 'Too Many Requests' }, { 'retry-after': '0' });
    if (fault?.kind === '500') return refuse(500, { error: 'Internal Server Error' });
    this.requests.push({ stream, timepoint, status: 200 });
    res.writeHead(200, { 'content-type': 'application/json' });
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
    await this.options.hold;
    const from = events.findIndex((e) => e.timepoint >= (timepoint ?? oldest));
    const heartbeat = this.options.heartbeatEvery ?? 7;
    const chunk = this.options.chunkEvents ?? 50;
    let text = '';
    let sent = 0;
    for (let i = from < 0 ? events.length : from; i < events.length; i++) {
      if (res.destroyed) return;
      if (fault?.kind === 'cut' && sent === fault.after) {
        // Half an event, then the connection drops.
        res.write(text + events[i].line.slice(0, Math.floor(events[i].line.length / 2)));
        res.destroy();
        return;
      }
      text += events[i].line + '\n';
      if (++sent % heartbeat === 0) text += '\n';
      if (sent % chunk === 0) {
        const more = res.write(text);
        text = '';
        if (!more) await new Promise((resolve) => res.once('drain', resolve));
      }
    }
    if (text && !res.destroyed) res.write(text);
    const timer = setInterval(() => res.write('\n'), this.options.idleHeartbeatMs ?? 50);
    res.on('close', () => clearInterval(timer));
  }
}

const FORENAMES = ['Claire', 'Thomas', 'Priya', 'Oluwaseun', 'Margaret', 'Daniel', 'Fiona', 'Rhys', 'Aisha', 'Graham'];
const SURNAMES = ['Fenwick', 'Reid', 'Patel', 'Adeyemi', 'Campbell', 'Hughes', 'MacLeod', 'Jones', 'Khan', 'Thornton'];
const LENDERS = ['Lloyds Bank PLC', 'Barclays Bank UK PLC', 'HSBC UK Bank PLC', 'National Westminster Bank PLC', 'Shawbrook Bank Limited'];

/**
 * identity_verification_details (ECCTA) as officers' and PSCs' resources carry them: verified
 * through an authorised corporate service provider, due, overdue, or nothing yet (every fourth).
 */
export function verification(i: number): { identity_verification_details?: Record<string, unknown> } {
  switch (i % 4) {
    case 0:
      return {
        identity_verification_details: {
          anti_money_laundering_supervisory_bodies: ['HM Revenue and Customs'],
          appointment_verification_start_on: '2025-11-24',
          authorised_corporate_service_provider_name: 'Rapid Formations Ltd',
          identity_verified_on: '2025-11-21',
          preferred_name: 'Sam',
        },
      };
    case 1:
      return { identity_verification_details: { appointment_verification_statement_due_on: '2027-03-14' } };
    case 2:
      return { identity_verification_details: { appointment_verification_statement_due_on: '2026-10-14' } };
    default:
      return {};
  }
}

export interface DayOptions {
  /** Companies the database holds (events of others are skipped). */
  held: string[];
  /** Events in all, before duplicates. */
  events: number;
  seed?: number;
}

/**
 * A recorded day: the reference's events, and events built on them for the held companies (and a
 * few the database does not hold) across every stream, with about 4% sent twice and 4% repeated
 * later with a new timepoint.
 */
export function recordedDay(options: DayOptions): Day {
  const rnd = seededRandom(options.seed ?? 29);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  const day = Object.fromEntries(Object.keys(STREAMS).map((s) => [s, [] as Recorded[]])) as Day;
  const next = new Map<StreamName, number>(Object.keys(STREAMS).map((s, i) => [s as StreamName, 1_000_000 * (i + 1)]));
  const stamp = (at: number) => new Date(Date.UTC(2026, 10, 27, 7) + at * 1000).toISOString().slice(0, 19);
  let clock = 0;
  const emit = (stream: StreamName, envelope: Record<string, unknown>, type: 'changed' | 'deleted' = 'changed') => {
    const timepoint = next.get(stream)!;
    next.set(stream, timepoint + 1 + Math.floor(rnd() * 3));
    const line = JSON.stringify({ ...envelope, event: { timepoint, published_at: stamp(clock++), type } });
    day[stream].push({ timepoint, line });
    if (rnd() < 0.04) day[stream].push({ timepoint, line });
  };
  // The reference's events verbatim, each first on its stream (the generated ones follow their timepoints).
  const reference = referenceEvents();
  const [filing, insolvency, deletedProfile] = reference.map((l) => JSON.parse(l));
  for (const [stream, line, value] of [
    ['filings', reference[0], filing],
    ['insolvency-cases', reference[1], insolvency],
    ['companies', reference[2], deletedProfile],
  ] as [StreamName, string, { event: { timepoint: number } }][]) {
    day[stream].push({ timepoint: value.event.timepoint, line });
    next.set(stream, value.event.timepoint + 1);
  }
  delete filing.event;
  delete insolvency.event;

  const numbers = [...options.held, 'NH000001', 'NH000002'];
  const officers = new Map<string, string[]>();
  const charges = new Map<string, string[]>();
  const later: [StreamName, Record<string, unknown>][] = [];
  for (let i = 0; i < options.events; i++) {
    const n = pick(numbers);
    const roll = rnd();
    const person = `${pick(SURNAMES).toUpperCase()}, ${pick(FORENAMES)} ${pick(FORENAMES)}`;
    let envelope: Record<string, unknown>;
    let stream: StreamName;
    let type: 'changed' | 'deleted' = 'changed';
    if (roll < 0.3) {
      stream = 'filings';
      const id = `MzQ${i.toString(36).padStart(6, '0')}YWRpcXprY3g`;
      const uri = `/company/${n}/filing-history/${id}`;
      const made = `2026-0${1 + Math.floor(rnd() * 9)}-28`;
      envelope = {
        ...filing,
        resource_uri: uri,
        resource_id: id,
        data: {
          ...filing.data,
          barcode: `X${i.toString(36).toUpperCase().padStart(7, '0')}`,
          date: '2026-11-27',
          description_values: { made_up_date: made },
          links: { self: uri },
          transaction_id: id,
        },
      };
    } else if (roll < 0.5) {
      stream = 'officers';
      const list = officers.get(n) ?? [];
      const resign = list.length > 0 && rnd() < 0.25;
      const id = resign ? pick(list) : `${n.toLowerCase()}appt${i}`;
      if (!resign) officers.set(n, [...list, id]);
      const uri = `/company/${n}/appointments/${id}`;
      if (resign && rnd() < 0.2) {
        stream = 'officers';
        type = 'deleted';
        envelope = { resource_kind: 'company-officers', resource_uri: uri, resource_id: id };
      } else {
        envelope = {
          resource_kind: 'company-officers',
          resource_uri: uri,
          resource_id: id,
          data: {
            name: person,
            officer_role: 'director',
            appointed_on: '2024-03-01',
            ...(resign ? { resigned_on: '2026-11-26' } : {}),
            nationality: 'British',
            occupation: 'Director',
            country_of_residence: 'England',
            date_of_birth: { month: 1 + Math.floor(rnd() * 12), year: 1950 + Math.floor(rnd() * 50) },
            address: { premises: '10', address_line_1: 'Queen Street Place', locality: 'London', postal_code: 'EC4R 1AG' },
            ...verification(i),
            links: { self: uri, officer: { appointments: `/officers/${id}x/appointments` } },
          },
        };
      }
    } else if (roll < 0.62) {
      stream = 'pscs';
      const id = `${n.toLowerCase()}psc${i}`;
      const uri = `/company/${n}/persons-with-significant-control/individual/${id}`;
      envelope = {
        resource_kind: 'company-psc-individual',
        resource_uri: uri,
        resource_id: id,
        data: {
          kind: 'individual-person-with-significant-control',
          name: person,
          name_elements: { forename: person.split(', ')[1], surname: person.split(',')[0] },
          notified_on: '2025-06-01',
          natures_of_control: [
            pick(['ownership-of-shares-25-to-50-percent', 'ownership-of-shares-75-to-100-percent', 'voting-rights-25-to-50-percent']),
          ],
          nationality: 'British',
          country_of_residence: 'England',
          ...verification(i),
          links: { self: uri },
          etag: `e${i}`,
        },
      };
    } else if (roll < 0.8) {
      stream = 'charges';
      const list = charges.get(n) ?? [];
      const satisfy = list.length > 0 && rnd() < 0.3;
      const id = satisfy ? pick(list) : `${n.toLowerCase()}chg${i}`;
      if (!satisfy) charges.set(n, [...list, id]);
      const uri = `/company/${n}/charges/${id}`;
      envelope = {
        resource_kind: 'company-charges',
        resource_uri: uri,
        resource_id: id,
        data: {
          charge_code: `${n}${String(i).padStart(4, '0')}`,
          charge_number: i,
          status: satisfy ? 'fully-satisfied' : 'outstanding',
          created_on: '2026-11-20',
          delivered_on: '2026-11-25',
          ...(satisfy ? { satisfied_on: '2026-11-26' } : {}),
          classification: { type: 'charge-description', description: 'A registered charge' },
          particulars: { type: 'brief-description', contains_fixed_charge: true, contains_negative_pledge: true },
          persons_entitled: [{ name: pick(LENDERS) }],
          transactions: [{ filing_type: 'create-charge-with-deed', delivered_on: '2026-11-25' }],
          links: { self: uri },
          etag: `c${i}`,
        },
      };
    } else if (roll < 0.88) {
      stream = 'companies';
      // Profiles only of held companies: the others stay unheld, so their events are always skipped.
      if (n.startsWith('NH')) continue;
      const uri = `/company/${n}`;
      envelope = {
        resource_kind: 'company-profile',
        resource_uri: uri,
        resource_id: n,
        data: {
          company_name: `${pick(SURNAMES).toUpperCase()} ${pick(['HOLDINGS', 'TRADING', 'SERVICES'])} LIMITED`,
          company_number: n,
          company_status: pick(['active', 'active', 'liquidation', 'administration']),
          type: 'ltd',
          jurisdiction: 'england-wales',
          date_of_creation: '2012-05-14',
          registered_office_address: { address_line_1: '1 Canal Street', locality: 'Manchester', postal_code: 'M1 3HE' },
          sic_codes: ['62012'],
          accounts: { next_due: '2027-06-30', last_accounts: { made_up_to: '2025-09-30', type: 'micro-entity' } },
          confirmation_statement: { next_due: '2027-05-28', last_made_up_to: '2026-05-14' },
          links: { self: uri },
        },
      };
    } else if (roll < 0.95) {
      stream = 'insolvency-cases';
      envelope = { ...insolvency, resource_uri: `/company/${n}/insolvency`, resource_id: n, data: { ...insolvency.data, etag: `i${i}` } };
    } else {
      stream = 'disqualified-officers';
      const id = `dq${i.toString(36)}`;
      envelope = {
        resource_kind: 'disqualified-officer-natural',
        resource_uri: `/disqualified-officers/natural/${id}`,
        resource_id: id,
        data: {
          forename: pick(FORENAMES),
          surname: pick(SURNAMES).toUpperCase(),
          date_of_birth: '1971-04-02',
          kind: 'natural-disqualification',
          disqualifications: [
            {
              company_names: [`${pick(SURNAMES).toUpperCase()} LIMITED`],
              disqualified_from: '2026-12-01',
              disqualified_until: '2032-11-30',
              reason: { act: 'company-directors-disqualification-act-1986', article: '6', description_identifier: 'misconduct' },
            },
          ],
          etag: `d${i}`,
        },
      };
    }
    emit(stream, envelope, type);
    if (rnd() < 0.04) later.push([stream, envelope]);
    if (later.length && rnd() < 0.1) {
      const [s, e] = later.shift()!;
      // The service emits an unchanged resource again, with a new timepoint.
      emit(s, e, e.data ? 'changed' : 'deleted');
    }
  }
  return day;
}
