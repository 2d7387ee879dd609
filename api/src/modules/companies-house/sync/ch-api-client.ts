import { RateLimiter, systemClock, type Clock } from './rate-limit.js';

/**
 * A small client of the Companies House public data API
 * (https://developer-specs.company-information.service.gov.uk/): HTTP Basic auth with the API key
 * as the user name and an empty password, the published rate limit honoured (see rate-limit.ts),
 * lists fetched page by page (items_per_page, start_index, until total_count/total_results).
 */

export interface ChApiClientOptions {
  baseUrl: string;
  apiKey: string;
  /** The global fetch (undici) unless a test gives another. */
  fetch?: typeof fetch;
  clock?: Clock;
  /** Requests per window and the window: 600 per 5 minutes, as published. */
  limit?: number;
  windowMs?: number;
  /** Told when the client waits, and for how long. */
  onWait?: (message: string) => void;
  signal?: AbortSignal;
  /** Per request. */
  timeoutMs?: number;
  /** Tries of one request on 429, 5xx or a network failure. */
  maxAttempts?: number;
  /** Items per page of a list (the API takes up to 100). */
  pageSize?: number;
}

/** The key was refused: nothing else can work. */
export class ChApiAuthError extends Error {}

/** A request that failed for good (after retries). */
export class ChApiHttpError extends Error {
  constructor(
    readonly path: string,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

export type Answer = { status: 200; body: unknown } | { status: 404 };

export class ChApiClient {
  readonly limiter: RateLimiter;
  private readonly clock: Clock;
  private readonly fetch: typeof fetch;
  private readonly authorization: string;
  /** Requests sent (including retries). */
  requests = 0;

  constructor(private readonly options: ChApiClientOptions) {
    this.clock = options.clock ?? systemClock;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.authorization = 'Basic ' + Buffer.from(`${options.apiKey}:`).toString('base64');
    this.limiter = new RateLimiter({
      limit: options.limit ?? 600,
      windowMs: options.windowMs ?? 5 * 60_000,
      clock: this.clock,
      onWait: options.onWait ?? (() => undefined),
      signal: options.signal,
    });
  }

  /** GET a resource; 404 is an answer (no such company, or an empty list), not an error. */
  async get(path: string, query: Record<string, string | number> = {}): Promise<Answer> {
    const url = new URL(this.options.baseUrl.replace(/\/+$/, '') + path);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    const attempts = this.options.maxAttempts ?? 5;
    let lastProblem = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      await this.limiter.take();
      let response: Response;
      try {
        this.requests++;
        const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
        response = await this.fetch(url, {
          headers: { authorization: this.authorization, accept: 'application/json' },
          signal: this.options.signal ? AbortSignal.any([this.options.signal, timeout]) : timeout,
        });
      } catch (error) {
        if (this.options.signal?.aborted) throw error;
        lastProblem = `${(error as Error).message}${(error as { cause?: Error }).cause?.message ? ` (${(error as { cause?: Error }).cause!.message})` : ''}`;
        await this.backoff(attempt, attempts, path, lastProblem);
        continue;
      }
      // A 429 is handled below (wait for the reset it announces); other answers keep the limiter informed.
      if (response.status !== 429) this.limiter.observe(response.headers);
      if (response.status === 200) {
        const body = await response.text();
        try {
          return { status: 200, body: JSON.parse(body) };
        } catch {
          throw new ChApiHttpError(path, 200, `${path}: the answer is not JSON`);
        }
      }
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 404) return { status: 404 };
      if (response.status === 401) {
        throw new ChApiAuthError(
          'Companies House refused the API key (401 Unauthorized): check CH_API_KEY. It must be a live REST API key ' +
            '(https://developer.company-information.service.gov.uk/manage-applications), sent as the user name with an empty password.',
        );
      }
      if (response.status === 429) {
        lastProblem = '429 Too Many Requests';
        if (attempt < attempts) await this.limiter.tooManyRequests(response.headers);
        continue;
      }
      lastProblem = `${response.status} ${response.statusText}`.trim();
      if (response.status >= 500) {
        await this.backoff(attempt, attempts, path, lastProblem);
        continue;
      }
      throw new ChApiHttpError(path, response.status, `${path}: Companies House answered ${lastProblem}`);
    }
    throw new ChApiHttpError(path, null, `${path}: gave up after ${attempts} tries (${lastProblem})`);
  }

  /**
   * Every page of a list: the page bodies as the API gives them. A 404 on the first page means
   * the list is empty (the API answers so for a company with no charges or PSCs).
   */
  async getList(path: string): Promise<unknown[]> {
    const pageSize = this.options.pageSize ?? 100;
    const pages: unknown[] = [];
    let start = 0;
    for (let page = 0; page < 10_000; page++) {
      const answer = await this.get(path, { items_per_page: pageSize, start_index: start });
      if (answer.status === 404) {
        if (page === 0) pages.push({ items: [], start_index: 0, total_results: 0 });
        break;
      }
      const body = answer.body as { items?: unknown[]; total_count?: unknown; total_results?: unknown };
      pages.push(body);
      const items = Array.isArray(body?.items) ? body.items.length : 0;
      const total = Number(body?.total_count ?? body?.total_results);
      start += items;
      if (items === 0 || !Number.isFinite(total) || start >= total) break;
    }
    return pages;
  }

  private async backoff(attempt: number, attempts: number, path: string, problem: string): Promise<void> {
    if (attempt >= attempts) return;
    const wait = Math.min(30_000, 1000 * 2 ** (attempt - 1));
    this.options.onWait?.(`${path}: ${problem}; trying again in ${(wait / 1000).toFixed(0)} s`);
    await this.clock.sleep(wait, this.options.signal);
  }
}
