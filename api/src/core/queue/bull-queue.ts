import { Logger } from '@nestjs/common';
import Bull from 'bull';
import { isRedisConnectionError } from '../health/connection-errors.js';
import { DependencyUnavailableError } from '../health/dependency-status.js';
import { reconnectDelay, type RedisStatus } from '../redis/redis-status.js';
import { JobQueue, type JobHandler, type JobOptions, type JobStatus, type JobState } from './job-queue.js';

const STATES: Record<string, JobState> = {
  waiting: 'queued',
  delayed: 'queued',
  paused: 'queued',
  active: 'running',
  completed: 'completed',
  failed: 'failed',
};

/** The error of a job whose worker stopped before finishing it. */
export const WORKER_GONE = 'The worker running this job stopped before it finished.';

/**
 * Jobs in Redis through Bull; this process runs them only when `processJobs` is set. Bull's
 * connections open on first use, so a process that never queues (credence-admin) opens none.
 * While Redis is down (as `redis`, the shared connection, tells) `add` and `get` throw
 * DependencyUnavailableError at once instead of waiting for a reconnection; Bull's own connection
 * errors are that same outage, reported once by RedisStatus, so they are not logged here.
 */
export class BullJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private opened: Bull.Queue | null = null;
  /** Handlers registered while held (see hold()), taken up by release(). */
  private held: Map<string, JobHandler> | null = null;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly processJobs: boolean,
    private readonly concurrency = 4,
    private readonly redis: RedisStatus | null = null,
    /** How long a worker's hold on a running job lasts without renewal (Bull's lockDuration; JOB_LOCK_MS). */
    private readonly lockMs = 30_000,
  ) {
    super();
  }

  private get queue(): Bull.Queue {
    if (!this.opened) {
      this.opened = new Bull('credence', this.redisUrl, {
        prefix: `${this.prefix}:bull`,
        // Bull's own default waits up to 20 s between reconnections; its blocking connections keep
        // maxRetriesPerRequest null whatever is set here.
        redis: { maxRetriesPerRequest: 1, retryStrategy: reconnectDelay },
        settings: { lockDuration: this.lockMs, stalledInterval: Math.max(1000, this.lockMs) },
      });
      this.opened.on('error', (error) => {
        if (isRedisConnectionError(error) || (this.redis && !this.redis.usable)) return;
        this.logger.error(`Bull: ${error?.message ?? error}`);
      });
    }
    return this.opened;
  }

  register(name: string, handler: JobHandler): void {
    if (!this.processJobs) return;
    if (this.held) this.held.set(name, handler);
    else this.process(name, handler);
  }

  /**
   * Registered handlers take no job until release(): the application then starts taking jobs only once
   * every module is set up (QueueModule releases it at bootstrap), never with half its services ready.
   */
  hold(): this {
    this.held ??= new Map();
    return this;
  }

  override release(): void {
    const held = this.held;
    this.held = null;
    for (const [name, handler] of held ?? []) this.process(name, handler);
  }

  private process(name: string, handler: JobHandler): void {
    // Rejects when the queue closes; Bull reports real failures through its 'error' event.
    this.queue.process(name, this.concurrency, (job) => handler(job.data)).catch(() => undefined);
  }

  async ensureAvailable(): Promise<void> {
    if (!this.redis) return;
    // Bull's own connection may be a moment behind the shared one after an outage.
    if (this.opened) await this.redis.whenAlsoUsable(this.opened.client);
    else await this.redis.whenUsable();
  }

  /** Runs a call on Redis, or throws DependencyUnavailableError when Redis cannot take it. */
  private async onRedis<T>(call: () => Promise<T>): Promise<T> {
    await this.ensureAvailable();
    try {
      return await call();
    } catch (error) {
      if (isRedisConnectionError(error)) throw new DependencyUnavailableError('redis', error);
      throw error;
    }
  }

  async add(name: string, data: unknown, options: JobOptions = {}): Promise<string> {
    const job = await this.onRedis(() =>
      this.queue.add(name, data, {
        attempts: options.attempts ?? 1,
        backoff: { type: 'exponential', delay: 500 },
        removeOnComplete: 1000,
        removeOnFail: 1000,
      }),
    );
    return String(job.id);
  }

  get(id: string): Promise<JobStatus | null> {
    return this.onRedis(() => this.read(id));
  }

  protected unfinished(): Promise<number> {
    return this.onRedis(async () => {
      const counts = await this.queue.getJobCounts();
      return counts.waiting + counts.active + counts.delayed;
    });
  }

  private async read(id: string): Promise<JobStatus | null> {
    let job = await this.queue.getJob(id);
    if (!job) return null;
    let state = STATES[await job.getState()] ?? 'queued';
    if (state === 'running' && (await this.failIfWorkerGone(job))) {
      job = (await this.queue.getJob(id)) ?? job;
      state = STATES[await job.getState()] ?? 'queued';
    }
    // The job may have finished between the two reads: read it again to get its result.
    if (state === 'completed' || state === 'failed') job = (await this.queue.getJob(id)) ?? job;
    return {
      id: String(job.id),
      name: job.name,
      state,
      result: state === 'completed' ? job.returnvalue : undefined,
      error: state === 'failed' ? job.failedReason : undefined,
      // Bull counts failed attempts only; the one running or that succeeded counts too.
      attempts: job.attemptsMade + (state === 'completed' || state === 'running' ? 1 : 0),
      createdAt: new Date(job.timestamp).toISOString(),
      finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : undefined,
    };
  }

  /**
   * A running job whose lock has expired has lost its worker (killed, out of memory, machine gone).
   * Bull notices that only while some worker of the queue is alive (and then runs the job again
   * once); here any reader also ends it, failed with WORKER_GONE (or retried when it has attempts
   * left), so that no job shows as running forever. Answers whether the job changed meanwhile.
   */
  private async failIfWorkerGone(job: Bull.Job): Promise<boolean> {
    if (await this.queue.client.exists(job.lockKey())) return false;
    // A worker takes a job in two steps: BRPOPLPUSH into the active list, then the script that
    // locks it and sets processedOn. A job read between them is active with no lock yet; a lost
    // worker's lock has expired, which takes lockMs from when processedOn was set.
    const fresh = (await this.queue.getJob(job.id)) ?? job;
    if (!fresh.processedOn || Date.now() - fresh.processedOn < this.lockMs) return false;
    if ((await fresh.getState()) !== 'active') return true;
    // The worker may finish it between the two reads: Bull then refuses the move (not active).
    await fresh.moveToFailed({ message: WORKER_GONE }, true).catch(() => undefined);
    return true;
  }

  /**
   * Known limit (Bull 4.16): closing a queue that is processing leaves a "Connection is closed."
   * rejection unhandled inside Bull (its forced disconnect of the blocking connection), which
   * would crash the process with exit 1 in the middle of a clean shutdown. From here on, that
   * one rejection is expected and ignored; any other unhandled rejection still ends the process.
   */
  async close(timeoutMs = 10_000): Promise<void> {
    if (!this.opened) return;
    const queue = this.opened;
    process.on('unhandledRejection', ignoreClosedConnection);
    // Closing while Bull is still connecting leaves more of its promises rejecting unhandled.
    const closed = queue
      .isReady()
      .catch(() => undefined)
      .then(() => queue.close());
    await Promise.race([closed, new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  }
}

function ignoreClosedConnection(reason: unknown): void {
  if (reason instanceof Error && reason.message === 'Connection is closed.') return;
  // Node's default for an unhandled rejection, which our listener replaced.
  process.removeListener('unhandledRejection', ignoreClosedConnection);
  throw reason;
}
