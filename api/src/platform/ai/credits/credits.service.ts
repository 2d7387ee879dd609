import { randomUUID } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { RESEARCH_TEXTS, type ModelAccessInfo } from '@credence/shared';
import { CLOCK, type Clock } from '../../../core/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config.js';

interface CreditRow {
  period: string;
  used: number;
  allowance: number | null;
}

/** A credit taken for one answer, as a job carries it to the process that runs it (plain JSON). */
export interface CreditTicket {
  userId: string;
  /** The month it was taken from: a refund after the month has turned gives nothing back to the new one. */
  period: string;
  /** A queued job's hold (research_credit_holds): whoever deletes it settles the credit, once. */
  hold?: string;
}

/** How a reservation ends: kept (the answer is stored) or given back. */
interface Settlement {
  keep(ticket: CreditTicket): Promise<void>;
  giveBack(ticket: CreditTicket): Promise<void>;
}

/**
 * One credit taken before the work: committed once the answer is stored (it stays used), given
 * back when the work fails or its client leaves before anything was stored. Either happens once.
 */
export class CreditReservation {
  private settled = false;

  constructor(
    readonly ticket: CreditTicket,
    private readonly settlement: Settlement,
  ) {}

  /** The answer is stored: the credit stays used (a later refund() does nothing). Never throws. */
  async commit(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await this.settlement.keep(this.ticket);
  }

  /** Nothing was stored: the credit goes back. Never throws (a failed refund is logged). */
  async refund(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await this.settlement.giveBack(this.ticket);
  }

  /** Runs `work`: committed when it resolves, refunded when it throws. */
  async spend<T>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      await this.commit();
      return result;
    } catch (error) {
      await this.refund();
      throw error;
    }
  }
}

/**
 * Research credits: each answered question uses one; the allowance (RESEARCH_CREDITS_PER_MONTH,
 * or what an admin set for the user) starts again each calendar month (UTC, the app's clock).
 *
 * The one rule of every paid pipeline (research/ask, run_query, PDF chat, equity observations and
 * run_equity_analysis_query, restructuring's start_query): a credit is reserved before any work
 * by one conditional UPDATE (`used < allowance`), so parallel requests can never take more than
 * what is left, then committed when the answer is stored or refunded when it is not. A job
 * carries its reservation as a ticket in its data (withCredit at start, forJob in the job).
 */
@Injectable()
export class CreditsService {
  private readonly logger = new Logger('Credits');

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

  /** 402 "You have exceeded your quota!" when no credit is left, for a route that is gated but not paid (the US KPI list). */
  async ensureAvailable(userId: string): Promise<void> {
    const { accessed_count, total_credits } = await this.info(userId);
    if (accessed_count >= total_credits) throw quotaExceeded();
  }

  /**
   * Takes one credit now, or 402 when none is left. One UPDATE checks and takes it (a new month
   * counts from 0), so of N parallel requests with one credit left exactly one gets it, on
   * embedded PGlite and server Postgres alike (the row is locked and the condition read again).
   */
  async reserve(userId: string): Promise<CreditReservation> {
    const period = this.period();
    await this.db.query(`INSERT INTO research_credits (user_id, period, used) VALUES ($1, $2, 0) ON CONFLICT (user_id) DO NOTHING`, [
      userId,
      period,
    ]);
    const taken: unknown[] = await this.db.query(
      `UPDATE research_credits
          SET used = CASE WHEN period = $2 THEN used + 1 ELSE 1 END, period = $2
        WHERE user_id = $1 AND (CASE WHEN period = $2 THEN used ELSE 0 END) < COALESCE(allowance, $3)
        RETURNING used`,
      [userId, period, this.config.research.creditsPerMonth],
    );
    if (returnedRows(taken).length === 0) throw quotaExceeded();
    return this.held({ userId, period });
  }

