/**
 * Entry of the `credence` binary. `--version` is answered before anything is loaded; every other
 * path builds the commander program, whose commands import their code on first use.
 */
import { readFileSync } from 'node:fs';
import { PACKAGE_ROOT } from './paths.js';

export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('package.json', PACKAGE_ROOT), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * `credence` with no command in a terminal opens the full-screen UI (docs/architecture.md 5): only
 * global flags given (--api-url, --token, --no-color), stdin and stdout a TTY, CI unset.
 * Anywhere else (a pipe, cron, CI, --json) it prints the help and exits 2, as before.
 */
export function opensTui(
  args: readonly string[],
  env: Record<string, string | undefined>,
  stdinIsTTY: boolean,
  stdoutIsTTY: boolean,
): boolean {
  if (!stdinIsTTY || !stdoutIsTTY) return false;
  const ci = env.CI ?? env.CONTINUOUS_INTEGRATION;
  if (ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false') return false;
  const flags = globalFlags(args);
  return flags !== null && !flags.tui;
}

export interface TuiFlags {
  apiUrl?: string;
  token?: string;
  color?: boolean;
  /** The word `tui` was given. */
  tui: boolean;
}

/** --api-url, --token, --no-color (as commander reads them) and at most one `tui`; null when `args` hold anything else. */
export function globalFlags(args: readonly string[]): TuiFlags | null {
  const flags: TuiFlags = { tui: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const inline = /^--(api-url|token)=(.+)$/.exec(arg);
    if (arg === '--api-url' || arg === '--token') {
      if (i + 1 >= args.length) return null;
      flags[arg === '--token' ? 'token' : 'apiUrl'] = args[++i];
    } else if (inline) flags[inline[1] === 'token' ? 'token' : 'apiUrl'] = inline[2];
    else if (arg === '--no-color') flags.color = false;
    else if (arg === 'tui' && !flags.tui) flags.tui = true;
    else return null;
  }
  return flags;
}

/**
 * The full-screen UI without commander (which costs a tenth of a second the first frame cannot
 * spare): `credence` alone in a terminal, or `credence tui` with only global flags. The
 * environment fills what the flags leave out, as commander's .env() does.
 */
async function runTuiDirectly(options: TuiFlags): Promise<void> {
  const { describeFailure } = await import('./runtime/exit-codes.js');
  const merged = {
    apiUrl: options.apiUrl ?? process.env.CREDENCE_API_URL,
    token: options.token ?? process.env.CREDENCE_TOKEN,
    color: options.color,
  };
  try {
    await (await import('./ui/command.js')).tui(merged);
  } catch (error) {
    const failure = describeFailure(error, merged.apiUrl);
    process.stderr.write(`credence: ${failure.message}\n`);
    process.exitCode = failure.code;
  }
}

export async function run(argv: string[]): Promise<void> {
  const args = argv.slice(2);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    process.stdout.write(`${version()}\n`);
    return;
  }
  // `credence screener | head` closing the pipe early is not a failure.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  const flags = globalFlags(args);
  if (flags && (flags.tui || opensTui(args, process.env, process.stdin.isTTY === true, process.stdout.isTTY === true)))
    return runTuiDirectly(flags);
  const { buildProgram } = await import('./program.js');
  await buildProgram(version()).parseAsync(argv);
}
