import type { StreamName } from '../../../platform/register/stream-event.js';

/**
 * Where the consumer reads a stream from: the port. `http` (http-stream-source.ts) speaks the
 * Companies House Streaming API (a real host, or a test's own server speaking the same protocol).
 * A connection yields the response's lines as they arrive, a blank line for each heartbeat, and
 * ends when the server closes it or the signal aborts.
 */
export interface StreamSource {
  readonly kind: 'http';
  /** Opens the stream from `timepoint` (null: new events only). Throws StreamRefused on a refusal. */
  open(stream: StreamName, timepoint: number | null, signal: AbortSignal): Promise<AsyncIterable<string>>;
}

export type Refusal = 'unauthorised' | 'timepoint-too-old' | 'rate-limited' | 'unavailable';

/** The server refused the connection: 401, 416, 429, or another status (5xx). */
export class StreamRefused extends Error {
  constructor(
    readonly reason: Refusal,
    readonly status: number,
    /** Seconds the server asked us to wait (Retry-After), when it said. */
    readonly retryAfter: number | null,
    message: string,
  ) {
    super(message);
  }
}

export interface StreamSourceOptions {
  baseUrl: string;
  key: string;
  fetch?: typeof fetch;
}
