import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { parseSince, SINCE_HELP, type Alert } from '@credence/shared';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { systemClock } from '../../core/clock.js';
import { REDIS } from '../../core/redis/redis.module.js';
import { alertsChannel, onAlertsAnnounced } from './alerts/alert-signal.js';
import { raiseDatedAlerts } from './alerts/dated-alerts.js';
import { deliverWebhooks } from './webhooks/webhook-delivery.js';
import { targetPolicy } from './webhooks/webhook-target.js';

/**
 * How often the shared poller looks for new alerts while someone listens, should no announcement
 * come (alerts-signal.ts: the consumer's commits wake it at once, in this process or through Redis;
 * the poll catches writers that announce nothing, such as `credence-admin sync stream` without Redis).
 */
export const ALERT_POLL_MS = 2_000;
const DATED_EVERY_MS = 3_600_000;

type Listener = (alert: Alert) => void;

/** Each user's alerts: read, marked read, followed live (one reader for every listener, woken by commits), and the hourly dated-alerts job. */
@Injectable()
export class AlertsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Alerts');
  private readonly listeners = new Map<string, Set<Listener>>();
  private poller: NodeJS.Timeout | null = null;
  private lastId: number | null = null;
  private polling = false;
  /** Woken while a read was under way: read again when it ends. */
  private again = false;
  private unannounce: (() => void) | null = null;
  private subscriber: Redis | null = null;
  private dated: NodeJS.Timeout | null = null;
  private hooks: NodeJS.Timeout | null = null;
  private delivering = false;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(REDIS) private readonly redis: Redis | null = null,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runJobs) return;
    const run = () =>
      void raiseDatedAlerts(this.db, new Date().toISOString().slice(0, 10))
        .then((n) => {
          if (n === 0) return;
          this.logger.log(`${n} dated alerts raised (overdue filings, identity verification)`);
          this.wake();
        })
        .catch((error: Error) => this.logger.warn(`dated alerts: ${error.message}`));
    this.dated = setInterval(run, DATED_EVERY_MS).unref();
    setTimeout(run, 5_000).unref();
    // Webhook deliveries: a round every 5 s (one at a time); retries wait their own backoff.
    this.hooks = setInterval(() => {
      if (this.delivering) return;
      this.delivering = true;
      void deliverWebhooks(this.db, { clock: systemClock, policy: targetPolicy(this.config) })
        .catch((error: Error) => this.logger.warn(`webhooks: ${error.message}`))
        .finally(() => (this.delivering = false));
    }, 5_000).unref();
  }

  onApplicationShutdown(): void {
    if (this.dated) clearInterval(this.dated);
    if (this.hooks) clearInterval(this.hooks);
    this.stopFollowing();
  }

  async list(userId: string, query: { since?: string; limit?: number; unread?: string }): Promise<{ alerts: Alert[]; unread: number }> {
    let since: Date | null = null;
    if (query.since !== undefined) {
      since = parseSince(query.since);
      if (!since) throw new BadRequestException(`since must be ${SINCE_HELP}, not "${query.since.slice(0, 40)}"`);
    }
    const rows = await this.db.query(
      `${SELECT} WHERE a.user_id = $1 AND ($2::timestamptz IS NULL OR a.created_at >= $2) AND (NOT $3 OR a.read_at IS NULL)
        ORDER BY a.id DESC LIMIT $4`,
      [userId, since?.toISOString() ?? null, query.unread === 'true', query.limit ?? 100],
    );
    return { alerts: rows.map(alertOf), unread: await this.unread(userId) };
  }

  async unread(userId: string): Promise<number> {
    const [{ count }] = await this.db.query(`SELECT count(*)::int AS count FROM alerts WHERE user_id = $1 AND read_at IS NULL`, [userId]);
    return count;
  }

  async markRead(userId: string, ids?: number[]): Promise<number> {
    await this.db.query(
      `UPDATE alerts SET read_at = now() WHERE user_id = $1 AND read_at IS NULL AND ($2::bigint[] IS NULL OR id = ANY($2))`,
      [userId, ids ?? null],
    );
    return this.unread(userId);
  }

  /** Calls `listener` with each new alert of this user until the returned function is called. */
  async follow(userId: string, listener: Listener): Promise<() => void> {
    if (this.lastId === null) {
      const [{ max }] = await this.db.query(`SELECT coalesce(max(id), 0)::text AS max FROM alerts`);
      this.lastId ??= Number(max);
    }
    const set = this.listeners.get(userId) ?? new Set();
    set.add(listener);
    this.listeners.set(userId, set);
    if (!this.poller) this.startFollowing();
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
      if (this.listeners.size === 0) this.stopFollowing();
    };
  }

  private startFollowing(): void {
    this.poller = setInterval(() => this.wake(), ALERT_POLL_MS);
    this.unannounce = onAlertsAnnounced(() => this.wake());
    if (!this.redis) return;
    // Announcements of other processes (the worker); ioredis resubscribes after a reconnection.
    this.subscriber = this.redis.duplicate({ maxRetriesPerRequest: null });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', () => this.wake());
    this.subscriber.subscribe(alertsChannel(this.config.redisPrefix)).catch((e) => this.logger.warn(`subscribe failed: ${e}`));
  }

  private stopFollowing(): void {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    this.lastId = null;
    this.unannounce?.();
    this.unannounce = null;
    void this.subscriber?.quit().catch(() => undefined);
    this.subscriber = null;
  }

  /** Reads the new alerts now (or right after the read under way). */
  private wake(): void {
    if (this.polling) this.again = true;
    else void this.poll();
  }

  private async poll(): Promise<void> {
    if (this.polling || this.lastId === null) return;
    this.polling = true;
    try {
      const users = [...this.listeners.keys()];
      const rows = await this.db.query(`${SELECT} WHERE a.id > $1 ORDER BY a.id LIMIT 5000`, [this.lastId]);
      if (rows.length === 5000) this.again = true;
      for (const row of rows) {
        this.lastId = Math.max(this.lastId ?? 0, Number(row.id));
        if (!users.includes(row.user_id)) continue;
        for (const listener of this.listeners.get(row.user_id) ?? []) listener(alertOf(row));
      }
    } catch (error) {
      this.logger.warn(`following alerts: ${(error as Error).message}`);
    } finally {
      this.polling = false;
      if (this.again) {
        this.again = false;
        void this.poll();
      }
    }
  }
}

export const SELECT = `SELECT a.id::text, a.user_id, a.kind, a.company_number, c.company_name, w.name AS watchlist, a.via, a.summary, a.published_at,
       a.source_url, a.resource_uri, a.created_at, a.read_at IS NOT NULL AS read
  FROM alerts a LEFT JOIN companies c USING (company_number) LEFT JOIN watchlists w ON w.id = a.watchlist_id`;

export function alertOf(row: Record<string, unknown>): Alert {
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return {
    id: Number(row.id),
    kind: row.kind as Alert['kind'],
    company_number: String(row.company_number),
    company_name: (row.company_name as string | null) ?? null,
    watchlist: (row.watchlist as string | null) ?? null,
    via: (row.via as string | null) ?? null,
    summary: String(row.summary),
    published_at: iso(row.published_at),
    source_url: String(row.source_url),
    resource_uri: (row.resource_uri as string | null) ?? null,
    created_at: iso(row.created_at)!,
    read: Boolean(row.read),
  };
}
