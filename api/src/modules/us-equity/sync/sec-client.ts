import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { systemClock, type Clock } from '../../../core/clock.js';
import { TokenBucket } from '../../../core/rate-limit/token-bucket.js';

/**
 * A client of the SEC's EDGAR data (https://www.sec.gov/os/accessing-edgar-data): every request
 * names the requester in `User-Agent` (the SEC refuses undeclared tools), at most 10 requests a
 * second through a token bucket, and 429 / 503 (and other 5xx, and dropped connections) answered
 * by waiting: Retry-After when the SEC sends it, else 1 s, 2 s, 4 s... The SEC's answer to a tool
 * that ignores the limit is a 403 and a ten-minute block: that ends the run with the reason.
 */
export interface SecClientOptions {
  userAgent: string;
  /** https://data.sec.gov (submissions, companyfacts). */
  dataUrl: string;
  /** https://www.sec.gov (tickers, the nightly bulk archives). */
  wwwUrl: string;
  /** Requests a second (at most 10, the SEC's limit). */
  perSecond?: number;
  clock?: Clock;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Told when the client waits, and why. */
  onWait?: (message: string) => void;
  /** Tries of one request on 429, 5xx or a network failure. */
  maxAttempts?: number;
  /** The longest Retry-After honoured as given (a longer one is cut to this). */
  maxRetryAfterMs?: number;
  timeoutMs?: number;
}

