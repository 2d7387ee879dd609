import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../../../core/clock.js';
import type { MailMessage } from '../../../core/mail/mail.service.js';
import { alertOf, SELECT } from '../alerts.service.js';
import { alertMail } from './alert-mail-body.js';
import { UNSUBSCRIBE_PATH, unsubscribeToken } from './unsubscribe-token.js';

export interface AlertMailerOptions {
  clock: Clock;
  /** Immediate lists: a list's alerts are mailed once its oldest unmailed one is this old, so a burst is one mail. */
  windowMs: number;
  /** Digest lists: mailed once a day at this hour (UTC), with the alerts raised before it. */
  digestHour: number;
  publicUrl: string;
  secret: string;
  /** Queues the mail (MailService.send): called inside the transaction that marks the alerts mailed. */
  send: (message: MailMessage) => Promise<unknown>;
}

/** At most this many alerts are claimed for one mail; more wait for the next round. */
const CLAIM_LIMIT = 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The latest `hour`:00 UTC at or before `now`: a digest takes the alerts raised before it. */
export function lastDigestAt(now: number, hour: number): number {
  const day = new Date(now);
  const today = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour);
  return today <= now ? today : today - 86_400_000;
}

interface DueList {
  id: string;
  name: string;
  email: 'immediate' | 'digest';
  unsubscribe_token: string;
  address: string;
}

/**
 * One round of alert e-mail (issue 29 section 5). Alerts of lists whose e-mail is off (or deleted)
 * are settled unmailed. Each immediate list whose oldest unmailed alert is `windowMs` old gets one
 * mail with all its unmailed alerts; each digest list gets one with the alerts raised before the
 * last digest hour. Only committed alerts are seen, so a rolled-back transaction mails nothing;
 * each alert is claimed (marked) in the transaction that queues its mail, once, whichever process
 * runs the round. Time comes from `clock`. Answers the mails queued and the alerts in them.
 */
export async function mailAlerts(db: DataSource, o: AlertMailerOptions): Promise<{ mails: number; alerts: number }> {
  const now = o.clock.now();
  await db.query(
    `UPDATE alerts a SET mail_done_at = $1 WHERE a.mail_done_at IS NULL
        AND (a.watchlist_id IS NULL OR EXISTS (
              SELECT 1 FROM watchlists w JOIN users u ON u.id = w.user_id
               WHERE w.id = a.watchlist_id AND (w.email = 'off' OR u.disabled_at IS NOT NULL)))`,
    [iso(now)],
  );
  const digestBefore = lastDigestAt(now, o.digestHour);
  const due: DueList[] = await db.query(
    `SELECT w.id, w.name, w.email, w.unsubscribe_token, u.email AS address
       FROM watchlists w JOIN users u ON u.id = w.user_id
      WHERE w.email <> 'off' AND EXISTS (
            SELECT 1 FROM alerts a WHERE a.watchlist_id = w.id AND a.mail_done_at IS NULL
               AND a.created_at < CASE WHEN w.email = 'immediate' THEN $1::timestamptz ELSE $2::timestamptz END)`,
    [iso(now - o.windowMs), iso(digestBefore)],
  );
  const result = { mails: 0, alerts: 0 };
  for (const list of due) {
    const before = list.email === 'digest' ? digestBefore : now + 1;
    const n = await db.transaction((m) => mailList(m, list, before, now, o));
    if (n > 0) {
      result.mails++;
      result.alerts += n;
    }
  }
  return result;
}

async function mailList(m: EntityManager, list: DueList, before: number, now: number, o: AlertMailerOptions): Promise<number> {
  const claimed = await m.query(
    `UPDATE alerts SET mail_done_at = $3 WHERE id IN (
       SELECT id FROM alerts WHERE watchlist_id = $1 AND mail_done_at IS NULL AND created_at < $2
        ORDER BY id LIMIT ${CLAIM_LIMIT} FOR UPDATE SKIP LOCKED) RETURNING id::text AS id`,
    [list.id, iso(before), iso(now)],
  );
  // TypeORM answers an UPDATE ... RETURNING as [rows, affected].
  const ids: string[] = (Array.isArray(claimed[0]) ? claimed[0] : claimed).map((r: { id: string }) => r.id);
  if (ids.length === 0) return 0;
  const rows = await m.query(`${SELECT} WHERE a.id = ANY($1::bigint[]) ORDER BY a.id`, [ids]);
  const token = encodeURIComponent(unsubscribeToken(o.secret, list.id, list.unsubscribe_token));
  const mail = alertMail(
    rows.map(alertOf),
    { name: list.name, digest: list.email === 'digest' },
    { unsubscribe: `${o.publicUrl}/api/${UNSUBSCRIBE_PATH}?token=${token}`, app: `${o.publicUrl}/` },
  );
  await o.send({ to: list.address, ...mail });
  return ids.length;
}
