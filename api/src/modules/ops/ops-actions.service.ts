import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OpsAction, OpsActionRecord, SessionClaims } from '@credence/shared';
import { OpsActionEntry } from './ops-action.entity.js';

/** Most records one listing answers (newest first). */
export const MAX_LISTED_ACTIONS = 500;

/** The record of every start and stop: who, when, which instance, and how it ended. */
@Injectable()
export class OpsActionsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async record(
    user: SessionClaims,
    entry: Pick<OpsActionRecord, 'action' | 'backend' | 'instance_id' | 'region' | 'result' | 'error'>,
  ): Promise<void> {
    await this.db.getRepository(OpsActionEntry).insert({
      userId: user.sub,
      userEmail: user.email,
      action: entry.action as OpsAction,
      backend: entry.backend,
      instanceId: entry.instance_id,
      region: entry.region,
      result: entry.result,
      error: entry.error,
    });
  }

  async list(limit = MAX_LISTED_ACTIONS): Promise<OpsActionRecord[]> {
    const rows = await this.db
      .getRepository(OpsActionEntry)
      .find({ order: { createdAt: 'DESC' }, take: Math.min(limit, MAX_LISTED_ACTIONS) });
    return rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      user_email: row.userEmail,
      action: row.action,
      backend: row.backend,
      instance_id: row.instanceId,
      region: row.region,
      result: row.result,
      error: row.error,
    }));
  }
}
