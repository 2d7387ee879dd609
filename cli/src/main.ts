/**
 * Entry of the `credence` binary. `--version` is answered before anything is loaded; every other
 * path builds the commander program, whose commands import their code on first use.
 */
import { readFileSync } from 'node:fs';

export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
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
  await buildProgram(version()).parseAsync(argv);
}
