import { describe, it } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../src/runtime/atomic-write.js';

const dir = () => mkdtempSync(join(tmpdir(), 'credence-atomic-'));

describe('writeFileAtomic', () => {
  it('writes every chunk to the target and leaves no temp file', async () => {
    const d = dir();
    const target = join(d, 'out.csv');
    const bytes = await writeFileAtomic(
      target,
      (async function* () {
        yield 'a,b\r\n';
        yield new TextEncoder().encode('1,2\r\n');
      })(),
    );
    expect(bytes).toBe(10);
    expect(readFileSync(target, 'utf8')).toBe('a,b\r\n1,2\r\n');
    expect(readdirSync(d)).toEqual(['out.csv']);
    expect(statSync(target).mode & 0o777).toBe(0o644 & ~process.umask());
  });

  it('makes the file only at the end: while writing, only the hidden temp file exists', async () => {
    const d = dir();
    const target = join(d, 'rows.json');
    let seenDuring: string[] = [];
    await writeFileAtomic(
      target,
      (async function* () {
        yield '[1,';
        seenDuring = readdirSync(d);
        yield '2]';
      })(),
    );
    expect(seenDuring).toHaveLength(1);
    expect(seenDuring[0]).toMatch(/^\.rows\.json\.\d+\.[0-9a-f]+\.tmp$/);
    expect(readFileSync(target, 'utf8')).toBe('[1,2]');
  });

  it('on a failure mid-stream leaves no partial file and keeps an existing target untouched', async () => {
    const d = dir();
    const fresh = join(d, 'fresh.xlsx');
    await expect(
      writeFileAtomic(
        fresh,
        (async function* () {
          yield 'partial';
          throw new Error('connection reset');
        })(),
      ),
    ).rejects.toThrow('connection reset');
    expect(readdirSync(d)).toEqual([]);

    const existing = join(d, 'yesterday.csv');
    writeFileSync(existing, 'old complete file');
    await expect(
      writeFileAtomic(
        existing,
        (async function* () {
          yield 'new but ';
          throw new Error('server went away');
        })(),
      ),
    ).rejects.toThrow('server went away');
    expect(readFileSync(existing, 'utf8')).toBe('old complete file');
    expect(readdirSync(d)).toEqual(['yesterday.csv']);
  });

  it('fails naming the file, its directory and the fix (not the temp file) when the directory does not exist or is a file', async () => {
    const missing = join(dir(), 'missing');
    await expect(writeFileAtomic(join(missing, 'out.csv'), ['x'])).rejects.toMatchObject({
      code: 'ENOENT',
      message: `Cannot write ${join(missing, 'out.csv')}: the directory ${missing} does not exist. Create it (mkdir -p ${missing}) or write to an existing directory.`,
    });
    const file = join(dir(), 'a-file');
    writeFileSync(file, 'not a directory');
    await expect(writeFileAtomic(join(file, 'out.csv'), ['x'])).rejects.toMatchObject({
      code: 'ENOTDIR',
      message: `Cannot write ${join(file, 'out.csv')}: ${file} is not a directory. Give a path in an existing directory.`,
    });
  });
});
