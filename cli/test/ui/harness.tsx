/**
 * Renders the full-screen UI with ink-testing-library against a fake API client, at a fixed
 * terminal size, and drives it with key presses as a terminal sends them.
 */
import { render } from 'ink-testing-library';
import type { ApiClient, CompanySearchResult, Scheduler } from '@credence/shared';
import { App } from '../../src/ui/app.js';
import type { Route } from '../../src/ui/router.js';
import { textWidth } from '../../src/output/text.js';

/** The bytes a terminal sends for each key. */
export const KEY = {
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  pageUp: '\u001b[5~',
  pageDown: '\u001b[6~',
  enter: '\r',
  escape: '\u001b',
  tab: '\t',
  shiftTab: '\u001b[Z',
  backspace: '\u007f',
  ctrlC: '\u0003',
  ctrlX: '\u0018',
} as const;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads `read()` until `test` passes on it, and returns what passed; fails with the last reading
 * after `timeoutMs`. For what React or a timer changes after the call that asked for it: a loaded
 * machine can run a short timer before React's next render.
 */
export async function until<T>(read: () => T, test: (value: T) => boolean, what: string, timeoutMs = 2000): Promise<T> {
  const started = Date.now();
  for (let value = read(); ; value = read()) {
    if (test(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}; it was:\n${String(value)}`);
    await sleep(5);
  }
}

/** A client whose listed calls answer at once; any other call fails the test loudly. */
export function fakeClient(methods: Partial<ApiClient>, token: string | null = 'test.token.here'): ApiClient {
  return new Proxy({} as ApiClient, {
    get(_target, name: string) {
      if (name === 'token') return () => token;
      if (name === 'baseUrl') return 'http://api.test';
      if (name === 'setToken') return () => undefined;
      if (name === 'then') return undefined;
      const method = (methods as Record<string, unknown>)[name];
      if (typeof method === 'function') return method;
      return () => Promise.reject(new Error(`the fake client has no ${name}()`));
    },
  });
}

export const ME = {
  id: 'u1',
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  company_name: 'Acme',
  role: 'analyst' as const,
  session_expires_at: '2030-01-01T00:00:00Z',
};

export function company(name: string, number: string, extra: Partial<CompanySearchResult> = {}): CompanySearchResult {
  return {
    CompanyName: name,
    CompanyNumber: number,
    'Exchange:Ticker': null,
    SICCode_SicText_1: '62012 - Business and domestic software development',
    SICCode_SicText_2: null,
    company_status: 'active',
    address: '1 High Street, Leeds, LS1 4AB',
    sample: true,
    ...extra,
  };
}

export interface Rendered {
  frame(): string;
  lines(): string[];
  frames: string[];
  /** Sends keys one at a time (text is sent as typed), letting Ink and React settle after each. */
  press(...keys: string[]): Promise<void>;
  /** Types text one character at a time. */
  type(text: string): Promise<void>;
  /** Waits until the frame passes the test (or fails with the last frame). */
  waitFor(test: (frame: string) => boolean, what: string, timeoutMs?: number): Promise<string>;
  setSize(columns: number, rows: number): void;
  /** Resolves once the app has quit: Ink has stopped reading the keyboard (it unmounted). */
  exited(): Promise<void>;
  unmount(): void;
  /** Writes bytes to stdin without waiting (keys arriving back to back). */
  raw(data: string): void;
}

export function renderApp(options: {
  client: ApiClient;
  initial?: Route[];
  columns?: number;
  rows?: number;
  scheduler?: Scheduler;
  databaseDelay?: number;
}): Rendered {
  let size = { columns: options.columns ?? 80, rows: options.rows ?? 24 };
  const services = {
    client: options.client,
    apiUrl: 'http://api.test:3000',
    databaseDelay: () => options.databaseDelay ?? 0,
    scheduler: options.scheduler,
  };
  const tree = () => <App services={services} initial={options.initial} size={size} />;
  const instance = render(tree());
  // ink-testing-library's stdout is 100 columns whatever the test says: Ink lays the root out at
  // the stream's width, so make it the terminal's and draw again
  Object.defineProperty(instance.stdout, 'columns', { get: () => size.columns, configurable: true });
  Object.defineProperty(instance.stdout, 'rows', { get: () => size.rows, configurable: true });
  instance.rerender(tree());
  const frame = () => instance.lastFrame() ?? '';
  const settle = async (presses = 1) => {
    // input is parsed on 'readable'; a lone Esc waits a setImmediate; the App runs one press of a
    // chunk per setImmediate; effects run after commit
    await sleep(2);
    for (let i = 0; i <= presses; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return {
    frame,
    lines: () => frame().split('\n'),
    frames: instance.frames,
    async press(...keys) {
      for (const key of keys) {
        instance.stdin.write(key);
        await settle(key.length);
      }
    },
    async type(text) {
      for (const ch of text) {
        instance.stdin.write(ch);
        await settle();
      }
    },
    waitFor: (test, what, timeoutMs) => until(frame, test, what, timeoutMs),
    setSize(columns, rows) {
      size = { columns, rows };
      instance.stdout.emit('resize');
      instance.rerender(tree());
    },
    exited: () =>
      new Promise<void>((resolve) => {
        const stdin = instance.stdin;
        const check = () => {
          if (stdin.listenerCount('readable') > 0) return;
          stdin.off('removeListener', check);
          resolve();
        };
        stdin.on('removeListener', check);
        check();
      }),
    unmount: () => instance.unmount(),
    raw: (data) => instance.stdin.write(data),
  };
}

/** Every line at most `columns` cells (the text layer's widths: CJK and emoji take two) and exactly `rows` lines: the frame fits the terminal. */
export function fits(frame: string, columns: number, rows: number): boolean {
  const lines = frame.split('\n');
  return lines.length === rows && lines.every((l) => textWidth(l) <= columns);
}
