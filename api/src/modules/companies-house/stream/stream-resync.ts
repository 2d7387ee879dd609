import type { DataSource } from 'typeorm';
import type { Clock } from '../../../core/clock.js';
import { CompanyGroup, isDataError, writeCompanyGroup } from '../import/ch-api.writer.js';
import { MappingError } from '../../../platform/register/ch-api.mapper.js';
import { SummaryBuilder } from '../../../core/import/importer.js';
import { ChApiAuthError, ChApiHttpError, type ChApiClient } from '../sync/ch-api-client.js';
import { fetchCompany } from '../sync/sync.js';
import type { StreamName } from '../../../platform/register/stream-event.js';

/**
 * A 416 means the stream no longer holds the events after our timepoint: what they changed is
 * lost to the stream. The companies it could have changed are the ones the database holds from
 * Companies House (sample companies are not at Companies House), so those are queued in
 * ch_stream_resync, oldest-updated first and at most RESYNC_LIMIT, and fetched again whole through
 * the REST API (the `sync` client: its rate limiter paces them to the published 600 per 5 minutes),
 * each written with its queue row deleted in one transaction.
 */

export const RESYNC_LIMIT = 10_000;

/** Queues the held companies and forgets the stream's timepoint (it reconnects for the newest events). Answers how many were queued. */
export async function queueGap(dataSource: DataSource, stream: StreamName, reason: string): Promise<number> {
  return dataSource.transaction(async (manager) => {
    const [{ count }] = await manager.query(
      `WITH queued AS (
         INSERT INTO ch_stream_resync (company_number, stream, reason)
         SELECT company_number, $1, $2 FROM companies WHERE source <> 'sample' ORDER BY updated_at, company_number LIMIT $3
         ON CONFLICT (company_number) DO NOTHING RETURNING 1)
       SELECT count(*)::int AS count FROM queued`,
      [stream, reason.slice(0, 500), RESYNC_LIMIT],
    );
    await manager.query(`UPDATE ch_stream_positions SET timepoint = NULL, last_error = $2 WHERE stream = $1`, [
      stream,
      reason.slice(0, 500),
    ]);
    return count as number;
  });
}

export interface ResyncOptions {
  dataSource: DataSource;
  client: ChApiClient;
  clock: Clock;
  signal: AbortSignal;
  /** How often an empty queue is looked at again. */
  pollMs?: number;
  onInfo?: (message: string) => void;
}

const MAX_ATTEMPTS = 5;

/** Works through the queue until the signal aborts. Throws ChApiAuthError when the REST key is refused. */
export async function runResync(options: ResyncOptions): Promise<void> {
  const { dataSource, signal } = options;
  while (!signal.aborted) {
    const queued: { company_number: string }[] = await dataSource.query(
      `SELECT company_number FROM ch_stream_resync ORDER BY attempts, queued_at, company_number LIMIT 50`,
    );
    if (queued.length === 0) {
      await options.clock.sleep(options.pollMs ?? 30_000, signal).catch(() => undefined);
      continue;
    }
    for (const { company_number: number } of queued) {
      if (signal.aborted) return;
      await resyncOne(options, number);
    }
  }
}

async function resyncOne(options: ResyncOptions, number: string): Promise<void> {
  const { dataSource } = options;
  const summary = new SummaryBuilder('stream re-fetch', [], {
    progress: () => undefined,
    bad: (row) => options.onInfo?.(`re-fetch ${number}: ${row.reason}`),
    info: (line) => options.onInfo?.(line),
  });
  let group: CompanyGroup | null;
  try {
    group = await fetchCompany(options.client, number, summary);
  } catch (error) {
    if (options.signal.aborted) return;
    if (error instanceof ChApiAuthError) throw error;
    if (!(error instanceof ChApiHttpError || error instanceof MappingError)) throw error;
    await dataSource.query(`UPDATE ch_stream_resync SET attempts = attempts + 1, last_error = $2 WHERE company_number = $1`, [
      number,
      error.message.slice(0, 500),
    ]);
    await dataSource.query(`DELETE FROM ch_stream_resync WHERE company_number = $1 AND attempts >= $2`, [number, MAX_ATTEMPTS]);
    return;
  }
  try {
    await dataSource.transaction(async (manager) => {
      if (group) await writeCompanyGroup(manager, group, new Set());
      await manager.query(`DELETE FROM ch_stream_resync WHERE company_number = $1`, [number]);
    });
  } catch (error) {
    if (!isDataError(error)) throw error;
    await dataSource.query(`DELETE FROM ch_stream_resync WHERE company_number = $1`, [number]);
    options.onInfo?.(`re-fetch ${number}: not stored: ${(error as Error).message}`);
  }
}