export class SecHttpError extends Error {
  constructor(
    readonly url: string,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** The SEC refused us (403): the User-Agent or the request rate. Nothing else will work for a while. */
export class SecRefusedError extends Error {}

/** The SEC's limit: 10 requests a second. */
export const SEC_MAX_PER_SECOND = 10;
/**
 * The pace sent by default: a tenth under the limit. The bucket spaces requests on this host's
 * clock but the SEC counts them as they arrive, and a request held up on its way (a new
 * connection, a busy event loop) brings the next ones closer: CI saw 11 arrivals in 985 ms when
 * sending at exactly 10 a second.
 */
export const SEC_DEFAULT_PER_SECOND = 9;

/** A User-Agent as the SEC asks for it: a name and a contact e-mail address. */
export function checkUserAgent(value: string | undefined): string {
  const text = value?.trim() ?? '';
  const example = 'e.g. SEC_USER_AGENT="Acme Research admin@acme.com"';
  if (!text)
    throw new Error(
      `sync-sec needs SEC_USER_AGENT: the SEC requires every request to name the requester and a contact e-mail address (${example}; https://www.sec.gov/os/accessing-edgar-data)`,
    );
  if (!/\S+@\S+\.\S+/.test(text) || text.length > 200 || /[\r\n]/.test(text))
    throw new Error(`SEC_USER_AGENT must name the requester and give a contact e-mail address (${example}), got "${text.slice(0, 80)}"`);
  return text;
}

export class SecClient {
  readonly bucket: TokenBucket;
  private readonly clock: Clock;
  private readonly fetch: typeof fetch;
  /** Requests sent (including retries). */
  requests = 0;

  constructor(private readonly options: SecClientOptions) {
    checkUserAgent(options.userAgent);
    const perSecond = options.perSecond ?? SEC_DEFAULT_PER_SECOND;
    if (!(perSecond > 0 && perSecond <= SEC_MAX_PER_SECOND))
      throw new Error(`requests a second must be between 0 and ${SEC_MAX_PER_SECOND} (the SEC's limit), got ${perSecond}`);
    this.clock = options.clock ?? systemClock;
    this.fetch = options.fetch ?? globalThis.fetch;
    // a burst of one: requests 1/perSecond apart, so no one-second window ever holds more than perSecond
    this.bucket = new TokenBucket({ limit: perSecond, windowMs: 1000, burst: 1, clock: this.clock, signal: options.signal });
  }

  /** data.sec.gov's `/submissions/CIK##########.json` or `/api/xbrl/companyfacts/...`: the JSON, or null on 404. */
  async json(base: 'data' | 'www', path: string): Promise<unknown> {
    const response = await this.request(this.url(base, path));
    if (!response) return null;
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      throw new SecHttpError(this.url(base, path), 200, `${path}: the SEC's answer is not JSON`);
    }
  }

  /**
   * A bulk archive streamed to `file` (through `file.part`, renamed when whole), never held in
   * memory; `onBytes` is told the bytes so far and the length the SEC announced.
   */
  async download(base: 'data' | 'www', path: string, file: string, onBytes: (done: number, total: number | null) => void): Promise<number> {
    const url = this.url(base, path);
    const response = await this.request(url);
    if (!response?.body) throw new SecHttpError(url, 404, `${path}: the SEC has no such file (404)`);
    // A compressed answer's length is not the file's (fetch decompresses it).
    const length = response.headers.get('content-encoding') ? NaN : Number(response.headers.get('content-length'));
    const total = Number.isFinite(length) && length > 0 ? length : null;
    let done = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        done += chunk.length;
        onBytes(done, total);
        callback(null, chunk);
      },
    });
    const part = `${file}.part`;
    try {
      await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), count, createWriteStream(part), {
        signal: this.options.signal,
      });
    } catch (error) {
      rmSync(part, { force: true });
      throw new SecHttpError(
        url,
        200,
        `${path}: the download broke off after ${done.toLocaleString('en-GB')} bytes (${(error as Error).message})`,
      );
    }
    if (total !== null && done !== total) {
      rmSync(part, { force: true });
      throw new SecHttpError(url, 200, `${path}: the download ended at ${done} of ${total} bytes`);
    }
    renameSync(part, file);
    return done;
  }

  private url(base: 'data' | 'www', path: string): string {
    return (base === 'data' ? this.options.dataUrl : this.options.wwwUrl).replace(/\/+$/, '') + path;
  }

  /** One GET with the pacing and the retries: the 200 answer, or null on 404. */
  private async request(url: string): Promise<Response | null> {
    const attempts = this.options.maxAttempts ?? 6;
    let problem = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      await this.bucket.take();
      let response: Response;
      try {
        this.requests++;
        const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 60_000);
        response = await this.fetch(url, {
          headers: { 'user-agent': this.options.userAgent, accept: 'application/json, application/zip, */*' },
          signal: this.options.signal ? AbortSignal.any([this.options.signal, timeout]) : timeout,
        });
      } catch (error) {
        if (this.options.signal?.aborted) throw error;
        const cause = (error as { cause?: Error }).cause?.message;
        problem = `${(error as Error).message}${cause ? ` (${cause})` : ''}`;
        if (attempt < attempts) await this.wait(null, attempt, url, problem);
        continue;
      }
      if (response.status === 200) return response;
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 404) return null;
      if (response.status === 403)
        throw new SecRefusedError(
          `the SEC refused ${url} (403 Forbidden): it blocks tools that exceed 10 requests a second or do not declare ` +
            'themselves; check SEC_USER_AGENT (a name and an e-mail address) and try again in 10 minutes',
        );
      problem = `${response.status} ${response.statusText}`.trim();
      if (response.status === 429 || response.status >= 500) {
        if (attempt < attempts) await this.wait(response.headers.get('retry-after'), attempt, url, problem);
        continue;
      }
      throw new SecHttpError(url, response.status, `${url}: the SEC answered ${problem}`);
    }
    throw new SecHttpError(url, null, `${url}: gave up after ${attempts} tries (${problem})`);
  }

  /** Backs off: the Retry-After the SEC sent (seconds or a date), else 1 s, 2 s, 4 s... up to 30 s. */
  private async wait(retryAfter: string | null, attempt: number, url: string, problem: string): Promise<void> {
    const given = retryAfterMs(retryAfter, this.clock.now());
    const ms = Math.min(given ?? Math.min(30_000, 1000 * 2 ** (attempt - 1)), this.options.maxRetryAfterMs ?? 300_000);
    this.options.onWait?.(
      `${url}: ${problem}; trying again in ${(ms / 1000).toFixed(1)} s${given !== null ? ' (as Retry-After asks)' : ''}`,
    );
    // every request waits out the pause, and the first after it is not followed by a burst
    this.bucket.hold(this.clock.now() + ms, { emptied: true });
  }
}

/** Retry-After in milliseconds from now: delta seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
