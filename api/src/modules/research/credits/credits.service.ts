import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { RESEARCH_TEXTS, type ModelAccessInfo } from '@credence/shared';
import { CLOCK, type Clock } from '../../../core/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config.js';

interface CreditRow {
  period: string;
  used: number;
  allowance: number | null;
}

/**
 * Research credits: each answered question uses one; the allowance (RESEARCH_CREDITS_PER_MONTH,
 * or what an admin set for the user) starts again each calendar month (UTC, the app's clock).
 */
@Injectable()
export class CreditsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private period(): string {
    return new Date(this.clock.now()).toISOString().slice(0, 7);
  }

  private async row(userId: string, manager?: EntityManager): Promise<CreditRow | null> {
    const rows: CreditRow[] = await (manager ?? this.db.manager).query(
      `SELECT period, used, allowance FROM research_credits WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async info(userId: string, manager?: EntityManager): Promise<ModelAccessInfo> {
    const row = await this.row(userId, manager);
    return {
      accessed_count: row && row.period === this.period() ? row.used : 0,
      total_credits: row?.allowance ?? this.config.research.creditsPerMonth,
    };
  }

  /** 402 "You have exceeded your quota!" when no credit is left: checked before any work starts. */
  async ensureAvailable(userId: string): Promise<void> {
    const { accessed_count, total_credits } = await this.info(userId);
    if (accessed_count >= total_credits) {
      throw new HttpException({ error: RESEARCH_TEXTS.quotaExceeded }, HttpStatus.PAYMENT_REQUIRED);
    }
  }

  /** Uses one credit (in the transaction that stores the answer). */
  async use(userId: string, manager?: EntityManager): Promise<void> {
    await (manager ?? this.db.manager).query(
      `INSERT INTO research_credits (user_id, period, used) VALUES ($1, $2, 1)
       ON CONFLICT (user_id) DO UPDATE
         SET used = CASE WHEN research_credits.period = EXCLUDED.period THEN research_credits.used + 1 ELSE 1 END,
             period = EXCLUDED.period`,
      [userId, this.period()],
    );
  }

  /** An admin sets a user's monthly allowance (null: back to the configured one). */
  async setAllowance(userId: string, allowance: number | null): Promise<ModelAccessInfo> {
    await this.db.query(
      `INSERT INTO research_credits (user_id, period, used, allowance) VALUES ($1, $2, 0, $3)
       ON CONFLICT (user_id) DO UPDATE SET allowance = EXCLUDED.allowance`,
      [userId, this.period(), allowance],
    );
    return this.info(userId);
  }
}
