import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testNodeFlags } from '@credence/shared/api-process';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MAIN = join(dist, 'src', 'main.js');
export const ADMIN = join(dist, 'src', 'bin', 'credence-admin.js');
export const WORKER = join(dist, 'src', 'worker.js');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to the end with the given environment (nothing inherited but PATH). */
export function run(script: string, args: string[], env: Record<string, string>, input?: string): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...testNodeFlags(), script, ...args], { env: { PATH: process.env.PATH!, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/** `credence-admin user create` as an operator runs it: the password on stdin, the flags asked for. */
export function createUserWithAdmin(
  env: Record<string, string>,
  user: { email: string; password: string; role: string; approved?: boolean; json?: boolean },
): Promise<Finished> {
  const args = ['user', 'create', '--email', user.email, '--password-stdin', '--name', 'Olu Ops', '--company', 'Acme'];
  args.push('--role', user.role, '--verified', ...(user.approved ? ['--approved'] : []), ...(user.json ? ['--json'] : []));
  return run(ADMIN, args, env, user.password);
}

export interface Server {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Sends the signal and answers the exit code, how long the exit took and what the process printed. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number; output: string }>;
}

/** Starts `node main.js` and waits for the line that says where it listens. */
export function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<Server> {
  return startProcess(MAIN, /Credence is running at (http:\/\/\S+)/, env, timeoutMs);
}

/** Starts `node worker.js` (background jobs from Redis) and waits until it processes jobs. */
export function startWorker(env: Record<string, string>, timeoutMs = 60_000): Promise<Server> {
  return startProcess(WORKER, /credence-worker: (processing) jobs/, env, timeoutMs);
}

function startProcess(script: string, ready: RegExp, env: Record<string, string>, timeoutMs: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...testNodeFlags(), script], { env: { PATH: process.env.PATH!, ...env } });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          child,
          url: match[1],
          output: () => output,
          stop: (signal = 'SIGTERM') =>
            new Promise((done) => {
              const started = Date.now();
              child.once('exit', (code) => done({ code, ms: Date.now() - started, output }));
              child.kill(signal);
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before starting:\n${output}`));
    });
  });
}
