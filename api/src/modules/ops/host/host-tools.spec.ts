import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import { HOST_SCRIPT } from './host-script.js';
import { CHUNK_BYTES, HostTools } from './host-tools.js';
import { LocalScriptRunner, encodeArgs, ssmCommands, type ScriptRunner } from './script-runner.js';

const base = mkdtempSync(join(tmpdir(), 'credence-host-'));
after(() => rmSync(base, { recursive: true, force: true }));
const root = join(base, 'logs');
const secret = join(base, 'secret');
const canary = join(base, 'pwned');
mkdirSync(join(root, 'pipeline'), { recursive: true });
mkdirSync(secret);
writeFileSync(join(secret, 'passwd'), 'root:x:0:0\n');
writeFileSync(
  join(root, 'pipeline', 'run.log'),
  Array.from({ length: 30 }, (_, i) => `step ${i + 1} ok`).join('\n') + '\nERROR step 31 failed\n',
);
symlinkSync(join(secret, 'passwd'), join(root, 'escape.log'));
symlinkSync(join(root, 'pipeline', 'run.log'), join(root, 'current.log'));

/** Counts the calls (each one SSM command on EC2) and keeps the last answer's size. */
class CountingRunner implements ScriptRunner {
  calls = 0;
  largest = 0;
  constructor(private readonly inner: ScriptRunner) {}
  async run(args: string[]): Promise<string> {
    this.calls++;
    const out = await this.inner.run(args);
    this.largest = Math.max(this.largest, out.length);
    return out;
  }
}

const runner = new CountingRunner(new LocalScriptRunner('sh'));
const tools = new HostTools(runner, [root]);
const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { getStatus?: () => number }) => error.getStatus?.() ?? 500,
  );

