import type { EntityManager } from 'typeorm';
import { alertSourceUrl, watchedVia, type AlertKind } from '@credence/shared';
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
  /** The watched lenders a charge names (their keys), when lists watch them. */
  lender_keys?: string[];
  /** The person an appointment is of (their officer id), or a PSC entry is of (their person key). */
  officer_id?: string;
  person_key?: string;
}

/**
 * Writes the alerts of these changes for every user whose list watches the company, or a lender
 * the change's charge names, or the person it is about, and raises the kind, in the caller's
 * transaction: one alert per user and change however many ways it is watched (the company itself
 * first, then a lender, then a person, each the user's oldest such list; `via` says which when
 * not the company). A change a user was already alerted to is skipped. Answers the alerts written.
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
         AS c(company_number text, kind text, summary text, published_at timestamptz, resource_uri text, source_url text, dedupe_key text,
              lender_keys text[], officer_id text, person_key text)
     ), fan AS (
       SELECT DISTINCT ON (w.user_id, c.dedupe_key) w.user_id, w.id AS watchlist_id, m.via, c.*
         FROM c JOIN LATERAL (
                  SELECT wc.watchlist_id, NULL::text AS via, 0 AS way FROM watchlist_companies wc WHERE wc.company_number = c.company_number
                  UNION ALL
                  SELECT wl.watchlist_id, $2 || wl.lender_name, 1 FROM watchlist_lenders wl WHERE wl.lender_key = ANY(c.lender_keys)
                  UNION ALL
                  SELECT wp.watchlist_id, $3 || wp.name, 2 FROM watchlist_people wp
                   WHERE wp.officer_id = c.officer_id OR wp.person_key = c.person_key
                ) m ON true
                JOIN watchlists w ON w.id = m.watchlist_id AND c.kind = ANY(w.rules)
        ORDER BY w.user_id, c.dedupe_key, m.way, w.created_at
     ), written AS (
       INSERT INTO alerts (user_id, watchlist_id, company_number, kind, summary, published_at, source_url, resource_uri, dedupe_key, via)
       SELECT user_id, watchlist_id, company_number, kind, summary, published_at, source_url, resource_uri, dedupe_key, via FROM fan
       ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING 1
     ) SELECT count(*)::int AS count FROM written`,
    [JSON.stringify(rows), watchedVia.lender(''), watchedVia.person('')],
  );
  return count;
}
