import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config.js';
import { ResearchStream } from './research-stream.js';

/**
 * The answers streaming in this process. A stream whose last client left is given
 * RESEARCH_RESUME_GRACE_MS to come back before its work is aborted (no credit used, nothing
 * stored); a finished stream stays resumable for RESEARCH_STREAM_RETENTION_MS.
 */
@Injectable()
export class StreamRegistry implements BeforeApplicationShutdown {
  private readonly logger = new Logger('ResearchStreams');
  private readonly streams = new Map<string, ResearchStream>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  create(userId: string): ResearchStream {
    const stream = new ResearchStream(
      randomUUID(),
      userId,
      (s) => this.idle(s),
      (s) => this.ended(s),
    );
    this.streams.set(stream.id, stream);
    return stream;
  }

  get(id: string): ResearchStream | undefined {
    return this.streams.get(id);
  }

  /** Streams held (running or kept for a resume). */
  get size(): number {
    return this.streams.size;
  }

  /** A client came back: the stream is no longer waiting to be aborted. */
  resumed(stream: ResearchStream): void {
    if (!stream.ended) this.clearTimer(stream.id);
  }

  private idle(stream: ResearchStream): void {
    this.setTimer(stream.id, this.config.research.resumeGraceMs, () => {
      if (stream.ended || stream.listenerCount > 0) return;
      this.logger.debug(`stream ${stream.id}: the client did not come back; stopping its work`);
      stream.abort('The client left');
    });
  }

  private ended(stream: ResearchStream): void {
    // No retention: gone at once (a timer of 0 ms can still lose the race to the client's next request).
    if (this.config.research.streamRetentionMs <= 0) {
      this.clearTimer(stream.id);
      this.streams.delete(stream.id);
      return;
    }
    this.setTimer(stream.id, this.config.research.streamRetentionMs, () => this.streams.delete(stream.id));
  }

  private setTimer(id: string, ms: number, run: () => void): void {
    this.clearTimer(id);
    const timer = setTimeout(() => {
      this.timers.delete(id);
      run();
    }, ms);
    timer.unref();
    this.timers.set(id, timer);
  }

  private clearTimer(id: string): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
  }

  /** Before the HTTP server closes (it waits for open responses): every running answer stops and its stream ends. */
  beforeApplicationShutdown(): void {
    for (const stream of this.streams.values()) if (!stream.ended) stream.abort('The server is stopping');
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
