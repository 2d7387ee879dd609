/**
 * Server-Sent Events over a WHATWG fetch body (browsers and Node alike, no Node imports): the
 * event-stream format is read by `eventsource-parser` (the HTML standard's rules: BOM, CR/LF/CRLF
 * line ends, `id`, `event`, multi-line `data`, `retry`, comment lines as heartbeats); this file
 * keeps the last event id across messages for `Last-Event-ID` resumption, reads a fetch body to
 * its end or to a stop, and turns messages into `ResearchStreamEvent`s.
 */
import { createParser } from 'eventsource-parser';
import { RESEARCH_EVENT_TYPES, type ResearchEventType, type ResearchStreamEvent } from '../contracts/research.js';

/** One dispatched SSE message. */
export interface SseMessage {
  /** The last event id as of this message (it carries over to later messages, as the standard says). */
  id: string;
  /** The `event` field, 'message' when none was given. */
  event: string;
  data: string;
}

export interface SseParser {
  /** Feeds decoded text; complete messages are dispatched at once. */
  feed(text: string): void;
  /** The stream ended: a message with no closing blank line is dropped (the standard's rule). */
  end(): void;
  lastEventId(): string;
  /** The server's `retry` (ms), or null when it sent none. */
  retry(): number | null;
}

export function createSseParser(onMessage: (message: SseMessage) => void, initialLastEventId = ''): SseParser {
  let lastEventId = initialLastEventId;
  let retry: number | null = null;
  const parser = createParser({
    onEvent(event) {
      // the library reports each message's own id; the standard's last event id carries over
      if (event.id !== undefined) lastEventId = event.id;
      onMessage({ id: lastEventId, event: event.event ?? 'message', data: event.data });
    },
    onRetry(ms) {
      retry = ms;
    },
    // unknown fields and a bad `retry` are ignored, as the standard says
  });
  let started = false;
  return {
    feed(text) {
      if (text === '') return;
      // the library drops a BOM only as undecoded bytes; decoded text starts with U+FEFF
      parser.feed(started || text.charCodeAt(0) !== 0xfeff ? text : text.slice(1));
      started = true;
    },
    end: () => parser.reset({ consume: false }),
    lastEventId: () => lastEventId,
    retry: () => retry,
  };
}

export interface SseStreamResult {
  lastEventId: string;
  retry: number | null;
  /** False when the reader stopped early because `onMessage` answered 'stop'. */
  ended: boolean;
}

/**
 * Reads a byte stream of SSE to its end (or until `onMessage` answers 'stop'), decoding UTF-8
 * across chunk boundaries. A dropped connection rejects with the reader's error.
 */
export async function parseSseStream(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: SseMessage) => void | 'stop',
  options: { lastEventId?: string } = {},
): Promise<SseStreamResult> {
  let stop = false;
  /** The id of the message that stopped the reader (text after it in the same chunk is not read). */
  let stopId = '';
  const parser = createSseParser((message) => {
    if (stop || onMessage(message) !== 'stop') return;
    stop = true;
    stopId = message.id;
  }, options.lastEventId);
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  try {
    while (!stop) {
      const { done, value } = await reader.read();
      if (done) {
        parser.feed(decoder.decode());
        parser.end();
        return { lastEventId: parser.lastEventId(), retry: parser.retry(), ended: true };
      }
      parser.feed(decoder.decode(value, { stream: true }));
    }
    await reader.cancel().catch(() => undefined);
    return { lastEventId: stopId, retry: parser.retry(), ended: false };
  } finally {
    reader.releaseLock();
  }
}

const EVENT_TYPES = new Set<string>(RESEARCH_EVENT_TYPES);

/** A research event from an SSE message, or null for anything else (unknown types, bad JSON). */
export function toResearchEvent(message: SseMessage): ResearchStreamEvent | null {
  if (!EVENT_TYPES.has(message.event)) return null;
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return null;
  }
  if (data === null || typeof data !== 'object') return null;
  return { type: message.event as ResearchEventType, data, id: message.id } as ResearchStreamEvent;
}

export interface ResearchStreamResult {
  lastEventId: string;
  retry: number | null;
  /** The `done` or `error` event that ended the answer; null when the stream stopped before one. */
  terminal: ResearchStreamEvent | null;
}

/**
 * Reads the research events of an answer's body, calling `onEvent` for each, and stops at the
 * first `done` or `error`. Rejects when the connection drops mid-read.
 */
export async function readResearchStream(
  response: Response,
  onEvent: (event: ResearchStreamEvent) => void,
  options: { lastEventId?: string } = {},
): Promise<ResearchStreamResult> {
  if (!response.body) return { lastEventId: options.lastEventId ?? '', retry: null, terminal: null };
  let terminal: ResearchStreamEvent | null = null;
  const result = await parseSseStream(
    response.body,
    (message) => {
      const event = toResearchEvent(message);
      if (!event) return;
      onEvent(event);
      if (event.type === 'done' || event.type === 'error') {
        terminal = event;
        return 'stop';
      }
    },
    options,
  );
  return { lastEventId: result.lastEventId, retry: result.retry, terminal };
}
