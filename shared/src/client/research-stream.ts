/**
 * Server-Sent Events over a WHATWG fetch body (browsers and Node alike, no Node imports): a
 * parser that follows the HTML standard's event-stream rules (BOM, CR/LF/CRLF line ends, `id`,
 * `event`, multi-line `data`, `retry`, comment lines as heartbeats), and the research stream's
 * reader on top of it, which turns messages into `ResearchStreamEvent`s and ignores the rest.
 */
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
  let buffer = '';
  let started = false;
  /** The previous line ended with CR: an LF that starts the next text belongs to it. */
  let skipLeadingLf = false;
  let data: string[] = [];
  let eventType = '';
  let lastEventId = initialLastEventId;
  let retry: number | null = null;

  function dispatch() {
    if (data.length === 0) {
      eventType = '';
      return;
    }
    const message = { id: lastEventId, event: eventType || 'message', data: data.join('\n') };
    data = [];
    eventType = '';
    onMessage(message);
  }

  function processField(name: string, value: string) {
    switch (name) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data.push(value);
        break;
      case 'id':
        if (!value.includes('\u0000')) lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) retry = Number(value);
        break;
      default:
      // unknown fields are ignored
    }
  }

  function processLine(line: string) {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return; // a comment: the heartbeat
    const colon = line.indexOf(':');
    if (colon === -1) return processField(line, '');
    const value = line.slice(colon + 1);
    processField(line.slice(0, colon), value.startsWith(' ') ? value.slice(1) : value);
  }

  return {
    feed(text) {
      if (text === '') return;
      buffer += text;
      if (!started) {
        started = true;
        if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      }
      if (skipLeadingLf && buffer.startsWith('\n')) buffer = buffer.slice(1);
      skipLeadingLf = false;
      let start = 0;
      for (;;) {
        const cr = buffer.indexOf('\r', start);
        const lf = buffer.indexOf('\n', start);
        const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
        if (end === -1) break;
        processLine(buffer.slice(start, end));
        if (buffer[end] === '\r') {
          if (end + 1 === buffer.length) {
            skipLeadingLf = true;
            start = end + 1;
            break;
          }
          start = buffer[end + 1] === '\n' ? end + 2 : end + 1;
        } else {
          start = end + 1;
        }
      }
      buffer = buffer.slice(start);
    },
    end() {
      buffer = '';
      data = [];
      eventType = '';
    },
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
