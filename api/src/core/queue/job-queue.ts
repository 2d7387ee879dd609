export type JobState = 'queued' | 'running' | 'completed' | 'failed';

export interface JobStatus {
  id: string;
  name: string;
  state: JobState;
  result?: unknown;
  error?: string;
  attempts: number;
  createdAt: string;
  finishedAt?: string;
}

export type JobHandler = (data: any) => Promise<unknown>;

export interface JobOptions {
  /** Tries before the job is failed, with a growing pause between them. */
  attempts?: number;
}

/**
 * The one way features run work in the background: Bull queues on Redis when REDIS_URL is set
 * (workers may then run in other processes), otherwise the same interface in-process.
 */
export abstract class JobQueue {
  /** Declares the handler of a job name. Every process that may run jobs registers the same ones. */
  abstract register(name: string, handler: JobHandler): void;
  /** Starts taking the jobs of handlers registered while the queue was held (BullJobQueue.hold); else nothing. */
  release(): void {}
  abstract add(name: string, data: unknown, options?: JobOptions): Promise<string>;
  abstract get(id: string): Promise<JobStatus | null>;
  /**
   * Throws DependencyUnavailableError (503) at once when jobs cannot be queued now (Redis down), so
   * that a step which writes and then queues a mail can refuse before it writes anything.
   */
  abstract ensureAvailable(): Promise<void>;
  /** Stops taking jobs, lets the running ones finish (up to `timeoutMs`), and disconnects. */
  abstract close(timeoutMs?: number): Promise<void>;
  /** How many jobs are queued (a retry waiting out its pause included) or running. */
  protected abstract unfinished(): Promise<number>;

  /**
   * Resolves once no job is queued or running, jobs added meanwhile included: what background work
   * did, or did not do, can then be checked without guessing how long it takes (tests).
   */
  async whenIdle(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const left = await this.unfinished();
      if (left === 0) return;
      if (Date.now() > deadline) throw new Error(`${left} job(s) still queued or running after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Resolves with the job once it has completed or failed. */
  async waitFor(id: string, timeoutMs = 10_000): Promise<JobStatus> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.get(id);
      if (job && (job.state === 'completed' || job.state === 'failed')) return job;
      if (Date.now() > deadline) throw new Error(`Job ${id} did not finish within ${timeoutMs} ms (state: ${job?.state ?? 'unknown'})`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

export function backoffMs(attempt: number): number {
  return Math.min(30_000, 500 * 2 ** (attempt - 1));
}
