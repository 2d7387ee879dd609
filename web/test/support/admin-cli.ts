/** credence-admin (the built api/dist) run against a running test server's data directory, as an operator would. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { testNodeFlags } from '@credence/shared/api-process';
import { REPO, type ApiServer } from './api-server.ts';

export async function runAdmin(api: ApiServer, args: string[], timeoutMs = 60_000): Promise<string> {
  const bin = join(REPO, 'api', 'bin', 'credence-admin.js');
  const child = spawn(process.execPath, [...testNodeFlags(), bin, ...args], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: api.dataDir, LOG_LEVEL: 'warn', CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`credence-admin ${args.join(' ')} exited ${code}:\n${out}`);
  return out;
}
