/**
 * Entry of the `credence` binary. `--version` is answered before anything is loaded; every other
 * path builds the commander program, whose commands import their code on first use.
 */
import { readFileSync } from 'node:fs';

export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * `credence` with no command in a terminal opens the full-screen UI (ARCHITECTURE.md 5): only
 * global flags given (--api-url, --token, --no-color), stdin and stdout a TTY, CI unset.
 * Anywhere else (a pipe, cron, CI, --json) it prints the help and exits 2, as before.
 */
export function opensTui(args: readonly string[], env: Record<string, string | undefined>, stdinIsTTY: boolean, stdoutIsTTY: boolean): boolean {
  if (!stdinIsTTY || !stdoutIsTTY) return false;
  const ci = env.CI ?? env.CONTINUOUS_INTEGRATION;
  if (ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false') return false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--api-url' || arg === '--token') {
      if (i + 1 >= args.length) return false;
      i++;
    } else if (!/^--(api-url|token)=./.test(arg) && arg !== '--no-color') return false;
  }
  return true;
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
  const { buildProgram } = await import('./program.js');
  await buildProgram(version()).parseAsync(opensTui(args, process.env, process.stdin.isTTY === true, process.stdout.isTTY === true) ? [...argv, 'tui'] : argv);
}
