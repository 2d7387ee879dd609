import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import { OPS_CONSTANTS } from '@credence/shared';
import { searchOpenedLog, type SearchOptions } from './search-lines.js';
import { LogRoots } from './log-roots.js';

const dir = mkdtempSync(join(tmpdir(), 'credence-grep-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const roots = new LogRoots([dir]);

/** A search of a file opened (and checked) by LogRoots.open, as the local backend gives it. */
async function grep(name: string, content: string, pattern: string, options: SearchOptions = {}) {
  writeFileSync(join(dir, name), content);
  const file = await roots.open(join(dir, name));
  try {
    return await searchOpenedLog(file, pattern, options);
  } finally {
    await file.handle.close();
  }
}

describe('searchOpenedLog: the opened file searched in a worker thread, off the event loop (issue 28 §4)', () => {
  it('finds literal text in any case with line numbers; options, shell and regex text in the pattern are inert', async () => {
    const text = 'ok\nERROR one\n-e x\n.* $(touch /tmp/x) --help\nerror two\nÉCHEC trois\n';
    expect((await grep('a.log', text, 'error')).matches).toEqual([
      { line_number: 2, line: 'ERROR one' },
      { line_number: 5, line: 'error two' },
    ]);
    for (const pattern of ['-e x', '.* $(touch /tmp/x)', '--help'])
      expect((await grep('a.log', text, pattern)).matches.map((m) => m.line_number)).toEqual([pattern === '-e x' ? 3 : 4]);
    expect((await grep('a.log', text, 'échec')).matches).toEqual([{ line_number: 6, line: 'ÉCHEC trois' }]);
    expect(await grep('a.log', text, 'absent')).toMatchObject({ matches: [], truncated: false, matched: 0 });
  });

  it('matches ASCII text in ASCII case only, and counts lines right across its 4 MB reads', async () => {
    // the Kelvin sign and the long s fold onto k and s in Unicode, never in an ASCII search
    const folded = 'ok\nthe \u212Aelvin sign\nthe \u017Fong s\nKELVIN here\n';
    expect((await grep('fold.log', folded, 'kelvin')).matches).toEqual([{ line_number: 4, line: 'KELVIN here' }]);
    expect((await grep('fold.log', folded, 'song')).matches).toEqual([]);
    // about 9 MB of lines of varied length, a match every 997 lines, in every case
    const lines = Array.from({ length: 120_000 }, (_, i) =>
      i % 997 === 0 ? `${'x'.repeat(i % 150)} Needle ${i} NEEDLE needle` : `${i} ${'filler '.repeat(i % 23)}`,
    );
    const expected = lines.flatMap((line, i) => (line.toLowerCase().includes('needle') ? [i + 1] : []));
    const { matches, matched } = await grep('big.log', lines.join('\n') + '\n', 'nEeDlE', { limit: 1000 });
    expect(matched).toBe(expected.length);
    expect(matches.map((m) => m.line_number)).toEqual(expected);
    expect(matches.every((m) => lines[m.line_number - 1] === m.line)).toBe(true);
  });

  it('keeps the newest `limit` matches (truncated), or streams the first ones and stops (stopAfter); a long line is cut', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const newest = await grep('b.log', lines, 'line', { limit: 3 });
    expect(newest).toMatchObject({ truncated: true, matched: 50 });
    expect(newest.matches.map((m) => m.line_number)).toEqual([48, 49, 50]);
    const found: number[] = [];
    const first = await grep('b.log', lines, 'line', { stopAfter: 4, onMatch: (m) => found.push(m.line_number) });
    expect([found, first.truncated, first.matched]).toEqual([[1, 2, 3, 4], true, 5]);
    const long = await grep('c.log', `short\n${'x'.repeat(OPS_CONSTANTS.maxLineBytes * 3)} needle\n`, 'x');
    expect(long.matches).toHaveLength(1);
    expect(Buffer.byteLength(long.matches[0].line)).toBe(OPS_CONSTANTS.maxLineBytes);
  });

  it('reports progress to the whole size, and stops the search when the client leaves (the search rejects, unfinished)', async () => {
    // 13 MB: read in 4 MB chunks, line numbers counted across them
    const filler = 'a pipeline line that does not match at all\n';
    const big = filler.repeat(200_000) + 'the NEEDLE line\n' + filler.repeat(100_000);
    const seen: number[] = [];
    const done = await grep('d.log', big, 'needle', { onProgress: (p) => seen.push(p.scanned_bytes / p.total_bytes) });
    expect([done.matches, seen.at(-1)]).toEqual([[{ line_number: 200_001, line: 'the NEEDLE line' }], 1]);
    // Every line matches: the search is far from done when its first matches arrive and the client leaves.
    const leave = new AbortController();
    let shown = 0;
    const search = grep('e.log', 'zzz matches\n'.repeat(7_000_000), 'zzz', {
      signal: leave.signal,
      onProgress: (p) => ((shown = p.scanned_bytes), leave.abort(new Error('the client left'))),
    });
    await expect(search).rejects.toThrow('the client left');
    expect(shown).toBeLessThan(84_000_000);
  });
});
