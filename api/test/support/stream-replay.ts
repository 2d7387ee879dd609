/**
 * What a recorded day (ch-stream-server.ts) says the database holds once every event is applied,
 * checked row by row; and one digest of every row the streams touch, for comparing runs.
 */
import { COMPANY_STATUS_WORDS } from '@credence/shared';
import type { DataSource } from 'typeorm';
import { STREAM_NAMES, type StreamName } from '../../src/platform/register/stream-event.js';
import type { Day } from './ch-stream-server.js';

interface Final {
  stream: StreamName;
  uri: string;
  deleted: boolean;
  data: Record<string, unknown>;
}

/** The last event of each resource (by timepoint; a duplicate says the same again). */
export function finalEvents(day: Day): Final[] {
  const last = new Map<string, Final & { timepoint: number }>();
  for (const stream of STREAM_NAMES)
    for (const { timepoint, line } of day[stream]) {
      const e = JSON.parse(line) as { resource_uri: string; data?: Record<string, unknown>; event: { type: string } };
      const key = `${stream} ${e.resource_uri}`;
      const before = last.get(key);
      if (before && before.timepoint > timepoint) continue;
      last.set(key, { stream, uri: e.resource_uri, deleted: e.event.type === 'deleted', data: e.data ?? {}, timepoint });
    }
  return [...last.values()];
}

const segment = (uri: string, i: number) => uri.split('/')[i];
const lastSegment = (uri: string) => uri.split('/').at(-1)!;
/** JSON with object keys sorted (jsonb keeps its own key order). */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(value ?? null);
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Every resource of the held companies compared with what its last event says; answers the
 * differences ("officers /company/X/appointments/Y: resigned_on 2026-11-26 != null"), none when all match.
 */
export async function rowMismatches(dataSource: DataSource, day: Day, held: readonly string[]): Promise<string[]> {
  const holds = new Set(held);
  const wrong: string[] = [];
  const check = (what: string, field: string, want: unknown, got: unknown) => {
    if (!same(want, got)) wrong.push(`${what}: ${field} ${canonical(want)} != ${canonical(got)}`);
  };
  const rows = async (sql: string) =>
    new Map<string, Record<string, unknown>>((await dataSource.query(sql)).map((r: { k: string }) => [r.k, r]));
  const officers = await rows(
    `SELECT company_number || '/' || officer_key AS k, name, resigned_on::text, identity_verification FROM officers`,
  );
  const pscs = await rows(`SELECT company_number || '/' || psc_key AS k, name, identity_verification FROM pscs`);
  const charges = await rows(`SELECT charge_id AS k, status, satisfied_on::text FROM charges`);
  const filings = await rows(`SELECT transaction_id AS k, company_number, barcode, type FROM filings`);
  const companies = await rows(`SELECT company_number AS k, company_name, company_status, mortgages_total FROM companies`);
  const insolvency = await rows(`SELECT company_number AS k, etag FROM insolvency_cases`);
  const disqualified = await rows(`SELECT officer_id AS k, name FROM disqualified_officers`);
  const expected = { officers: 0, pscs: 0, charges: new Map<string, number>() };
  for (const e of finalEvents(day)) {
    const n = e.stream === 'disqualified-officers' ? null : segment(e.uri, 2);
    if (n !== null && !holds.has(n)) continue;
    const what = `${e.stream} ${e.uri}`;
    const d = e.data;
    if (e.stream === 'officers') {
      const row = officers.get(`${n}/${lastSegment(e.uri)}`);
      if (e.deleted) check(what, 'row', null, row ?? null);
      else if (!row) wrong.push(`${what}: no row`);
      else {
        expected.officers++;
        check(what, 'name', d.name, row.name);
        check(what, 'resigned_on', d.resigned_on, row.resigned_on);
        check(what, 'identity_verification', d.identity_verification_details, row.identity_verification);
      }
    } else if (e.stream === 'pscs') {
      const row = pscs.get(`${n}/${lastSegment(e.uri)}`);
      if (!row) wrong.push(`${what}: no row`);
      else {
        expected.pscs++;
        check(what, 'name', d.name, row.name);
        check(what, 'identity_verification', d.identity_verification_details, row.identity_verification);
      }
    } else if (e.stream === 'charges') {
      const row = charges.get(lastSegment(e.uri));
      expected.charges.set(n!, (expected.charges.get(n!) ?? 0) + 1);
      if (!row) wrong.push(`${what}: no row`);
      else {
        check(what, 'status', d.status, row.status);
        check(what, 'satisfied_on', d.satisfied_on, row.satisfied_on);
      }
    } else if (e.stream === 'filings') {
      const row = filings.get(lastSegment(e.uri));
      if (!row) wrong.push(`${what}: no row`);
      else check(what, 'barcode and type', [n, d.barcode, d.type], [row.company_number, row.barcode, row.type]);
    } else if (e.stream === 'companies') {
      const row = companies.get(n!);
      if (e.deleted) check(what, 'row', null, row ?? null);
      else if (!row) wrong.push(`${what}: no row`);
      else
        check(
          what,
          'name and status',
          [d.company_name, COMPANY_STATUS_WORDS[String(d.company_status)]],
          [row.company_name, row.company_status],
        );
    } else if (e.stream === 'insolvency-cases') check(what, 'etag', d.etag, insolvency.get(n!)?.etag);
    else {
      const name = [d.forename, d.surname].filter(Boolean).join(' ');
      check(what, 'name', name, disqualified.get(lastSegment(e.uri))?.name);
    }
  }
  // Nothing more than the events say: as many officers and PSCs, and each held company's charge count.
  const heldRows = (map: Map<string, unknown>) => [...map.keys()].filter((k) => holds.has(k.split('/')[0])).length;
  check('officers', 'rows', expected.officers, heldRows(officers));
  check('pscs', 'rows', expected.pscs, heldRows(pscs));
  for (const n of held)
    check(`companies /company/${n}`, 'mortgages_total', expected.charges.get(n) ?? 0, companies.get(n)?.mortgages_total ?? 0);
  // The first few say enough.
  return wrong.length > 10 ? [...wrong.slice(0, 10), `... and ${wrong.length - 10} more`] : wrong;
}

