/**
 * `credence tui` (and `credence` alone in a terminal): the full-screen UI. Loaded only by that
 * command, so `--version` and `--help` never load Ink or React.
 *
 * The UI draws on the terminal's alternate screen (like less, vim and k9s) and always gives the
 * terminal back as it found it — main screen, cursor shown, no raw mode — on `q`, Ctrl-C, a
 * crash or a signal. Ink renders in debug mode into a ScreenWriter, which draws only the
 * changed lines, at most one write per 16 ms.
 */
import { render } from 'ink';
import { format } from 'node:util';
import type { ApiClient } from '@credence/shared';
import { UsageError } from '../runtime/exit-codes.js';
import { App } from './app.js';
import type { Route } from './router.js';
import { ScreenWriter } from './screen-writer.js';
import { randomDatabaseDelay } from './services.js';

const ENTER_ALT_SCREEN = '\u001b[?1049h';
const LEAVE_ALT_SCREEN = '\u001b[?2026l\u001b[0m\u001b[?25h\u001b[?1049l';

export interface TuiOptions {
  client: ApiClient;
  apiUrl: string;
  /** Screens to start on (default: home). */
  initial?: Route[];
  /** Colours in the styled text (false: --no-color or NO_COLOR). */
  color?: boolean;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
}

/** Why the UI cannot start here, or null when it can (a terminal on both ends, not CI). */
export function tuiUnavailable(env: Record<string, string | undefined>, stdinIsTTY: boolean, stdoutIsTTY: boolean): string | null {
  if (!stdoutIsTTY || !stdinIsTTY)
    return 'the full-screen UI needs a terminal (stdin and stdout must be a TTY); use the commands for scripts (`credence --help`)';
  const ci = env.CI ?? env.CONTINUOUS_INTEGRATION;
  if (ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false')
    return 'the full-screen UI does not run under CI (CI is set); use the commands for scripts (`credence --help`)';
  return null;
}

type ConsoleMethod = 'log' | 'info' | 'warn' | 'error' | 'debug';
const CONSOLE_METHODS: readonly ConsoleMethod[] = ['log', 'info', 'warn', 'error', 'debug'];

/** While the UI owns the screen, console output is kept and printed after it (it would tear the frame). */
function holdConsole(): () => string[] {
  const held: string[] = [];
  const saved = CONSOLE_METHODS.map((m) => [m, console[m]] as const);
  for (const m of CONSOLE_METHODS) console[m] = (...args: unknown[]) => void held.push(format(...args));
  return () => {
    for (const [m, fn] of saved) console[m] = fn;
    return held;
  };
}

export async function runTui(options: TuiOptions): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const why = tuiUnavailable(process.env, stdin.isTTY === true, stdout.isTTY === true);
  if (why) throw new UsageError(why);

  const screen = new ScreenWriter(stdout);
  const releaseConsole = holdConsole();
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    try {
      if (stdin.isTTY) stdin.setRawMode(false);
    } catch {
      // stdin already closed
    }
    stdout.write(LEAVE_ALT_SCREEN);
  };
  process.once('exit', restore);
  // a signal ends the process without 'exit': give the terminal back first, then end as the signal would
  const signals: Array<[NodeJS.Signals, number]> = [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGQUIT', 131],
  ];
  const onSignal = (code: number) => () => {
    restore();
    process.exit(code);
  };
  const handlers = signals.map(([signal, code]) => [signal, onSignal(code)] as const);
  for (const [signal, handler] of handlers) process.once(signal, handler);
  stdout.write(ENTER_ALT_SCREEN);
  try {
    const instance = render(
      <App
        services={{ client: options.client, apiUrl: options.apiUrl, databaseDelay: randomDatabaseDelay, color: options.color }}
        initial={options.initial}
      />,
      {
        stdin,
        stdout: screen as unknown as NodeJS.WriteStream,
        debug: true, // whole frames as text: ScreenWriter draws the changed lines
        exitOnCtrlC: false, // the App quits on Ctrl-C itself
        patchConsole: false, // held by holdConsole instead
      },
    );
    await instance.waitUntilExit();
  } finally {
    screen.close();
    restore();
    process.off('exit', restore);
    for (const [signal, handler] of handlers) process.off(signal, handler);
    const held = releaseConsole();
    if (held.length > 0) process.stderr.write(`${held.join('\n')}\n`);
  }
}
