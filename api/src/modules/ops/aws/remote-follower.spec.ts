import { appendFileSync, mkdtempSync, renameSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import { HostTools } from '../host/host-tools.js';
import { LocalScriptRunner } from '../host/script-runner.js';
import { parseResumePoint, type WatchEvent } from '../logs/follower-core.js';
import { RemoteFollower } from './remote-follower.js';

const dir = mkdtempSync(join(tmpdir(), 'credence-remote-follow-'));
after(() => rmSync(dir, { recursive: true, force: true }));
/** The host script on this host: the very reads SSM runs on an instance. */
const tools = new HostTools(new LocalScriptRunner('sh'), [dir]);
let n = 0;

/** A remote follower driven read by read (no poll loop), through the real host script. */
async function follow(path: string, options: { resume?: string; maxBacklogBytes?: number } = {}) {
  const follower = new RemoteFollower({
    pollMs: 3_600_000,
    maxBacklogBytes: options.maxBacklogBytes ?? 1024 * 1024,
    read: (inode, offset) => tools.read(path, inode, offset),
  });
  after(() => follower.stop());
  await follower.start(parseResumePoint(options.resume), false);
  const events: WatchEvent[] = [];
  follower.attach(options.resume, { event: (e) => events.push(e) });
  /** Reads until nothing more is waiting. */
  const drain = async () => {
    while (await follower.check());
  };
  const seen = () => events.map((e) => (e.type === 'message' ? (e.data as { line: string }).line : e.type));
  return { follower, events, drain, seen };
}

function file(initial: string): { path: string; inode: string } {
  const path = join(dir, `r${++n}.log`);
  writeFileSync(path, initial);
  return { path, inode: String(statSync(path).ino) };
}

describe('RemoteFollower: a file on an instance followed through the host script', () => {
  it('sends appended lines, and a rotation by rename as reset', async () => {
    const { path, inode } = file('old\n');
    const f = await follow(path);
    appendFileSync(path, 'one\ntwo\n');
    await f.drain();
    expect(f.events.map((e) => e.id)).toEqual([`${inode}:8`, `${inode}:12`]);
    renameSync(path, `${path}.1`);
    writeFileSync(path, 'fresh\n');
    await f.drain();
    expect(f.seen()).toEqual(['one', 'two', 'reset', 'fresh']);
    expect(f.events[2].data).toEqual({ reason: 'rotated', inode: String(statSync(path).ino) });
  });

  it('sees a copy-truncate where the file grew past its old size before the next read (the bytes before the offset changed)', async () => {
    const { path, inode } = file('');
    const f = await follow(path);
    appendFileSync(path, 'short\n');
    await f.drain();
    truncateSync(path, 0);
    appendFileSync(path, 'a much longer line written after the truncation\n');
    await f.drain();
    expect(f.seen()).toEqual(['short', 'reset', 'a much longer line written after the truncation']);
    expect(f.events[1].data).toEqual({ reason: 'truncated', inode });
    // Lines of the same length and start: only the bytes just before the offset differ.
    appendFileSync(path, 'step 0001 ok\n');
    await f.drain();
    const before = statSync(path).size;
    truncateSync(path, 0);
    appendFileSync(path, 'a much longer line written after the truncation\nstep 0002 ok\nstep 0003 ok\n');
    expect(statSync(path).size).toBeGreaterThan(before);
    await f.drain();
    expect(f.seen().slice(3)).toEqual([
      'step 0001 ok',
      'reset',
      'a much longer line written after the truncation',
      'step 0002 ok',
      'step 0003 ok',
    ]);
  });

  it('a new reader for a client resuming with its last id (nothing kept in memory) sends exactly the lines after it', async () => {
    const { path, inode } = file('seen\n');
    appendFileSync(path, 'missed while away\nand this\n');
    const back = await follow(path, { resume: `${inode}:5` });
    await back.drain();
    expect(back.seen()).toEqual(['missed while away', 'and this']);
    // A client of a file rotated while it was away: a reset, a gap for what the reader never had, then the lines.
    const stranger: WatchEvent[] = [];
    back.follower.attach('999999999:12', { event: (e) => stranger.push(e) });
    expect(stranger.map((e) => [e.type, e.data])).toEqual([
      ['reset', { reason: 'resume', inode }],
      ['gap', { skipped_bytes: 5 }],
      ['message', { line: 'missed while away' }],
      ['message', { line: 'and this' }],
    ]);
  });

  it('a client resuming from further back than the reader holds gets a gap with the bytes it missed', async () => {
    const { path, inode } = file('');
    const f = await follow(path);
    appendFileSync(path, 'first\n');
    await f.drain();
    const late: WatchEvent[] = [];
    f.follower.attach(`${inode}:0`, { event: (e) => late.push(e) });
    expect(late.map((e) => [e.type, e.data])).toEqual([['message', { line: 'first' }]]);
    const shared = await follow(path, { resume: `${inode}:0`, maxBacklogBytes: 2 });
    expect(shared.events.map((e) => [e.type, e.data])).toEqual([['gap', { skipped_bytes: 6 }]]);
  });
});
