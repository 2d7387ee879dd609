import { randomUUID } from 'node:crypto';
import { backoffMs, JobQueue, type JobHandler, type JobOptions, type JobStatus } from './job-queue.js';

const KEEP_FINISHED = 1000;

/** Jobs run in this process, a few at a time; state is kept in memory for the last 1000. */
export class InProcessJobQueue extends JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly jobs = new Map<string, JobStatus & { data: unknown; maxAttempts: number }>();
  private readonly waiting: string[] = [];
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly concurrency = 4) {
    super();
  }

  register(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  async add(name: string, data: unknown, options: JobOptions = {}): Promise<string> {
    if (this.closed) throw new Error('The job queue is shutting down');
    if (!this.handlers.has(name)) throw new Error(`No handler registered for job "${name}"`);
    const id = randomUUID();
    this.jobs.set(id, {
      id,
      name,
      state: 'queued',
      attempts: 0,
      createdAt: new Date().toISOString(),
      data,
      maxAttempts: options.attempts ?? 1,
    });
    this.waiting.push(id);
    setImmediate(() => this.pump());
    return id;
  }

  async ensureAvailable(): Promise<void> {}

  async get(id: string): Promise<JobStatus | null> {
    const job = this.jobs.get(id);
    if (!job) return null;
    const { data: _data, maxAttempts: _max, ...status } = job;
    return { ...status };
  }

  protected async unfinished(): Promise<number> {
    let count = 0;
    for (const job of this.jobs.values()) if (job.state === 'queued' || job.state === 'running') count++;
    return count;
  }

  /** Refuses new jobs and runs what is queued and running to the end, for at most `timeoutMs`. */
  async close(timeoutMs = 10_000): Promise<void> {
    this.closed = true;
    const deadline = Date.now() + timeoutMs;
    while ((this.running.size > 0 || this.waiting.length > 0) && Date.now() < deadline) {
      this.drainOne();
      await Promise.race([Promise.allSettled([...this.running]), new Promise((r) => setTimeout(r, 20))]);
    }
  }

  private drainOne(): void {
    while (this.running.size < this.concurrency && this.waiting.length > 0) this.start(this.waiting.shift()!);
  }

  private pump(): void {
    if (!this.closed) this.drainOne();
  }

  private start(id: string): void {
    const job = this.jobs.get(id);
    if (!job) return;
    const run = this.run(job).finally(() => {
      this.running.delete(run);
      this.pump();
    });
    this.running.add(run);
  }

  private async run(job: JobStatus & { data: unknown; maxAttempts: number }): Promise<void> {
    job.state = 'running';
    job.attempts += 1;
    try {
      job.result = await this.handlers.get(job.name)!(job.data);
      job.state = 'completed';
    } catch (error) {
      if (job.attempts < job.maxAttempts && !this.closed) {
        job.state = 'queued';
        setTimeout(() => {
          this.waiting.push(job.id);
          this.pump();
        }, backoffMs(job.attempts)).unref();
        return;
      }
      job.state = 'failed';
      job.error = (error as Error).message;
    }
    job.finishedAt = new Date().toISOString();
    this.forgetOldJobs();
  }

  private forgetOldJobs(): void {
    if (this.jobs.size <= KEEP_FINISHED * 2) return;
    for (const [id, job] of this.jobs) {
      if (this.jobs.size <= KEEP_FINISHED) break;
      if (job.state === 'completed' || job.state === 'failed') this.jobs.delete(id);
    }
  }
}
