import { hostname } from 'node:os';
import type { DataSource, EntityManager } from 'typeorm';
import { systemClock, type Clock } from '../../../core/clock.js';
import { EventError, parseEvent, STREAM_NAMES, type StreamEvent, type StreamName } from '../../../platform/register/stream-event.js';
import { StreamRefused, type StreamSource } from './stream-source.js';
import { applyEvents, StreamLeaseLost, type BatchResult } from './stream-writer.js';
import { queueGap, runResync } from './stream-resync.js';
import type { ChApiClient } from '../sync/ch-api-client.js';

/**
 * Consumes Companies House streams into the database, one connection per stream (seven of the
 * ten a key may hold). Each stream: claim it (a lease in ch_stream_positions, so that one process
 * consumes it however many run), connect from the stored timepoint, gather events into batches
 * (up to `batchSize`, or whatever came within `flushMs`), apply each batch and move the position in
 * one transaction (stream-writer.ts). One transaction at a time per stream: events that arrive while
 * one is under way join the next batch (however long it has waited), so a slow database gets fewer,
 * larger transactions instead of a queue of small ones. Reconnects with backoff after a cut, a 429 (its Retry-After
 * honoured), a 5xx or `idleMs` without even a heartbeat; after a 416 (the timepoint is older than the
 * stream keeps) it queues the held companies for a REST re-fetch (stream-resync.ts) and carries on
 * from the newest events. A refused key (401) stops the consumer.
 */

export interface ConsumerOptions {
  dataSource: DataSource;
  source: StreamSource;
  streams?: StreamName[];
  /** Who holds the leases; default host:pid. */
  owner?: string;
  batchSize?: number;
  flushMs?: number;
  /** No line (not even a heartbeat) for this long: the connection is taken for dead. Default 90 s (3 heartbeats). */
  idleMs?: number;
  leaseMs?: number;
  /** Backoff after a failure: doubling from minBackoffMs to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  clock?: Clock;
  onInfo?: (message: string) => void;
  /** An event that could not be applied: reported, and the stream carries on. */
  onBad?: (stream: StreamName, where: string, reason: string) => void;
  /** Told after each committed batch (tests, the admin command's progress). */
  onBatch?: (stream: StreamName, result: BatchResult, events: StreamEvent[]) => void;
  /** The REST client that re-fetches the companies a 416 queued (null: they wait for CH_API_KEY). */
  resync?: { client: ChApiClient; pollMs?: number } | null;
  /**
   * Called inside each batch's transaction before its events are applied (the database still holds
   * what they change): the watchlists' alerts are written here, so they commit with the rows.
   */
  observe?: (manager: EntityManager, stream: StreamName, events: StreamEvent[]) => Promise<unknown>;
  /** Told after a batch committed, with what `observe` answered for it (the alerts written: followers are woken). */
  committed?: (stream: StreamName, observed: unknown) => void;
  /** Tests: called inside the batch's transaction before it commits (throw to make it roll back). */
  beforeCommit?: (stream: StreamName, events: StreamEvent[]) => void | Promise<void>;
}

/** The key was refused: no stream can work until it is changed. */
export class StreamKeyRefused extends Error {}

interface Live {
  batch: StreamEvent[];
  chain: Promise<void>;
  failed: Error | null;
  timer: NodeJS.Timeout | null;
  /** A flush waits on the chain: it takes what `batch` holds when its turn comes. */
  queued: boolean;
  rate: number;
  lastFlush: number;
}

export class StreamConsumer {
  readonly owner: string;
  private readonly clock: Clock;
  private readonly info: (message: string) => void;

