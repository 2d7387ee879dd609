import {
  emptyResearchAnswer,
  reduceResearchAnswer,
  type ResearchAnswer,
  type ResearchEngineInfo,
  type ResearchEvent,
  type ResearchStreamEvent,
} from '@credence/shared';

export interface StreamListener {
  event(event: ResearchStreamEvent): void;
  end(): void;
}

/** Most events one stream keeps for a resume; past it the oldest go (the `done` event carries the whole answer anyway). */
export const MAX_KEPT_EVENTS = 20_000;

/** `<streamId>:<seq>`, the SSE id a client resumes from. */
export function eventId(streamId: string, seq: number): string {
  return `${streamId}:${seq}`;
}

export function parseEventId(id: string | undefined): { streamId: string; seq: number } | null {
  const match = id ? /^([A-Za-z0-9-]{8,64}):(\d{1,9})$/.exec(id.trim()) : null;
  return match ? { streamId: match[1], seq: Number(match[2]) } : null;
}

/**
 * One answer's events, numbered from 1, kept (bounded) so a client that reconnects gets those after
 * its Last-Event-ID and then the live rest. The answer so far is folded as events arrive: what
 * `done` carries and what is stored.
 */
export class ResearchStream {
  private readonly kept: ResearchStreamEvent[] = [];
  private nextSeq = 1;
  private readonly listeners = new Set<StreamListener>();
  private readonly controller = new AbortController();
  private folded: ResearchAnswer = emptyResearchAnswer();
  ended = false;

  constructor(
    readonly id: string,
    readonly userId: string,
    private readonly onIdle: (stream: ResearchStream) => void,
    private readonly onEnded: (stream: ResearchStream) => void,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get answer(): ResearchAnswer {
    return this.folded;
  }

  /** The sequence number the next event will get. */
  get upcomingSeq(): number {
    return this.nextSeq;
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  push(event: ResearchEvent): void {
    if (this.ended) return;
    const sent = { ...event, id: eventId(this.id, this.nextSeq++) } as ResearchStreamEvent;
    if (event.type !== 'done') this.folded = reduceResearchAnswer(this.folded, event);
    this.kept.push(sent);
    if (this.kept.length > MAX_KEPT_EVENTS) this.kept.shift();
    for (const listener of this.listeners) listener.event(sent);
  }

  /** Which engine answered (kept in the stored answer; it travels in `done`). */
  engineInfo(info: ResearchEngineInfo): void {
    if (!this.ended) this.folded = { ...this.folded, engine: info };
  }

  /** The data could not answer: what is missing (kept in the stored answer). */
  declined(declined: NonNullable<ResearchAnswer['declined']>): void {
    if (!this.ended) this.folded = { ...this.folded, declined };
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const listener of [...this.listeners]) listener.end();
    this.listeners.clear();
    this.onEnded(this);
  }

  abort(reason: string): void {
    this.controller.abort(new Error(reason));
  }

  /** Sends the kept events after `afterSeq`, then the live ones; answers the detach function. */
  attach(afterSeq: number, listener: StreamListener): () => void {
    for (const event of this.kept) {
      if (Number(event.id.slice(event.id.lastIndexOf(':') + 1)) > afterSeq) listener.event(event);
    }
    if (this.ended) {
      listener.end();
      return () => undefined;
    }
    this.listeners.add(listener);
    return () => {
      if (!this.listeners.delete(listener)) return;
      if (this.listeners.size === 0 && !this.ended) this.onIdle(this);
    };
  }
}
