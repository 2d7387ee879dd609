/**
 * Feeding the tests' stream server's events through the real stream consumer, with the alerts
 * observer (watchlists e2e suites): a day built event by event, and a run to its last timepoint.
 */
import type { DataSource } from 'typeorm';
import type { Clock } from '../../src/core/clock.js';
import { StreamConsumer } from '../../src/modules/companies-house/stream/stream-consumer.js';
import { HttpStreamSource } from '../../src/modules/companies-house/stream/http-stream-source.js';
import { STREAM_NAMES, type StreamName } from '../../src/platform/register/stream-event.js';
import { alertsOfEvents } from '../../src/modules/watchlists/alerts/stream-alerts.js';
import { STREAM_KEY, type Day } from './ch-stream-server.js';

export const fastClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => new Promise((r) => (signal?.aborted ? r() : setTimeout(r, Math.min(ms, 5)))),
};

/** An empty day and `emit`, which adds one changed event from `tp` on, each line sent twice (the service's duplicates). */
export function dayBuilder(tp = 5000): { day: Day; emit: (stream: StreamName, uri: string, data: Record<string, unknown>) => void } {
  const day = Object.fromEntries(STREAM_NAMES.map((s) => [s, []])) as unknown as Day;
  const at = (s: number) => `2026-11-28T09:${String(s).padStart(2, '0')}:00`;
  const emit = (stream: StreamName, uri: string, data: Record<string, unknown>) => {
    tp += 1;
    const line = JSON.stringify({
      resource_kind: 'x',
      resource_uri: uri,
      resource_id: uri.split('/').pop(),
      data,
      event: { timepoint: tp, published_at: at(tp % 60), type: 'changed' },
    });
    day[stream].push({ timepoint: tp, line }, { timepoint: tp, line });
  };
  return { day, emit };
}

/** Runs the consumer (observing alerts) over the server at `url` until every stream of `events` reached its last timepoint. */
export async function consume(db: DataSource, url: string, events: Day): Promise<void> {
  const controller = new AbortController();
  const consumer = new StreamConsumer({
    dataSource: db,
    source: new HttpStreamSource({ baseUrl: url, key: STREAM_KEY }),
    clock: fastClock,
    flushMs: 20,
    leaseMs: 2000,
    observe: alertsOfEvents,
  });
  const done = consumer.run(controller.signal);
  const want = Object.fromEntries(STREAM_NAMES.filter((s) => events[s].length).map((s) => [s, events[s].at(-1)!.timepoint]));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows: { stream: string; timepoint: string | null }[] = await db.query(
      `SELECT stream, timepoint::text AS timepoint FROM ch_stream_positions`,
    );
    if (Object.entries(want).every(([s, t]) => rows.some((r) => r.stream === s && Number(r.timepoint) === t))) break;
    if (Date.now() > deadline) throw new Error(`the consumer did not reach the end of the day: ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  controller.abort();
  await done;
}