  /** The reservation behind a ticket a job carries (taken when the job was started). */
  held(ticket: CreditTicket): CreditReservation {
    if (!ticket.hold) return new CreditReservation(ticket, { keep: async () => undefined, giveBack: (t) => this.giveBack(t) });
    const hold = ticket.hold;
    const settle = `DELETE FROM research_credit_holds WHERE id = $1 RETURNING user_id, period`;
    return new CreditReservation(ticket, {
      keep: () => this.release(settle, hold, false),
      giveBack: () => this.release(settle, hold, true),
    });
  }

  /**
   * Reserves a credit for a job (402 when none is left) and holds it in the database until the job
   * settles it: `queue` adds the job with the ticket in its data and answers its id. When the job
   * cannot be queued the credit goes back at once; when its worker dies, refundLostJob gives it back.
   */
  async holdForJob<T extends { job_id: string }>(userId: string, queue: (ticket: CreditTicket) => Promise<T>): Promise<T> {
    const credit = await this.reserve(userId);
    const ticket: CreditTicket = { ...credit.ticket, hold: randomUUID() };
    try {
      await this.db.query(`INSERT INTO research_credit_holds (id, user_id, period) VALUES ($1, $2, $3)`, [
        ticket.hold,
        userId,
        ticket.period,
      ]);
    } catch (error) {
      await credit.refund();
      throw error;
    }
    try {
      const started = await queue(ticket);
      // A fast job may have settled (deleted) its hold already: then there is nothing to mark.
      await this.db.query(`UPDATE research_credit_holds SET job_id = $2 WHERE id = $1`, [ticket.hold, started.job_id]);
      return started;
    } catch (error) {
      await this.held(ticket).refund();
      throw error;
    }
  }

  /**
   * Gives back the credit of a job that ended without its worker settling it (the worker died, or
   * the queue lost the job). Does nothing when the job settled its credit itself, or held none.
   */
  async refundLostJob(jobId: string): Promise<void> {
    await this.release(`DELETE FROM research_credit_holds WHERE job_id = $1 RETURNING user_id, period`, jobId, true);
  }

  /** Deletes a hold; when it was still there and `refund` is set, its credit goes back. Never throws. */
  private async release(sql: string, key: string, refund: boolean): Promise<void> {
    try {
      const deleted = returnedRows<{ user_id: string; period: string }>(await this.db.query(sql, [key]));
      if (refund) for (const row of deleted) await this.giveBack({ userId: row.user_id, period: row.period });
    } catch (error) {
      this.logger.error(`settling a research credit hold failed: ${(error as Error).message}`);
    }
  }

  /** What a paid job spends: the ticket it was started with; a job queued before tickets existed takes one now. */
  async forJob(ticket: CreditTicket | undefined, userId: string): Promise<CreditReservation> {
    return ticket ? this.held(ticket) : this.reserve(userId);
  }

  /**
   * Reserves a credit (402 when none is left), runs `work` with its ticket, and commits it when
   * the work resolves (the answer stored, or the job that will spend the ticket queued), else refunds it.
   */
  async withCredit<T>(userId: string, work: (ticket: CreditTicket) => Promise<T>): Promise<T> {
    const credit = await this.reserve(userId);
    return credit.spend(() => work(credit.ticket));
  }

  private async giveBack(ticket: CreditTicket): Promise<void> {
    try {
      await this.db.query(`UPDATE research_credits SET used = used - 1 WHERE user_id = $1 AND period = $2 AND used > 0`, [
        ticket.userId,
        ticket.period,
      ]);
    } catch (error) {
      this.logger.error(`refunding a research credit of ${ticket.userId} failed: ${(error as Error).message}`);
    }
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

/** TypeORM answers an UPDATE or DELETE ... RETURNING as [rows, count] on Postgres. */
function returnedRows<T>(result: unknown): T[] {
  const rows = result as unknown[];
  return (Array.isArray(rows[0]) ? rows[0] : rows) as T[];
}

function quotaExceeded(): HttpException {
  return new HttpException({ error: RESEARCH_TEXTS.quotaExceeded }, HttpStatus.PAYMENT_REQUIRED);
}