describe('the ops host script, run for real with sh on this host (the text SSM sends)', () => {
  it('lists the files under the roots (a symlink only when it stays inside)', async () => {
    const files = await tools.list();
    expect(files.map((f) => f.name).sort()).toEqual(['pipeline/run.log']);
    expect(files[0]).toMatchObject({ path: join(root, 'pipeline', 'run.log'), size: statSync(join(root, 'pipeline', 'run.log')).size });
  });

  it('tails, searches and reads by offset, with the inode and size a watch continues from', async () => {
    const tail = await tools.tail('pipeline/run.log', 3);
    expect(tail.lines).toEqual(['step 29 ok', 'step 30 ok', 'ERROR step 31 failed']);
    const [inode, size] = tail.cursor.split(':');
    expect(Number(size)).toBe(tail.size);
    expect(await tools.search(join(root, 'current.log'), 'error')).toEqual({
      matches: [{ line_number: 31, line: 'ERROR step 31 failed' }],
      truncated: false,
    });
    appendFileSync(join(root, 'pipeline', 'run.log'), 'step 32 ok\n');
    const read = await tools.read('pipeline/run.log', inode, Number(size));
    // The 64 bytes before the offset come too: a follower compares them with what it read to see a rewrite.
    const lines = `${Array.from({ length: 30 }, (_, i) => `step ${i + 1} ok`).join('\n')}\nERROR step 31 failed\n`;
    expect(read).toEqual({ inode, size: Number(size) + 11, data: Buffer.from('step 32 ok\n'), before: Buffer.from(lines.slice(-64)) });
    expect(await tools.read('pipeline/run.log', '1', 0)).toEqual({ inode, size: Number(size) + 11, data: Buffer.alloc(0) });
  });

  it('answers an output larger than one chunk by offset, every call under the 24,000-character cap', async () => {
    const big = join(root, 'big.log');
    const lines = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(4, '0')} ${'x'.repeat(95)}`);
    writeFileSync(big, lines.join('\n') + '\n');
    const before = runner.calls;
    runner.largest = 0;
    const tail = await tools.tail(big, 1000);
    expect(tail.lines).toEqual(lines);
    expect(runner.calls - before).toBe(Math.ceil((tail.size + 20) / CHUNK_BYTES));
    expect(runner.largest).toBeLessThan(24_000);
  });

  it('refuses paths out of the roots (.., a symlink out, absolute) and answers 404 for a missing file', async () => {
    for (const hostile of ['../../etc/passwd', '/etc/passwd', 'escape.log', join(root, '..', 'secret', 'passwd'), '../secret/passwd']) {
      expect([hostile, await refused(tools.tail(hostile, 5))]).toEqual([hostile, 400]);
    }
    expect(await refused(tools.tail('pipeline', 5))).toBe(400);
    expect(await refused(tools.tail('missing.log', 5))).toBe(404);
  });

  it('keeps hostile values inert: shell syntax and {{ssm:...}} are literal text, control characters are refused before any host sees them', async () => {
    const file = join(root, 'hostile.log');
    writeFileSync(file, 'a $(touch x) b\n{{ssm:/x}} here\nplain\n');
    for (const pattern of [`; rm -rf ${base}`, `$(touch ${canary})`, `\`touch ${canary}\``, "'; touch " + canary + "; '", '"$HOME"']) {
      expect(await tools.search(file, pattern)).toEqual({ matches: [], truncated: false });
    }
    expect((await tools.search(file, '{{ssm:/x}}')).matches).toEqual([{ line_number: 2, line: '{{ssm:/x}} here' }]);
    expect((await tools.search(file, '$(touch x)')).matches).toEqual([{ line_number: 1, line: 'a $(touch x) b' }]);
    for (const path of [`$(touch ${canary})`, `\`touch ${canary}\``, `x; touch ${canary}`]) {
      expect(await refused(tools.tail(path, 5))).toBe(404);
    }
    expect(await refused(tools.search(file, `a\nb`))).toBe(400);
    expect(await refused(tools.search(file, 'a\u0000b'))).toBe(400);
    expect((await tools.search(file, 'z'.repeat(10_000))).matches).toEqual([]);
    expect(existsSync(canary)).toBe(false);
    expect(existsSync(root)).toBe(true);
  });

  it('folds case beyond ASCII as the local search does (a UTF-8 locale), with non-ASCII hostile patterns still inert', async () => {
    const file = join(root, 'accents.log');
    writeFileSync(file, 'ÉCHEC du lot 7\nétape réussie\nStraße gesperrt\nΣΦΑΛΜΑ δίσκου\né $(touch x) ü\n');
    expect((await tools.search(file, 'échec')).matches).toEqual([{ line_number: 1, line: 'ÉCHEC du lot 7' }]);
    expect((await tools.search(file, 'ÉTAPE RÉUSSIE')).matches).toEqual([{ line_number: 2, line: 'étape réussie' }]);
    expect((await tools.search(file, 'σφαλμα')).matches).toEqual([{ line_number: 4, line: 'ΣΦΑΛΜΑ δίσκου' }]);
    expect((await tools.search(file, 'É $(TOUCH X) Ü')).matches).toEqual([{ line_number: 5, line: 'é $(touch x) ü' }]);
    for (const pattern of [`é$(touch ${canary})`, `ü\`touch ${canary}\``, `Σ'; touch ${canary}; '`, 'é{{ssm:/x}}', 'ß'.repeat(3_000)]) {
      expect(await tools.search(file, pattern)).toEqual({ matches: [], truncated: false });
    }
    expect(existsSync(canary)).toBe(false);
  });

  it('sends SSM the fixed script after one line of base64 arguments: no user text, no quote, no {{', () => {
    const hostile = ['search', 'x', '0', '16000', '/var/log/$(id)', "{{ssm:/x}}'`;\\", '', '/var/log'];
    const [first, ...rest] = ssmCommands(encodeArgs(hostile));
    expect(rest.join('\n')).toBe(HOST_SCRIPT);
    expect(first).toMatch(/^set -- ('[A-Za-z0-9+/=]*' ?)+$/);
    expect(first).not.toContain('{{');
    expect(() => ssmCommands(["a'b"])).toThrow('not base64');
  });
});
