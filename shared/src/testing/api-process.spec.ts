import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import { spawnApi } from './api-process.js';

const dir = mkdtempSync(join(tmpdir(), 'credence-api-process-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for api/dist/src/main.js. */
function script(name: string, source: string): string {
  const file = join(dir, name);
  writeFileSync(file, source);
  return file;
}

describe('spawnApi', () => {
  it('answers the printed address once the line is complete, with only PATH and the given environment', async () => {
    const main = script(
      'ready.mjs',
      `process.stderr.write('warming up\\n');
       process.stdout.write('  Credence is running at http://localhost:4');
       setTimeout(() => process.stdout.write('1234/\\n  ' + JSON.stringify(Object.keys(process.env).sort()) + ' ' + process.env.GREETING + '\\n'), 50);
       setInterval(() => {}, 1000);`,
    );
    let heard: () => void = () => undefined;
    const greeted = new Promise<void>((resolve) => (heard = resolve));
    const api = await spawnApi(main, { GREETING: 'hello' }, { onOutput: (text) => text.includes('hello') && heard() });
    try {
      expect(api.url).toBe('http://localhost:41234');
      await greeted;
      expect(api.output()).toContain('warming up');
      expect(api.output()).toContain('hello');
      expect(api.output()).not.toContain('"HOME"');
    } finally {
      await api.stop();
    }
    expect(api.child.signalCode).toBe('SIGTERM');
  });

  it('passes this process environment on when asked to', async () => {
    const main = script(
      'env.mjs',
      `console.log('Credence is running at http://localhost:1 ' + (process.env.PATH === ${JSON.stringify(process.env.PATH)}) + ' ' + Object.keys(process.env).length);`,
    );
    const api = await spawnApi(main, {}, { inheritEnv: true });
    await api.stop();
    expect(Number(/true (\d+)/.exec(api.output())?.[1])).toBe(Object.keys(process.env).length);
  });

  it('fails with the output when the server exits before starting', async () => {
    const main = script('fails.mjs', `console.error('JWT_SECRET is missing'); process.exit(3);`);
    await expect(spawnApi(main, {})).rejects.toThrow(/exited with 3 before starting:\nJWT_SECRET is missing/);
  });

  it('kills a server that does not start in time and fails with its output', async () => {
    // The clock is injected: the time runs out once the server has said what it is doing.
    let runOut: () => void = () => undefined;
    const timer = { set: (fire: () => void) => (runOut = fire), clear: () => undefined };
    const main = script('slow.mjs', `console.log('migrating'); setInterval(() => {}, 1000);`);
    const started = spawnApi(main, {}, { timeoutMs: 300, timer, onOutput: (text) => text.includes('migrating') && runOut() });
    await expect(started).rejects.toThrow(/did not start within 300 ms:\nmigrating/);
  });
});
