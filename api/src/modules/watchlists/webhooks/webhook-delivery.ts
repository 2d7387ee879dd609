import { createHmac } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Clock } from '../../../core/clock.js';
import { postWebhook, TargetRefused, WEBHOOK_TIMEOUT_MS, type TargetPolicy } from './webhook-target.js';

/** Retries double from 30 s up to an hour apart, for 24 hours from the first attempt. */
export const WEBHOOK_RETRY = { firstMs: 30_000, maxMs: 3_600_000, forMs: 24 * 3_600_000, timeoutMs: WEBHOOK_TIMEOUT_MS } as const;

/**
 * The signature a receiver checks: HMAC-SHA256 with the webhook's secret over `<timestamp>.<body>`,
 * hex, sent as `X-Credence-Signature: sha256=<hex>` beside `X-Credence-Timestamp: <unix seconds>`
 * (a receiver refuses old timestamps so a captured request cannot be replayed).
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * One round of webhook delivery (each post checks the receiver's address again: webhook-target.ts): queues every alert of each webhook's owner raised since the
 * webhook was made (once: one row per alert and webhook), then posts each delivery that is due.
 * A 2xx answer delivers it; anything else (or no answer) is retried with backoff until 24 hours
 * have passed, then given up. Time comes from `clock` (tests move it on). Answers what it did.
 */
export async function deliverWebhooks(
  db: DataSource,
  options: { clock: Clock; policy: TargetPolicy; limit?: number },
): Promise<{ delivered: number; failed: number; gaveUp: number }> {
  const now = options.clock.now();
  await db.query(
    `INSERT INTO webhook_deliveries (webhook_id, alert_id, payload, first_at, next_at)
     SELECT w.id, a.id,
            jsonb_build_object('type', 'alert', 'id', a.id::text, 'alert', jsonb_build_object(
              'id', a.id, 'kind', a.kind, 'company_number', a.company_number, 'summary', a.summary,
              'published_at', a.published_at, 'source_url', a.source_url, 'resource_uri', a.resource_uri, 'via', a.via,
              'created_at', a.created_at)),
            $1::timestamptz, $1::timestamptz
       FROM webhooks w JOIN alerts a ON a.user_id = w.user_id AND a.created_at >= w.created_at
     ON CONFLICT (webhook_id, alert_id) DO NOTHING`,
    [iso(now)],
  );
  // Claimed (next_at moved past the request's timeout) so that two processes never post the same delivery at once.
  const claimed = await db.query(
    `UPDATE webhook_deliveries d SET next_at = $3
       FROM webhooks w
      WHERE w.id = d.webhook_id AND d.id IN (
        SELECT id FROM webhook_deliveries WHERE delivered_at IS NULL AND given_up_at IS NULL AND next_at <= $1
         ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING d.id::text AS id, w.url, w.secret, d.payload, d.attempts, d.first_at`,
    [iso(now), options.limit ?? 500, iso(now + 2 * WEBHOOK_RETRY.timeoutMs)],
  );
  // TypeORM answers an UPDATE ... RETURNING as [rows, affected].
  const due: { id: string; url: string; secret: string; payload: unknown; attempts: number; first_at: Date }[] = Array.isArray(claimed[0])
    ? claimed[0]
    : claimed;
  const result = { delivered: 0, failed: 0, gaveUp: 0 };
  for (const d of due) {
    const body = JSON.stringify(d.payload);
    const timestamp = Math.floor(now / 1000);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const headers = {
        'content-type': 'application/json',
        'x-credence-timestamp': String(timestamp),
        'x-credence-signature': webhookSignature(d.secret, timestamp, body),
        'x-credence-delivery': d.id,
      };
      status = await postWebhook(d.url, headers, body, options.policy);
    } catch (e) {
      error = (e instanceof TargetRefused ? `refused: the url ${e.message}` : (e as Error).message).slice(0, 300);
    }
    if (status !== null && status >= 200 && status < 300) {
      result.delivered++;
      await db.query(
        `UPDATE webhook_deliveries SET delivered_at = $2, attempts = attempts + 1, last_status = $3, last_error = NULL WHERE id = $1`,
        [d.id, iso(now), status],
      );
      continue;
    }
    const wait = Math.min(WEBHOOK_RETRY.maxMs, WEBHOOK_RETRY.firstMs * 2 ** d.attempts);
    const over = now + wait - new Date(d.first_at).getTime() > WEBHOOK_RETRY.forMs;
    if (over) result.gaveUp++;
    else result.failed++;
    await db.query(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, last_status = $2, last_error = $3, next_at = $4, given_up_at = $5 WHERE id = $1`,
      [d.id, status, error ?? answered(status), iso(now + wait), over ? iso(now) : null],
    );
  }
  return result;
}

function answered(status: number | null): string {
  return status !== null && status >= 300 && status < 400 ? `answered ${status} (redirects are not followed)` : `answered ${status}`;
}
