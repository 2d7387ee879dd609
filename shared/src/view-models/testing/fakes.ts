/**
 * Helpers for tests of the view models and of the views over them: a client whose calls a test
 * answers by hand (in any order, to check that the latest request wins) and a way to let the
 * answered promises run, and blank company data (filing, profile, overview) for a test to fill in.
 * Not part of the package's main entry.
 */
import type { ApiClient } from '../../client/api-client.js';
import type { UsCompany } from '../../contracts/us-equity.js';

export { filing, insights, overview, profile } from '../company/fixtures.js';
export { IN_LIQUIDATION, LIQUIDATOR_APPOINTED } from '../../rules/uk/distress-fixtures.js';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise callback run (setImmediate comes after all microtasks). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export interface RecordedCall {
  method: string;
  args: unknown[];
  signal: AbortSignal | undefined;
  answer: Deferred<unknown>;
}

/**
 * A client whose every call is recorded and left waiting: the test answers `calls[i].answer`.
 * `answers` may give a method an immediate answer instead (a value or a function of the args).
 */
export function pendingClient(answers: Partial<Record<keyof ApiClient, unknown>> = {}): {
  client: ApiClient;
  calls: RecordedCall[];
  callsOf(method: keyof ApiClient): RecordedCall[];
} {
  const calls: RecordedCall[] = [];
  const client = new Proxy({} as ApiClient, {
    get(_target, method: string) {
      return (...args: unknown[]) => {
        const answer = deferred<unknown>();
        const options = args.find((a) => typeof a === 'object' && a !== null && 'signal' in a) as { signal?: AbortSignal } | undefined;
        calls.push({ method, args, signal: options?.signal, answer });
        const fixed = answers[method as keyof ApiClient];
        if (fixed !== undefined) {
          try {
            answer.resolve(typeof fixed === 'function' ? (fixed as (...a: unknown[]) => unknown)(...args) : fixed);
          } catch (error) {
            answer.reject(error);
          }
        }
        return answer.promise;
      };
    },
  });
  return { client, calls, callsOf: (method) => calls.filter((c) => c.method === method) };
}

/** A US company with data, for a test to vary: "Acme Widgets Inc", CIK 1001, ticker ACME. */
export function usCompany(part: Partial<UsCompany> = {}): UsCompany {
  return {
    title: 'Acme Widgets Inc',
    cik_str: '1001',
    ticker: 'ACME',
    industry: null,
    sector: null,
    logo_url: null,
    available: true,
    verified: true,
    ...part,
  };
}
