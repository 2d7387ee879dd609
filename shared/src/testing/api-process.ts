/**
 * Starts a built API (`node <main>`) for end-to-end tests and benchmarks, and waits until it prints
 * `Credence is running at <url>`. Node only: exported as `@credence/shared/api-process`, never from
 * the package's main entry (the web bundle imports that one).
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface SpawnApiOptions {
  /** The working directory of the server (default: this process's). */
  cwd?: string;
  /** How long it may take to start before it is killed (SIGKILL); 0 waits for ever. Default 120 s. */
  timeoutMs?: number;
  /** Whether the server sees this process's environment; without it, only PATH, SCREENDIR and `env`. */
  inheritEnv?: boolean;
  /** Called with each piece of output as it arrives, stdout and stderr alike. */
  onOutput?: (text: string) => void;
  /** The clock behind `timeoutMs` (default: setTimeout and clearTimeout); tests inject their own. */
  timer?: StartTimer;
}

export interface StartTimer {
  set(fire: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const REAL_TIMER: StartTimer = {
  set: (fire, ms) => setTimeout(fire, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ApiProcess {
  /** The address it printed, without a trailing slash ("http://localhost:41234"). */
  url: string;
  child: ChildProcess;
  /** All it has written so far, stdout and stderr together. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s; resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Extra flags for the node processes test suites start (CREDENCE_TEST_NODE_FLAGS, set by the test
 * runners: scripts/suite-env.mjs); none outside a test run, so benchmarks run the API as it ships.
 */
export function testNodeFlags(): string[] {
  return (process.env.CREDENCE_TEST_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
}

/** The line the API prints once it listens (always followed by a line break). */
const READY = /Credence is running at (http:\/\/\S+)\s/;

export async function spawnApi(main: string, env: Record<string, string>, options: SpawnApiOptions = {}): Promise<ApiProcess> {
  const { cwd, timeoutMs = 120_000, inheritEnv = false, onOutput, timer: clock = REAL_TIMER } = options;
  // SCREENDIR: the GNU screen sessions the server's ops backend lists are the ones this process sees
  const machine = { PATH: process.env.PATH ?? '', ...(process.env.SCREENDIR ? { SCREENDIR: process.env.SCREENDIR } : {}) };
  const child = spawn(process.execPath, [...testNodeFlags(), main], {
    env: inheritEnv ? { ...process.env, ...env } : { ...machine, ...env },
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started = false;
  const url = await new Promise<string>((ready, fail) => {
    const timer =
      timeoutMs > 0
        ? clock.set(() => {
            child.kill('SIGKILL');
            fail(new Error(`The API did not start within ${timeoutMs} ms:\n${output}`));
          }, timeoutMs)
        : undefined;
    // Each stream is searched by itself: a chunk of one can fall inside a line of the other.
    const watch = (stream: NodeJS.ReadableStream) => {
      let text = '';
      stream.on('data', (data: Buffer) => {
        output += data.toString();
        onOutput?.(data.toString());
        if (started) return;
        text += data.toString();
        const match = READY.exec(text);
        if (match) {
          started = true;
          clock.clear(timer);
          ready(match[1].replace(/\/+$/, ''));
        }
      });
    };
    watch(child.stdout);
    watch(child.stderr);
    child.once('error', (error) => {
      clock.clear(timer);
      fail(error);
    });
    child.once('exit', (code, signal) => {
      clock.clear(timer);
      fail(new Error(`The API exited with ${code ?? signal} before starting:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
