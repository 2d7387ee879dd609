/**
 * Issue 28, "tails that survive": the real API process is stopped (SIGTERM, as a deploy does) and
 * started again under a running `credence logs tail -f`; the tail keeps trying, says so, and once
 * the API is back shows every line written while it was down, once, then follows on.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { OPS_TEXTS } from '@credence/shared';
import { startOpsHost, type OpsHost } from '../support/ops-host.js';
import { running, signedInUser } from '../support/processes.js';

/** Long enough for the API to stop and start again on this machine (its start is most of it). */
const RESTART_MS = 120_000;

describe('credence logs tail -f across an API restart', () => {
  let host: OpsHost;
  let ops: Record<string, string>;

  before(async () => {
    host = await startOpsHost('restart', { 'deploy.log': 'booted\n' }, 'exec sleep 600');
    ({ env: ops } = await signedInUser(host.api, {
      email: 'rae@ops.test',
      password: 'a long and unusual ops passphrase',
      name: 'Rae Ops',
      role: 'ops',
    }));
  });
  after(() => host?.close());

  it('reconnects by itself and shows the lines written while the API was down, each once, then new ones', async () => {
    const path = join(host.logs, 'deploy.log');
    writeFileSync(path, 'booted\n');
    const tail = running(['logs', 'tail', 'deploy.log', '-f', '-n', '5'], ops);
    await tail.until(() => tail.stdout() === 'booted\n', 'the first line');
    appendFileSync(path, 'before the restart\n');
    await tail.until(() => tail.stdout().endsWith('before the restart\n'), 'a line before the restart');

    await host.restart(async () => {
      await tail.until(() => tail.stderr().includes(OPS_TEXTS.reconnecting), 'the reconnecting notice', RESTART_MS);
      appendFileSync(path, 'while down 1\nwhile down 2\nwhile down 3\n');
    });
    await tail.until(() => tail.stdout().endsWith('while down 3\n'), 'the lines written while the API was down', RESTART_MS);
    expect(tail.stderr()).toContain(OPS_TEXTS.reconnected);
    appendFileSync(path, 'after the restart\n');
    await tail.until(() => tail.stdout().endsWith('after the restart\n'), 'a line after the restart');

    expect(tail.stdout()).toBe('booted\nbefore the restart\nwhile down 1\nwhile down 2\nwhile down 3\nafter the restart\n');
    // said once for the outage, however many attempts it took
    expect(tail.stderr().split(OPS_TEXTS.reconnecting)).toHaveLength(2);
    tail.child.kill('SIGINT');
    expect(await tail.exited).toBe(0);
  });
});