/** One digest of every row the streams can touch (write timestamps aside), and the events counted applied. */
export async function streamRowsDigest(dataSource: DataSource, numbers: readonly string[]): Promise<string> {
  const [row] = await dataSource.query(
    `SELECT md5(concat_ws('|',
       (SELECT string_agg(concat_ws(',', company_number, company_name, company_status, mortgages_total, mortgages_outstanding, mortgages_satisfied, sic_texts::text), ';' ORDER BY company_number) FROM companies WHERE company_number = ANY($1::text[])),
       (SELECT string_agg((to_jsonb(o) - 'id' - 'created_at' - 'updated_at')::text, ';' ORDER BY company_number, officer_key) FROM officers o WHERE company_number = ANY($1::text[])),
       (SELECT string_agg((to_jsonb(p) - 'id' - 'created_at' - 'updated_at')::text, ';' ORDER BY company_number, psc_key) FROM pscs p WHERE company_number = ANY($1::text[])),
       (SELECT string_agg((to_jsonb(c) - 'id' - 'created_at' - 'updated_at')::text, ';' ORDER BY charge_id) FROM charges c WHERE company_number = ANY($1::text[])),
       (SELECT string_agg((to_jsonb(l) - 'id' - 'created_at' - 'updated_at')::text, ';' ORDER BY charge_id, position) FROM charge_lenders l JOIN charges c USING (charge_id) WHERE c.company_number = ANY($1::text[])),
       (SELECT string_agg((to_jsonb(f) - 'id' - 'created_at' - 'updated_at')::text, ';' ORDER BY transaction_id) FROM filings f WHERE company_number = ANY($1::text[])),
       (SELECT string_agg(concat_ws(',', company_number, cases::text, etag), ';' ORDER BY company_number) FROM insolvency_cases),
       (SELECT string_agg(concat_ws(',', officer_id, name, disqualifications::text), ';' ORDER BY officer_id) FROM disqualified_officers))) AS digest,
       (SELECT sum(applied)::int FROM ch_stream_positions) AS applied`,
    [numbers],
  );
  return `${row.digest}/${row.applied}`;
}
