import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built `credence` binary (npm run build builds it beside the API). */
const BIN = fileURLToPath(new URL('../../../../cli/bin/credence.js', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the terminal client against a test API as ops staff would from a script: pipes (no
 * terminal), no colour, its own config home, signed in by CREDENCE_TOKEN.
 */
export function credenceCli(apiUrl: string, token: string): (args: string[]) => Promise<CliRun> {
  const home = mkdtempSync(join(tmpdir(), 'credence-cli-home-'));
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    CREDENCE_API_URL: apiUrl,
    CREDENCE_TOKEN: token,
    NO_COLOR: '1',
    COLUMNS: '120',
  };
  return (args) =>
    new Promise((resolve) => {
      const child = execFile(process.execPath, [BIN, ...args], { env, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end();
    });
}
