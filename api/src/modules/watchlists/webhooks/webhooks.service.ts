import { randomBytes } from 'node:crypto';
import { BadRequestException, Inject, Injectable, NotFoundException, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config.js';
import type { NewWebhook, Webhook, WebhookDelivery } from '@credence/shared';
import { deletedRows } from '../watched-names.js';
import { webhookSignature } from './webhook-delivery.js';
import {
  checkTarget,
  postWebhook,
  TargetRefused,
  targetPolicy,
  WEBHOOK_RESOLVE,
  type Resolve,
  type TargetPolicy,
} from './webhook-target.js';

const NOT_FOUND = 'No such webhook: see GET /api/webhooks for yours';
const MAX_WEBHOOKS = 5;

/** A user's alert webhooks: add one (its secret shown once), list, the delivery log, a signed test event. */
@Injectable()
export class WebhooksService {
  private readonly policy: TargetPolicy;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(WEBHOOK_RESOLVE) resolve?: Resolve,
  ) {
    this.policy = targetPolicy(config, resolve);
  }

  async list(userId: string): Promise<Webhook[]> {
    return this.db.query(`SELECT id, url, created_at FROM webhooks WHERE user_id = $1 ORDER BY created_at`, [userId]);
  }

  async add(userId: string, url: string): Promise<NewWebhook> {
    const [{ count }] = await this.db.query(`SELECT count(*)::int AS count FROM webhooks WHERE user_id = $1`, [userId]);
    if (count >= MAX_WEBHOOKS) throw new BadRequestException(`At most ${MAX_WEBHOOKS} webhooks an account: delete one first`);
    try {
      await checkTarget(url, this.policy);
    } catch (error) {
      if (!(error instanceof TargetRefused)) throw error;
      throw new BadRequestException(`url is refused: ${error.message}`);
    }
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    const [row] = await this.db.query(`INSERT INTO webhooks (user_id, url, secret) VALUES ($1, $2, $3) RETURNING id, url, created_at`, [
      userId,
      url,
      secret,
    ]);
    return { ...row, secret };
  }

  private async own(userId: string, id: string): Promise<{ url: string; secret: string }> {
    const [row] = await this.db.query(`SELECT url, secret FROM webhooks WHERE id = $1 AND user_id = $2`, [id, userId]);
    if (!row) throw new NotFoundException(NOT_FOUND);
    return row;
  }

  async deliveries(userId: string, id: string): Promise<WebhookDelivery[]> {
    await this.own(userId, id);
    return this.db.query(
      `SELECT d.id::text, d.alert_id::text, d.attempts, d.first_at, d.next_at, d.delivered_at, d.given_up_at, d.last_status, d.last_error
         FROM webhook_deliveries d WHERE d.webhook_id = $1 ORDER BY d.id DESC LIMIT 200`,
      [id],
    );
  }

  /** Deletes one of the user's webhooks (its delivery log cascades); another user's is a 404. */
  async remove(userId: string, id: string): Promise<void> {
    const deleted = deletedRows<{ id: string }>(
      await this.db.query(`DELETE FROM webhooks WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId]),
    );
    if (deleted.length === 0) throw new NotFoundException(NOT_FOUND);
  }

  /** Sends a signed `test` event at once; answers the receiver's status (or why there was none). */
  async test(userId: string, id: string): Promise<{ status: number | null; error: string | null }> {
    const hook = await this.own(userId, id);
    const body = JSON.stringify({ type: 'test', id: `test-${Date.now()}`, message: 'A test event from Credence' });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'x-credence-timestamp': String(timestamp),
      'x-credence-signature': webhookSignature(hook.secret, timestamp, body),
    };
    try {
      return { status: await postWebhook(hook.url, headers, body, this.policy), error: null };
    } catch (error) {
      const why = error instanceof TargetRefused ? `refused: the url ${error.message}` : (error as Error).message;
      return { status: null, error: why.slice(0, 300) };
    }
  }
}
