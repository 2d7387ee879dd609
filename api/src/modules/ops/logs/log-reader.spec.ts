import { appendFileSync, mkdtempSync, openSync, closeSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import { OPS_CONSTANTS } from '@credence/shared';
import { tailLines as tailOpened } from './log-reader.js';
import { searchOpenedLog } from './search-lines.js';
import { LogRoots } from './log-roots.js';

const dir = mkdtempSync(join(tmpdir(), 'credence-reader-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const roots = new LogRoots([dir]);

/** The readers take a file opened (and checked) by LogRoots.open, as the ops backend gives them. */
async function opened<T>(path: string, read: (file: Awaited<ReturnType<LogRoots['open']>>) => Promise<T>): Promise<T> {
  const file = await roots.open(path);
  try {
    return await read(file);
  } finally {
    await file.handle.close();
  }
}
const tailLines = (path: string, count: number) => opened(path, (file) => tailOpened(file, count));
const searchLines = (path: string, pattern: string) => opened(path, (file) => searchOpenedLog(file, pattern));
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const numbered = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`);

describe('tailLines: the last lines, read from the end', () => {
  it('answers the last n lines, with or without a final newline, and the cursor a watch continues from', async () => {
    const path = file('a.log', numbered(50).join('\n') + '\n');
    const tail = await tailLines(path, 10);
    expect(tail.lines).toEqual(numbered(50).slice(-10));
    expect(tail.cursor).toBe(`${statSync(path).ino}:${statSync(path).size}`);
    expect((await tailLines(file('b.log', 'x\ny\nunfinished'), 2)).lines).toEqual(['y', 'unfinished']);
    expect((await tailLines(file('c.log', 'only\n'), 10)).lines).toEqual(['only']);
    expect((await tailLines(file('d.log', ''), 10)).lines).toEqual([]);
    expect((await tailLines(file('e.log', '\n\n'), 10)).lines).toEqual(['', '']);
  });

  it('finds lines across its read chunks and keeps multi-byte characters whole, invalid bytes replaced', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `${i} ${'é'.repeat(i % 50)}`);
    expect((await tailLines(file('big.log', lines.join('\n') + '\n'), 1000)).lines).toEqual(lines.slice(-1000));
    const bad = file('bad.log', Buffer.concat([Buffer.from('ok\n'), Buffer.from([0xc3, 0x28]), Buffer.from('\n')]));
    expect((await tailLines(bad, 5)).lines).toEqual(['ok', '\ufffd(']);
  });

  it('reads a small part of a large sparse file: the cost is the lines asked for, not the size', async () => {
    const path = join(dir, 'sparse.log');
    const fd = openSync(path, 'w');
    writeSync(fd, 'the end\n', 0, 'utf8');
    writeSync(fd, numbered(5).join('\n') + '\n', 8 * 1024 * 1024 * 1024);
    closeSync(fd);
    expect((await tailLines(path, 3)).lines).toEqual(['line 3', 'line 4', 'line 5']);
  });

  it('cuts a very long line to the limit', async () => {
    const path = file('long.log', 'a\n' + 'z'.repeat(OPS_CONSTANTS.maxLineBytes * 4) + '\nb\n');
    const { lines } = await tailLines(path, 3);
    expect(lines.map((l) => l.length)).toEqual([1, OPS_CONSTANTS.maxLineBytes, 1]);
  });
});

describe('searchOpenedLog: literal, case-insensitive matches with line numbers', () => {
  it('finds the lines that contain the text, whatever its case, and never reads it as a pattern', async () => {
    const path = file('s.log', 'INFO start\nERROR disk full\ninfo error count=0\n.* $(rm -rf /) `x`\n');
    expect((await searchLines(path, 'error')).matches).toEqual([
      { line_number: 2, line: 'ERROR disk full' },
      { line_number: 3, line: 'info error count=0' },
    ]);
    expect((await searchLines(path, '.*')).matches).toEqual([{ line_number: 4, line: '.* $(rm -rf /) `x`' }]);
    expect((await searchLines(path, '$(rm -rf /)')).matches).toHaveLength(1);
    expect((await searchLines(path, 'absent')).matches).toEqual([]);
  });

  it('keeps the newest matches past the limit and says so', async () => {
    const path = file('many.log', numbered(OPS_CONSTANTS.maxSearchMatches + 20).join('\n'));
    appendFileSync(path, '\n');
    const result = await searchLines(path, 'line');
    expect(result.truncated).toBe(true);
    expect(result.matches).toHaveLength(OPS_CONSTANTS.maxSearchMatches);
    expect(result.matches.at(-1)).toEqual({
      line_number: OPS_CONSTANTS.maxSearchMatches + 20,
      line: `line ${OPS_CONSTANTS.maxSearchMatches + 20}`,
    });
  });
});
