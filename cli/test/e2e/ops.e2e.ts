/**
 * `credence ops`, `credence logs` and `credence screens` against the real API on the local ops
 * backend: real log files under OPS_LOG_DIRS, a real GNU screen session, the binary spawned
 * (pipes: no TTY) and `logs tail -f` in tmux at 80x24 as over SSH.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { OPS_TEXTS } from '@credence/shared';
import { startOpsHost, pipelineLog, type OpsHost } from '../support/ops-host.js';
import { BIN, credence, running, signedInUser, type ApiServer } from '../support/processes.js';
import { Tmux } from './tmux.js';

describe('credence ops, logs and screens against the real API (local backend)', () => {
  let host: OpsHost;
  let api: ApiServer;
  let ops: Record<string, string>;
  let analyst: Record<string, string>;
  let logs: string;
  let screenName: string;

  before(async () => {
    host = await startOpsHost('cli', { 'pipeline/run.log': pipelineLog('step', 40) }, 'echo "screen says hello"; exec sleep 600');
    ({ api, logs, screenName } = host);
    ({ env: ops } = await signedInUser(api, {
      email: 'olu@ops.test',
      password: 'a long and unusual ops passphrase',
      name: 'Olu Ops',
      role: 'ops',
    }));
    ({ env: analyst } = await signedInUser(api, { email: 'ann@ops.test', password: 'a long and unusual passphrase', name: 'Ann' }));
  });
  after(() => host?.close());

  it('ops status and instances show the local host running; start and stop need --yes without a terminal and are refused by the local backend', async () => {
    const status = await credence(['ops', 'status'], ops);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/State\s+running/);
    expect(status.stdout).toMatch(/Instance status\s+ok/);
    expect(status.stdout).toContain('(local)');
    const json = JSON.parse((await credence(['ops', 'status', '--json'], ops)).stdout);
    expect(json).toMatchObject({ status: 'success', state: 'running', instance_id: 'local', backend: 'local' });
    const instances = await credence(['ops', 'instances', '--region', 'eu-west-1'], ops);
    expect(instances.stdout).toMatch(/^ID\s+NAME\s+STATE\nlocal\s+\S+\s+running$/m);

    const unconfirmed = await credence(['ops', 'start'], ops);
    expect([unconfirmed.code, unconfirmed.stderr]).toEqual([2, expect.stringContaining('add --yes to confirm')]);
    const refused = await credence(['ops', 'stop', '--yes'], ops);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`credence: Failed to stop instance: ${OPS_TEXTS.localStartStop}\n`);
    expect((await credence(['ops', 'status', '--region', 'mars-1'], ops)).code).toBe(2);
  });

  it('refuses an analyst with exit 5 ("refused"), not 4 ("not signed in": a cron wrapper would sign in again and loop), and says why', async () => {
    for (const args of [
      ['logs', 'list'],
      ['ops', 'status'],
      ['screens', 'list'],
    ]) {
      const run = await credence(args, analyst);
      expect([args.join(' '), run.code]).toEqual([args.join(' '), 5]);
      expect(run.stderr).toContain('This needs the ops or admin role.');
      expect(run.stderr).not.toMatch(/not signed in/i);
    }
  });

  it('logs list, tail -n, search with highlighted matches, and clear usage errors', async () => {
    const list = await credence(['logs', 'list'], ops);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/pipeline\/run\.log/);
    expect(list.stdout).toMatch(/\d+(\.\d\d)? (B|KB)\s/);
    const tail = await credence(['logs', 'tail', 'pipeline/run.log', '-n', '3'], ops);
    expect(tail.stdout).toBe('step 39 ok\nstep 40 ok\nERROR step 41 failed\n');
    expect((await credence(['logs', 'tail', 'pipeline/run.log'], ops)).stdout.trim().split('\n')).toHaveLength(10);
    const grep = await credence(['logs', 'tail', 'pipeline/run.log', '-n', '100', '--grep', 'error'], ops);
    expect(grep.stdout).toBe('ERROR step 41 failed\n');
    // a merged tail of three files: one stream, each line prefixed with its file, include and exclude applied by the server
    writeFileSync(join(logs, 'm1.log'), 'm1 ok\nm1 ERROR disk full\nm1 error healthcheck\n');
    writeFileSync(join(logs, 'm2.log'), 'm2 Error net down\n');
    writeFileSync(join(logs, 'm3.log'), 'm3 all fine\n');
    const merged = await credence(['logs', 'tail', 'm1.log', 'm2.log', 'm3.log', '--grep', 'error', '--exclude', 'HEALTHCHECK'], ops);
    expect([merged.code, merged.stdout]).toEqual([0, '[m1.log] m1 ERROR disk full\n[m2.log] m2 Error net down\n']);
    const search = await credence(['logs', 'search', 'pipeline/run.log', 'step 4'], ops);
    expect(search.stdout).toBe('4  step 4 ok\n40  step 40 ok\n41  ERROR step 41 failed\n');
    expect(search.stderr).toContain('3 matching lines');
    expect(search.code).toBe(0);
    // as grep: nothing matched is exit 1, with nothing on stdout (and the same with --json)
    const none = await credence(['logs', 'search', 'pipeline/run.log', 'no such words'], ops);
    expect([none.code, none.stdout, none.stderr]).toEqual([1, '', expect.stringContaining('0 matching lines')]);
    expect((await credence(['logs', 'search', 'pipeline/run.log', 'no such words', '--json'], ops)).code).toBe(1);
    for (const bad of [
      ['logs', 'tail', 'pipeline/run.log', '-n', '0'],
      ['logs', 'tail', 'pipeline/run.log', '-n', 'ten'],
      ['logs', 'tail', '../../etc/passwd'],
      ['logs', 'search', 'pipeline/run.log', 'x'.repeat(10_000)],
    ]) {
      const run = await credence(bad, ops);
      expect([bad.join(' ').slice(0, 60), run.code]).toEqual([bad.join(' ').slice(0, 60), 2]);
    }
    const missing = await credence(['logs', 'tail', 'nope.log'], ops);
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining('No such log file: nope.log')]);
  });

  it('logs tail -f prints the last lines, then new ones as they are written, across a rotation and a truncation, until Ctrl-C', async () => {
    const path = join(logs, 'live.log');
    writeFileSync(path, 'old 1\nold 2\n');
    const tail = running(['logs', 'tail', 'live.log', '-f', '-n', '2'], ops);
    await tail.until(() => tail.stdout() === 'old 1\nold 2\n', 'the first lines');
    // The watch starts at the tail's cursor: a line written right after the tail is not lost.
    appendFileSync(path, 'new 1\n');
    await tail.until(() => tail.stdout().endsWith('new 1\n'), 'an appended line');
    renameSync(path, `${path}.1`);
    writeFileSync(path, 'after rotation\n');
    await tail.until(() => tail.stdout().endsWith('after rotation\n'), 'the rotated file');
    expect(tail.stderr()).toContain('--- file rotated: following it from its start ---');
    truncateSync(path, 0);
    appendFileSync(path, 'after truncation\n');
    await tail.until(() => tail.stdout().endsWith('after truncation\n'), 'the truncated file');
    expect(tail.stderr()).toContain('--- file truncated: following it from its start ---');
    expect(tail.stdout()).toBe('old 1\nold 2\nnew 1\nafter rotation\nafter truncation\n');
    // deleted: said once, and the file is picked up again when it is back
    rmSync(path);
    await tail.until(() => tail.stderr().includes(OPS_TEXTS.fileMissing), 'the deleted file said');
    writeFileSync(path, 'back again\n');
    await tail.until(() => tail.stdout().endsWith('back again\n'), 'the file back');
    expect(tail.stderr().split(OPS_TEXTS.fileMissing)).toHaveLength(2);
    // a line over the 16 KB limit: its start, and a note that it was cut (never cut silently)
    appendFileSync(path, 'L'.repeat(20_000) + '\nshort after\n');
    await tail.until(() => tail.stdout().endsWith('short after\n'), 'the lines after the long one');
    expect(tail.stdout()).toContain(`back again\n${'L'.repeat(16 * 1024)}\nshort after\n`);
    expect(tail.stderr()).toContain(OPS_TEXTS.lineCut);
    tail.child.kill('SIGINT');
    expect(await tail.exited).toBe(0);
  });

  it('logs tail -f stops with exit 1 and says why when a rotation puts a link to a file outside the log directories at the path, printing none of it', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'credence-cli-outside-'));
    after(() => rmSync(outside, { recursive: true, force: true }));
    writeFileSync(join(outside, 'jwt-secret'), 'the signing secret\n');
    const path = join(logs, 'escape.log');
    writeFileSync(path, 'first\n');
    const tail = running(['logs', 'tail', 'escape.log', '-f'], ops);
    await tail.until(() => tail.stdout() === 'first\n', 'the first line');
    appendFileSync(path, 'second\n');
    await tail.until(() => tail.stdout().endsWith('second\n'), 'an appended line');
    renameSync(path, `${path}.1`);
    symlinkSync(join(outside, 'jwt-secret'), path);
    expect(await tail.exited).toBe(1);
    expect(tail.stdout()).toBe('first\nsecond\n');
    expect(tail.stderr()).toMatch(/Watching error: The watch of .*escape\.log has ended: that path now leads outside the log directories/);
    expect(tail.stderr()).not.toContain('signing secret');
  });

  it('logs tail -f in a terminal at 80x24 follows new lines (a long one whole, wrapped), and Ctrl-C ends it', async () => {
    const path = join(logs, 'tty.log');
    writeFileSync(path, 'booting\n');
    const term = new Tmux();
    try {
      term.start([process.execPath, BIN, 'logs', 'tail', 'tty.log', '-f', '--highlight', 'warn'], ops, 80, 24);
      await term.waitFor((s) => s.includes('booting'), 'the first line');
      appendFileSync(path, 'WARN disk at 91%\n' + 'x'.repeat(120) + '\n');
      await term.waitFor((s) => s.includes('WARN disk at 91%'), 'the new lines');
      await term.waitFor(() => term.joinedScreen().includes('x'.repeat(120)), 'the long line, whole');
      term.keys('C-c');
      await term.waitFor((s) => s.includes('EXIT=0'), 'the exit');
    } finally {
      term.stop();
    }
  });

  it('screens list, show and watch a real GNU screen session', async () => {
    const list = await credence(['screens', 'list'], ops);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^\s*PID\s+NAME\s+STATE$/m);
    const row = list.stdout.split('\n').find((line) => line.includes(screenName))!;
    // one STATE column (it was shown twice, as STATE and STATUS)
    expect(row).toMatch(/^\s*(\d+)\s+\S+\s+Detached$/);
    const pid = /^\s*(\d+)/.exec(row)![1];
    const started = Date.now();
    let shown = '';
    while (!shown.includes('screen says hello') && Date.now() - started < 10_000)
      shown = (await credence(['screens', 'show', pid], ops)).stdout;
    expect(shown).toContain('screen says hello');
    const watch = running(['screens', 'watch', pid], ops);
    await watch.until(() => watch.stdout().includes('screen says hello'), 'the content');
    execFileSync('screen', ['-S', screenName, '-X', 'quit']);
    expect(await watch.exited).toBe(1);
    expect(watch.stderr()).toContain(`Watching error: No screen session with pid ${pid}`);
    expect((await credence(['screens', 'show', 'abc'], ops)).code).toBe(2);
  });
});
