import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { Role } from '@credence/shared';
import { CLOCK, type Clock } from '../clock.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS_STATUS } from '../redis/redis.module.js';
import type { RedisStatus } from '../redis/redis-status.js';

/** Who a live session belongs to, as the database says now: authorisation reads this, never the token's claims. */
export interface SessionPrincipal {
  userId: string;
  role: Role;
  email: string;
  fullName: string;
  companyName: string;
}

interface CachedState {
  userId: string;
  principal: SessionPrincipal | null;
  checkedAt: number;
}

/** How stale a cached session may be when an eviction message was lost (or a row was changed by hand in SQL). */
export const SESSION_CACHE_TTL_MS = 30_000;
const CACHE_MAX = 100_000;

/**
 * Knows whether a session (the token's jti) is still active (not signed out, not expired, its user
 * verified, approved and not disabled) and whose it is: the user's role and identity as stored, so
 * a token re-signed with other claims grants nothing more. Answers from memory on the hot path; a
 * revocation, a role change or a disabled account evicts at once here and, through Redis pub/sub,
 * in every other API process. The cache's TTL only bounds how stale an entry can be should an
 * eviction message be lost (or without Redis, a change made by another process: credence-admin).
 */
@Injectable()
export class SessionRegistry implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Sessions');
  private readonly cache = new Map<string, CachedState>();
  private subscriber: Redis | null = null;
  private readonly channel: string;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(REDIS_STATUS) private readonly redis: RedisStatus | null,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.channel = `${config.redisPrefix}:sessions:revoked`;
  }

  async onModuleInit(): Promise<void> {
    if (!this.redis) return;
    // Its reconnections after an outage resubscribe by themselves (ioredis autoResubscribe).
    this.subscriber = this.redis.duplicate({ maxRetriesPerRequest: null });
    this.subscriber.on('message', (_channel, message: string) => this.evict(message));
    const subscribed = this.subscriber.subscribe(this.channel).catch((e) => this.logger.warn(`subscribe failed: ${e}`));
    // Waits for Redis at start, but not forever: an API started during an outage serves (and is not ready).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([subscribed, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
    clearTimeout(timer);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }

  async create(userId: string, expiresAt: Date, meta: { userAgent?: string; ip?: string }): Promise<string> {
    const [row] = await this.db.query(`INSERT INTO sessions (user_id, expires_at, user_agent, ip) VALUES ($1, $2, $3, $4) RETURNING id`, [
      userId,
      expiresAt,
      meta.userAgent?.slice(0, 300) ?? null,
      meta.ip ?? null,
    ]);
    return row.id;
  }

  /** The session's principal when it is live and belongs to `userId`; else null. */
  async principal(sessionId: string, userId: string): Promise<SessionPrincipal | null> {
    const cached = this.cache.get(sessionId);
    if (cached && this.clock.now() - cached.checkedAt < SESSION_CACHE_TTL_MS) return cached.userId === userId ? cached.principal : null;
    const [row] = await this.db.query(
      `SELECT u.id, u.role, u.email, u.full_name, u.company_name FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
          AND u.disabled_at IS NULL AND u.approved_at IS NOT NULL AND u.email_verified_at IS NOT NULL`,
      [sessionId],
    );
    const principal: SessionPrincipal | null = row
      ? { userId: row.id, role: row.role, email: row.email, fullName: row.full_name, companyName: row.company_name }
      : null;
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(sessionId, { userId: principal?.userId ?? userId, principal, checkedAt: this.clock.now() });
    return principal && principal.userId === userId ? principal : null;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [sessionId]);
    await this.announce(`session:${sessionId}`);
  }

  /** Ends every session of a user (password reset, account disabled, role changed). */
  async revokeAllOf(userId: string): Promise<void> {
    await this.db.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
    await this.announce(`user:${userId}`);
  }

  private async announce(message: string): Promise<void> {
    this.evict(message);
    if (!this.redis) return;
    // While Redis is down the message is lost rather than waited for: the cache's TTL bounds the staleness.
    await this.redis
      .whenUsable()
      .then(() => this.redis!.client.publish(this.channel, message))
      .catch((e) => this.logger.warn(`publish failed: ${e}`));
  }

  private evict(message: string): void {
    const [kind, id] = message.split(':');
    if (kind === 'session') this.cache.delete(id);
    if (kind === 'user') for (const [key, state] of this.cache) if (state.userId === id) this.cache.delete(key);
  }
}
