import type { DataSource, EntityManager } from 'typeorm';

/** Each stream's position, lag and throughput, as `credence-admin status` and readiness show them. */
export interface StreamState {
  stream: string;
  timepoint: number | null;
  /** When the newest applied event was published at Companies House. */
  last_published_at: string | null;
  /** Seconds from that to now: how far behind the register the database is on this stream. */
  lag_seconds: number | null;
  events_per_second: number | null;
  applied: number;
  duplicates: number;
  skipped: number;
  connected: boolean;
  /** The process consuming it (host:pid), while its lease is live. */
  consumer: string | null;
  last_error: string | null;
}

export interface StreamStatus {
  /** ok: every stream consumed and connected; degraded: one is not; off: nothing consumes them. */
  status: 'ok' | 'degraded' | 'off';
  streams: StreamState[];
  /** Companies waiting for a REST re-fetch after a 416. */
  resync_queued: number;
}

export async function readStreamStatus(db: DataSource | EntityManager): Promise<StreamStatus> {
  const rows: Record<string, unknown>[] = await db.query(
    `SELECT stream, timepoint::text AS timepoint, last_published_at, applied::text AS applied, duplicates::text AS duplicates,
            skipped::text AS skipped, events_per_second, connected_at IS NOT NULL AND lease_until > now() AS connected,
            CASE WHEN lease_until > now() THEN owner END AS consumer, last_error,
            EXTRACT(EPOCH FROM now() - last_published_at)::float8 AS lag
       FROM ch_stream_positions ORDER BY stream`,
  );
  const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM ch_stream_resync`);
  const streams: StreamState[] = rows.map((r) => ({
    stream: r.stream as string,
    timepoint: r.timepoint === null ? null : Number(r.timepoint),
    last_published_at: r.last_published_at ? new Date(r.last_published_at as string).toISOString() : null,
    lag_seconds: r.lag === null ? null : Math.max(0, Math.round(Number(r.lag))),
    events_per_second: r.events_per_second === null ? null : Math.round(Number(r.events_per_second) * 10) / 10,
    applied: Number(r.applied),
    duplicates: Number(r.duplicates),
    skipped: Number(r.skipped),
    connected: Boolean(r.connected),
    consumer: (r.consumer as string | null) ?? null,
    last_error: (r.last_error as string | null) ?? null,
  }));
  const consumed = streams.filter((s) => s.consumer !== null);
  const status =
    consumed.length === 0 ? 'off' : consumed.length === streams.length && streams.every((s) => s.connected) ? 'ok' : 'degraded';
  return { status, streams, resync_queued: count as number };
}

function lag(seconds: number | null): string {
  if (seconds === null) return '-';
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

/** The status as a table for a terminal. */
export function describeStreamStatus(status: StreamStatus): string {
  if (status.streams.length === 0)
    return 'Companies House streams: never consumed (set CH_STREAM_KEY, or run `credence-admin sync stream`).';
  const header = ['stream', 'timepoint', 'lag', 'events/s', 'applied', 'duplicates', 'skipped', 'consumer'];
  const rows = status.streams.map((s) => [
    s.stream,
    s.timepoint === null ? '-' : String(s.timepoint),
    lag(s.lag_seconds),
    s.events_per_second === null ? '-' : String(s.events_per_second),
    s.applied.toLocaleString('en-GB'),
    s.duplicates.toLocaleString('en-GB'),
    s.skipped.toLocaleString('en-GB'),
    s.consumer ? `${s.consumer}${s.connected ? '' : ' (reconnecting)'}` : 'none',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  const errors = status.streams.filter((s) => s.last_error).map((s) => `  ${s.stream}: ${s.last_error}`);
  return [
    `Companies House streams: ${status.status}`,
    line(header),
    ...rows.map(line),
    ...(errors.length ? ['Last errors:', ...errors] : []),
    ...(status.resync_queued ? [`${status.resync_queued} companies wait for a REST re-fetch after a 416 (needs CH_API_KEY).`] : []),
  ].join('\n');
}
