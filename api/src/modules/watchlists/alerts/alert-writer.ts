import type { EntityManager } from 'typeorm';
import { alertSourceUrl, type AlertKind } from '@credence/shared';
import { ADVISORY_LOCKS } from '../../../core/database/advisory-locks.js';

/** One change on the register, before it is fanned out to the users watching its company. */
export interface Change {
  company_number: string;
  kind: AlertKind;
  summary: string;
  published_at: string | null;
  resource_uri: string | null;
  /** Names the change: the same change found twice (a duplicate event, a re-run job) raises one alert per user. */
  dedupe_key: string;
}

/**
 * Writes the alerts of these changes for every user whose list watches the company and raises the
 * kind (the user's oldest such list is named), in the caller's transaction. A change a user was
 * already alerted to is skipped. Answers the alerts written.
 *
 * Writers take turns from their insert to their commit (a transaction-scoped advisory lock), so
 * that alerts become visible in the order of their ids: the followers (AlertsService) read what is
 * above the last id they saw, and a smaller id committed later would never reach them.
 */
export async function writeAlerts(manager: EntityManager, changes: Change[]): Promise<number> {
  if (changes.length === 0) return 0;
  const rows = changes.map((c) => ({ ...c, source_url: alertSourceUrl(c.company_number, c.resource_uri) }));
  await manager.query(`SELECT pg_advisory_xact_lock($1)`, [ADVISORY_LOCKS.alertsOrder]);
  const [{ count }] = await manager.query(
    `WITH c AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS c(company_number text, kind text, summary text, published_at timestamptz, resource_uri text, source_url text, dedupe_key text)
     ), fan AS (
       SELECT DISTINCT ON (w.user_id, c.dedupe_key) w.user_id, w.id AS watchlist_id, c.*
         FROM c JOIN watchlist_companies wc ON wc.company_number = c.company_number
                JOIN watchlists w ON w.id = wc.watchlist_id AND c.kind = ANY(w.rules)
        ORDER BY w.user_id, c.dedupe_key, w.created_at
     ), written AS (
       INSERT INTO alerts (user_id, watchlist_id, company_number, kind, summary, published_at, source_url, resource_uri, dedupe_key)
       SELECT user_id, watchlist_id, company_number, kind, summary, published_at, source_url, resource_uri, dedupe_key FROM fan
       ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING 1
     ) SELECT count(*)::int AS count FROM written`,
    [JSON.stringify(rows)],
  );
  return count;
}