  constructor(private readonly options: ConsumerOptions) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}`;
    this.clock = options.clock ?? systemClock;
    this.info = options.onInfo ?? (() => undefined);
  }

  /** Runs until the signal aborts (resolves) or the key is refused (rejects with StreamKeyRefused). */
  async run(signal: AbortSignal): Promise<void> {
    const streams = this.options.streams ?? STREAM_NAMES;
    await this.options.dataSource.query(
      `INSERT INTO ch_stream_positions (stream) SELECT unnest($1::text[]) ON CONFLICT (stream) DO NOTHING`,
      [streams],
    );
    const stop = new AbortController();
    const both = AbortSignal.any([signal, stop.signal]);
    const resync = this.options.resync;
    const refetching = resync
      ? runResync({
          dataSource: this.options.dataSource,
          client: resync.client,
          clock: this.clock,
          signal: both,
          pollMs: resync.pollMs,
          onInfo: this.info,
        }).catch((error) => this.info(`re-fetching companies after a 416 stopped: ${(error as Error).message}`))
      : Promise.resolve();
    try {
      await Promise.all(
        streams.map((stream) =>
          this.consume(stream, both).catch((error) => {
            stop.abort(error);
            throw error;
          }),
        ),
      );
    } finally {
      stop.abort();
      await refetching;
      await this.options.dataSource
        .query(`UPDATE ch_stream_positions SET owner = NULL, lease_until = NULL, connected_at = NULL WHERE owner = $1`, [this.owner])
        .catch(() => undefined);
    }
  }

  private async consume(stream: StreamName, signal: AbortSignal): Promise<void> {
    let failures = 0;
    const backoff = async (seconds: number | null, why: string) => {
      failures++;
      const min = this.options.minBackoffMs ?? 1000;
      const wait = Math.max((seconds ?? 0) * 1000, Math.min(this.options.maxBackoffMs ?? 60_000, min * 2 ** (failures - 1)));
      this.info(`${stream}: ${why}; connecting again in ${(wait / 1000).toFixed(1)} s`);
      await this.note(stream, why);
      await this.clock.sleep(wait, signal).catch(() => undefined);
    };
    while (!signal.aborted) {
      const timepoint = await this.claim(stream).catch(async (error) => {
        await backoff(null, `the database: ${(error as Error).message}`);
        return undefined;
      });
      if (timepoint === undefined) continue;
      if (timepoint === false) {
        await this.clock.sleep(this.options.leaseMs ?? 90_000, signal).catch(() => undefined);
        continue;
      }
      try {
        const received = await this.connection(stream, timepoint, signal);
        if (received > 0) failures = 0;
        if (!signal.aborted) await backoff(null, received > 0 ? 'the connection ended' : 'the connection ended before any event');
      } catch (error) {
        if (signal.aborted) break;
        if (error instanceof StreamRefused) {
          if (error.reason === 'unauthorised') throw new StreamKeyRefused(error.message);
          if (error.reason === 'timepoint-too-old') {
            const queued = await queueGap(this.options.dataSource, stream, error.message);
            this.info(
              `${stream}: ${error.message}; carrying on from the newest events, ${queued} held companies queued for a REST re-fetch`,
            );
            failures = 0;
            continue;
          }
          await backoff(error.retryAfter, error.message);
        } else if (error instanceof StreamLeaseLost) {
          this.info(`${stream}: ${error.message}; leaving it to that process`);
        } else {
          const cause = (error as { cause?: Error }).cause?.message;
          await backoff(null, `${(error as Error).message}${cause ? ` (${cause})` : ''}`);
        }
      }
    }
  }

  /** Takes the stream's lease: its stored timepoint (null: none), or false when another process holds it. */
  private async claim(stream: StreamName): Promise<number | null | false> {
    const answer = await this.options.dataSource.query(
      `UPDATE ch_stream_positions SET owner = $2, lease_until = now() + make_interval(secs => $3), last_error = NULL
        WHERE stream = $1 AND (owner IS NULL OR owner = $2 OR lease_until IS NULL OR lease_until < now())
        RETURNING timepoint::text AS timepoint`,
      [stream, this.owner, (this.options.leaseMs ?? 90_000) / 1000],
    );
    // TypeORM answers an UPDATE ... RETURNING as [rows, affected].
    const rows: { timepoint: string | null }[] = Array.isArray(answer[0]) ? answer[0] : answer;
    if (rows.length === 0) return false;
    return rows[0].timepoint === null ? null : Number(rows[0].timepoint);
  }

  private async note(stream: StreamName, error: string | null): Promise<void> {
    await this.options.dataSource
      .query(`UPDATE ch_stream_positions SET last_error = $2, connected_at = NULL WHERE stream = $1 AND owner = $3`, [
        stream,
        error?.slice(0, 500) ?? null,
        this.owner,
      ])
      .catch(() => undefined);
  }

  /** One connection: reads until it ends; answers the events received. */
  private async connection(stream: StreamName, timepoint: number | null, outer: AbortSignal): Promise<number> {
    const connection = new AbortController();
    const signal = AbortSignal.any([outer, connection.signal]);
    const lines = await this.options.source.open(stream, timepoint, signal);
    await this.options.dataSource.query(`UPDATE ch_stream_positions SET connected_at = now(), heartbeat_at = now() WHERE stream = $1`, [
      stream,
    ]);
    const live: Live = {
      batch: [],
      chain: Promise.resolve(),
      failed: null,
      timer: null,
      queued: false,
      rate: 0,
      lastFlush: this.clock.now(),
    };
    const idleMs = this.options.idleMs ?? 90_000;
    let cut: Error | null = null;
    const idle: NodeJS.Timeout = setTimeout(() => connection.abort(new Error('idle')), idleMs);
    let received = 0;
    let renewed = this.clock.now();
    const flush = () => {
      if (live.timer) clearTimeout(live.timer);
      live.timer = null;
      if (live.batch.length === 0 || live.queued) return live.chain;
      live.queued = true;
      live.chain = live.chain.then(async () => {
        live.queued = false;
        const events = live.batch;
        live.batch = [];
        if (live.failed || events.length === 0) return;
        try {
          await this.apply(stream, events, live);
        } catch (error) {
          live.failed = error as Error;
          connection.abort(error);
        }
      });
      return live.chain;
    };
    try {
      for await (const line of lines) {
        idle.refresh();
        if (live.failed) break;
        if (line.trim() === '') {
          if (this.clock.now() - renewed > 15_000) {
            renewed = this.clock.now();
            await this.renew(stream);
          }
          continue;
        }
        let event: StreamEvent;
        try {
          event = parseEvent(stream, line);
        } catch (error) {
          if (!(error instanceof EventError)) throw error;
          this.options.onBad?.(stream, line.slice(0, 120), error.message);
          continue;
        }
        received++;
        live.batch.push(event);
        if (live.batch.length >= (this.options.batchSize ?? 1000)) await flush();
        else live.timer ??= setTimeout(() => void flush(), this.options.flushMs ?? 200);
      }
    } catch (error) {
      if (connection.signal.reason instanceof Error && connection.signal.reason.message === 'idle' && !outer.aborted)
        cut = new Error(`no heartbeat for ${idleMs / 1000} s`, { cause: error });
      else if (!live.failed && !outer.aborted) cut = error as Error;
    } finally {
      clearTimeout(idle);
    }
    // What arrived whole before the end or a cut is applied (before the next connection starts);
    // a batch under way when a stop was asked finishes, the rest waits for the next run.
    if (!outer.aborted && !live.failed) await flush();
    else if (live.timer) clearTimeout(live.timer);
    await live.chain;
    if (live.failed) throw live.failed;
    if (cut) throw cut;
    return received;
  }

  private async apply(stream: StreamName, events: StreamEvent[], live: Live): Promise<void> {
    // Events a second over the last few seconds (an exponential average, weighted by the time since the last batch).
    const now = this.clock.now();
    const seconds = Math.max((now - live.lastFlush) / 1000, 0.001);
    const weight = Math.min(1, seconds / 5);
    const rate = live.rate * (1 - weight) + (events.length / seconds) * weight;
    let observed: unknown;
    const result = await this.options.dataSource.transaction(async (manager) => {
      observed = await this.options.observe?.(manager, stream, events);
      const applied = await applyEvents(manager, stream, this.owner, events, { rate, leaseMs: this.options.leaseMs ?? 90_000 });
      await this.options.beforeCommit?.(stream, events);
      return applied;
    });
    this.options.committed?.(stream, observed);
    live.rate = rate;
    live.lastFlush = now;
    for (const problem of result.problems)
      this.options.onBad?.(stream, `timepoint ${problem.timepoint} ${problem.resourceUri}`, problem.reason);
    this.options.onBatch?.(stream, result, events);
  }

  private async renew(stream: StreamName): Promise<void> {
    await this.options.dataSource.query(
      `UPDATE ch_stream_positions SET heartbeat_at = now(), lease_until = now() + make_interval(secs => $3) WHERE stream = $1 AND owner = $2`,
      [stream, this.owner, (this.options.leaseMs ?? 90_000) / 1000],
    );
  }
}
