import { appendFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import { OPS_CONSTANTS } from '@credence/shared';
import { LogFollower, parseResumePoint, type WatchEvent } from './log-follower.js';
import { LogRoots } from './log-roots.js';

const dir = mkdtempSync(join(tmpdir(), 'credence-follow-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const roots = new LogRoots([dir]);
let n = 0;

/** A follower checked by hand (its own poll is an hour away): every test drives it step by step. */
async function follow(initial: string | Buffer, options: { maxBacklogBytes?: number; resume?: string } = {}) {
  const path = join(dir, `f${++n}.log`);
  writeFileSync(path, initial);
  const follower = new LogFollower(path, roots, { pollMs: 3_600_000, maxBacklogBytes: options.maxBacklogBytes ?? 1024 * 1024 });
  await follower.start(parseResumePoint(options.resume));
  const events: WatchEvent[] = [];
  follower.attach(options.resume, { event: (e) => events.push(e) });
  const lines = () => events.filter((e) => e.type === 'message').map((e) => (e.data as { line: string }).line);
  after(() => follower.stop());
  return { path, follower, events, lines, inode: String(statSync(path).ino) };
}

describe('LogFollower: one reader of a file, like tail -F', () => {
  it('starts at the end, sends each appended complete line once with the id <inode>:<offset after it>, and holds a partial line', async () => {
    const f = await follow('old line\n');
    appendFileSync(f.path, 'first\nsecond\nthird, not finished');
    await f.follower.check();
    expect(f.lines()).toEqual(['first', 'second']);
    expect(f.events.map((e) => e.id)).toEqual([`${f.inode}:15`, `${f.inode}:22`]);
    appendFileSync(f.path, ' yet\n');
    await f.follower.check();
    expect(f.lines()).toEqual(['first', 'second', 'third, not finished yet']);
  });

  it('sends reset and continues from the start of the new file after a rotation by rename, reading the old file to its end first', async () => {
    const f = await follow('');
    appendFileSync(f.path, 'before\n');
    await f.follower.check();
    appendFileSync(f.path, 'written just before the rename\n');
    renameSync(f.path, `${f.path}.1`);
    writeFileSync(f.path, 'in the new file\n');
    await f.follower.check();
    expect(f.lines()).toEqual(['before', 'written just before the rename', 'in the new file']);
    const reset = f.events.find((e) => e.type === 'reset')!;
    expect(reset.data).toEqual({ reason: 'rotated', inode: String(statSync(f.path).ino) });
    expect(reset.data).not.toEqual(expect.objectContaining({ inode: f.inode }));
  });

  it('says once that the file is missing after a rename or a delete, keeps waiting, and picks the new one up when it appears', async () => {
    const f = await follow('');
    renameSync(f.path, `${f.path}.old`);
    await f.follower.check();
    await f.follower.check();
    expect(f.events).toEqual([{ type: 'reset', id: `${f.inode}:0`, data: { reason: 'missing', inode: f.inode } }]);
    writeFileSync(f.path, 'recreated\n');
    await f.follower.check();
    expect(f.events.map((e) => e.type)).toEqual(['reset', 'reset', 'message']);
    expect(f.events[1].data).toMatchObject({ reason: 'rotated' });
    rmSync(f.path);
    await f.follower.check();
    expect(f.events.at(-1)!.data).toMatchObject({ reason: 'missing' });
    expect(f.lines()).toEqual(['recreated']);
  });

  it('sends reset on a copy-truncate rotation and on a plain truncation, then the lines written after it', async () => {
    const f = await follow('a long first line of the file\n');
    appendFileSync(f.path, 'more\n');
    await f.follower.check();
    truncateSync(f.path, 0);
    appendFileSync(f.path, 'x\n');
    await f.follower.check();
    expect(f.events.map((e) => e.type)).toEqual(['message', 'reset', 'message']);
    expect(f.events[1].data).toEqual({ reason: 'truncated', inode: f.inode });
    expect(f.lines()).toEqual(['more', 'x']);
    expect(f.events[2].id).toBe(`${f.inode}:2`);
  });

  it('sees a truncation followed by more bytes than the file held before (the size alone would not tell)', async () => {
    const f = await follow('');
    appendFileSync(f.path, 'short\n');
    await f.follower.check();
    truncateSync(f.path, 0);
    appendFileSync(f.path, 'a much longer line written after the truncation\n');
    await f.follower.check();
    expect(f.events.map((e) => e.type)).toEqual(['message', 'reset', 'message']);
    expect(f.lines()).toEqual(['short', 'a much longer line written after the truncation']);
  });

  it('cuts a line longer than the limit (marked truncated) and goes on with the next line', async () => {
    const f = await follow('');
    const long = 'y'.repeat(OPS_CONSTANTS.maxLineBytes * 3);
    appendFileSync(f.path, `${long}\nshort\n`);
    await f.follower.check();
    expect(f.events.map((e) => e.data)).toEqual([{ line: 'y'.repeat(OPS_CONSTANTS.maxLineBytes), truncated: true }, { line: 'short' }]);
  });

  it('turns invalid UTF-8 into replacement characters and keeps valid multi-byte characters whole', async () => {
    const f = await follow('');
    appendFileSync(f.path, Buffer.concat([Buffer.from('bad '), Buffer.from([0xff, 0xfe]), Buffer.from(' £ é 日本\r\n')]));
    await f.follower.check();
    expect(f.lines()).toEqual(['bad \ufffd\ufffd £ é 日本']);
  });

  it('skips to the newest bytes with a gap saying how many were skipped when it falls too far behind', async () => {
    const f = await follow('', { maxBacklogBytes: 1024 });
    const burst = Array.from({ length: 200 }, (_, i) => `line ${String(i).padStart(4, '0')}`).join('\n') + '\n';
    appendFileSync(f.path, burst);
    await f.follower.check();
    const gap = f.events[0];
    expect(gap.type).toBe('gap');
    const received = f.lines();
    expect(received.at(-1)).toBe('line 0199');
    const skipped = (gap.data as { skipped_bytes: number }).skipped_bytes;
    // What was skipped and what was sent add up to the whole burst, with no line cut in half.
    expect(skipped + received.reduce((sum, line) => sum + line.length + 1, 0)).toBe(burst.length);
    expect(received.every((line) => /^line \d{4}$/.test(line))).toBe(true);
  });

  it('gives a client that resumes with its last id exactly the lines after it, even across a rotation', async () => {
    const f = await follow('');
    appendFileSync(f.path, 'one\ntwo\n');
    await f.follower.check();
    const lastSeen = f.events[0].id;
    renameSync(f.path, `${f.path}.1`);
    writeFileSync(f.path, 'three\n');
    await f.follower.check();
    const resumed: WatchEvent[] = [];
    f.follower.attach(lastSeen, { event: (e) => resumed.push(e) });
    expect(resumed.map((e) => (e.type === 'message' ? (e.data as { line: string }).line : e.type))).toEqual(['two', 'reset', 'three']);
  });

  it('a new reader started for a resuming client reads from its offset; an unknown file gets a reset', async () => {
    const path = join(dir, 'resume.log');
    writeFileSync(path, 'seen\n');
    const inode = String(statSync(path).ino);
    appendFileSync(path, 'missed while away\n');
    const follower = new LogFollower(path, roots, { pollMs: 3_600_000, maxBacklogBytes: 1024 * 1024 });
    after(() => follower.stop());
    await follower.start(parseResumePoint(`${inode}:5`));
    const back: WatchEvent[] = [];
    follower.attach(`${inode}:5`, { event: (e) => back.push(e) });
    await follower.check();
    expect(back.map((e) => e.data)).toEqual([{ line: 'missed while away' }]);
    const stranger: WatchEvent[] = [];
    follower.attach('999999999:12', { event: (e) => stranger.push(e) });
    // It cannot have the first 5 bytes (the reader started after them): reset, a gap of 5, then the line.
    expect(stranger.map((e) => [e.type, e.data])).toEqual([
      ['reset', { reason: 'resume', inode }],
      ['gap', { skipped_bytes: 5 }],
      ['message', { line: 'missed while away' }],
    ]);
  });

  it('ends the watch, reading nothing, when a rotation puts a link to a file outside the roots (or a directory) at the path', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'credence-outside-'));
    after(() => rmSync(outside, { recursive: true, force: true }));
    writeFileSync(join(outside, 'jwt-secret'), 'the signing secret\n');
    for (const replace of [
      (path: string) => symlinkSync(join(outside, 'jwt-secret'), path),
      (path: string) => mkdirSync(path),
      (path: string) => symlinkSync(`../${outside.split('/').slice(-1)[0]}/jwt-secret`, path),
    ]) {
      const f = await follow('');
      let ended = 0;
      f.follower.attach(undefined, { event: () => undefined, end: () => ended++ });
      appendFileSync(f.path, 'last line of the old file\n');
      renameSync(f.path, `${f.path}.1`);
      replace(f.path);
      await f.follower.check();
      expect(f.lines()).toEqual(['last line of the old file']);
      const last = f.events.at(-1)!;
      expect(last.data).toEqual({ error: expect.stringContaining('has ended: that path now leads outside the log directories') });
      expect([ended, f.follower.ended]).toEqual([1, true]);
      // Later checks read nothing; a client arriving now gets the end at once.
      writeFileSync(join(outside, 'jwt-secret'), 'the signing secret, rewritten\n');
      await f.follower.check();
      expect(f.events.at(-1)).toBe(last);
      const late: WatchEvent[] = [];
      let lateEnded = false;
      f.follower.attach(undefined, { event: (e) => late.push(e), end: () => (lateEnded = true) });
      expect([late, lateEnded]).toEqual([[last], true]);
      expect(JSON.stringify(f.events)).not.toContain('signing secret');
    }
  });

  it('reads only well-formed resume ids', () => {
    expect(parseResumePoint('123:456')).toEqual({ inode: '123', offset: 456 });
    for (const bad of [undefined, '', 'abc:1', '1:-1', '1:2:3', '$(rm -rf /):1', '1:1\n2']) expect(parseResumePoint(bad)).toBeNull();
  });
});
