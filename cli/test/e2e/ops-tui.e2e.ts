/**
 * The ops screen of the full-screen UI (issue 17) in a real terminal (tmux) at 80x24, as over
 * SSH, against the real API on its local ops backend: real log files under OPS_LOG_DIRS and a
 * real GNU screen session. The instance's state in colour, stop off on the local backend with its
 * reason, the log list, a live tail that follows, pauses, scrolls and keeps a bounded
 * buffer, a search, and a watched screen; the region key; a live tail over a network that drops
 * (it says it reconnects and keeps following) and one that stays down (it says the connection
 * was lost and stops).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { cuttableProxy } from '@credence/shared/cuttable-proxy';
import { startOpsHost, pipelineLog, type OpsHost } from '../support/ops-host.js';
import { BIN, signedInUser, type ApiServer } from '../support/processes.js';
import { Tmux } from './tmux.js';

describe('the ops screen of the full-screen UI at 80x24', () => {
  let host: OpsHost;
  let api: ApiServer;
  let ops: Record<string, string>;
  let log: string;
  let screenName: string;

  before(async () => {
    host = await startOpsHost('tui', { 'live.log': pipelineLog('boot', 30) }, 'echo "screen says hello"; exec cat');
    ({ api, screenName } = host);
    log = join(host.logs, 'live.log');
    ({ env: ops } = await signedInUser(api, {
      email: 'tia@ops.test',
      password: 'a long and unusual ops passphrase',
      name: 'Tia Ops',
      role: 'ops',
    }));
  });
  after(() => host?.close());

  it('instances in colour, stop off with its reason, a live tail that follows, pauses and scrolls, search, and a screen', async () => {
    const term = new Tmux();
    try {
      term.start([process.execPath, BIN], ops, 80, 24);
      await term.waitFor((s) => s.includes('Choose a database') && s.includes('Tia Ops'), 'home');
      term.type('O');
      let screen = await term.waitFor(
        (s) => s.includes('1 Instances') && /Running\s*$/m.test(s) && / checks ok\/ok/.test(s),
        'the instances',
      );
      expect(screen).toContain('Credence › Databases › Ops');
      // the state in green (SGR 32), as the spec colours running
      expect(term.styledScreen()).toMatch(/\u001b\[[0-9;]*32m[^\u001b]*Running/);

      // the local backend cannot stop its own host: x says why at once, with no confirmation to answer
      term.type('x');
      screen = await term.waitFor((s) => s.includes('This server runs the local ops backend'), 'the reason stop is off');
      expect(screen).not.toContain('y yes · n no');

      term.keys('Enter');
      // the API's own api.log first, then ours
      await term.waitFor((s) => /›\s+\d+ B\s+api\.log/.test(s) && s.includes('live.log'), 'the log list');
      term.type('j');
      await term.waitFor((s) => /›\s+\d+ B\s+live\.log/.test(s) && /File: live\.log \(\d+ B\)/.test(s), 'live.log chosen');
      term.keys('Enter');
      screen = await term.waitFor((s) => s.includes('ERROR boot 31 failed') && s.includes('Live'), 'the tail');
      expect(screen).toMatch(/31 lines shown/);
      appendFileSync(log, 'appended while watching\n');
      await term.waitFor((s) => s.includes('appended while watching') && s.includes('32 lines shown'), 'the appended line');
      appendFileSync(log, Array.from({ length: 40 }, (_, i) => `more ${i + 1}`).join('\n') + '\n');
      screen = await term.waitFor((s) => s.includes('more 40') && s.includes('72 lines shown'), 'following to the newest line');
      expect(screen).not.toContain('boot 1 ok');

      // scrolling up pauses: new lines arrive (the count grows) but the view stays
      term.keys('k', 'k', 'k');
      screen = await term.waitFor((s) => s.includes('PAUSED') && !s.includes('more 40'), 'paused three lines up');
      appendFileSync(log, 'written while paused\n');
      screen = await term.waitFor((s) => s.includes('73 lines shown'), 'the count while paused');
      expect(screen).not.toContain('written while paused');
      term.type('G');
      await term.waitFor((s) => s.includes('written while paused') && !s.includes('PAUSED'), 'following again');
      term.keys('Space');
      await term.waitFor((s) => s.includes('PAUSED'), 'Space pauses');
      term.keys('Space');
      await term.waitFor((s) => !s.includes('PAUSED'), 'Space follows');

      // the bounded buffer: the oldest lines go, the count says how many
      appendFileSync(log, Array.from({ length: 2000 }, (_, i) => `flood ${i + 1}`).join('\n') + '\n');
      screen = await term.waitFor((s) => s.includes('flood 2000') && s.includes('2000 lines shown'), 'the buffer full', 20_000);
      expect(screen).toMatch(/ 73 dropped · w wrap · Space pause/);

      term.type('/');
      await term.waitFor((s) => / Search:\s*$/m.test(s), 'the search field');
      term.type('error boot');
      term.keys('Enter');
      screen = await term.waitFor((s) => /^\s+31 {2}ERROR boot 31 failed/m.test(s) && s.includes('1 line shown'), 'the search result');

      term.keys('Escape');
      await term.waitFor((s) => s.includes('Enter open · 1 2 3 Tab pane'), 'back to the list');
      term.keys('Tab');
      screen = await term.waitFor((s) => s.includes(screenName) && s.includes('Detached'), 'the screen sessions');
      term.keys('Enter');
      await term.waitFor((s) => s.includes('screen says hello') && /Screen: \S+ \(pid \d+\)/.test(s), 'the screen content');
      execFileSync('screen', ['-S', screenName, '-X', 'stuff', 'typed while watching\n']);
      await term.waitFor((s) => s.includes('typed while watching'), 'the screen as it changes');

      for (const line of term.lines()) expect(line.length).toBeLessThanOrEqual(80);
      term.type('q');
      screen = await term.waitFor((s) => /EXIT=\d+/.test(s), 'the exit');
      expect(screen).toContain('EXIT=0');
    } finally {
      term.stop();
    }
  });

  it('R moves to the next region (the calls carry it); a dropped live tail reconnects and keeps following, one that cannot stops', async () => {
    const proxy = await cuttableProxy(api.url);
    const { env } = await signedInUser(
      { ...api, url: proxy.url },
      { email: 'rex@ops.test', password: 'a long and unusual ops passphrase', name: 'Rex Ops', role: 'ops' },
    );
    const term = new Tmux();
    const live = /lines? shown · Live/;
    try {
      // it keeps reconnecting for 20 s instead of 15 minutes, so that giving up can be seen
      term.start([process.execPath, BIN], { ...env, CREDENCE_RECONNECT_FOR: '20' }, 80, 24);
      await term.waitFor((s) => s.includes('Choose a database') && s.includes('Rex Ops'), 'home');
      term.type('O');
      await term.waitFor((s) => s.includes('region us-east-1 (R)') && /Running\s*$/m.test(s), 'the instances of us-east-1');
      const before = proxy.requests.length;
      term.type('R');
      await term.waitFor((s) => s.includes('region us-east-2 (R)') && /Running\s*$/m.test(s), 'the instances of us-east-2');
      const asked = proxy.requests.slice(before);
      expect(asked).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^GET \/api\/status_intern_instance\?.*region=us-east-2/),
          expect.stringMatching(/^GET \/api\/list_ec2_instances\?.*region=us-east-2/),
        ]),
      );

      term.keys('Enter');
      // newest first: live.log (written by the test above) or the API's own log
      const chosen = (s: string) => /›\s+[\d.]+ \S*B\s+live\.log/.test(s);
      let screen = await term.waitFor((s) => s.includes('live.log') && s.includes('api.log'), 'the log list');
      if (!chosen(screen)) {
        term.type('j');
        await term.waitFor(chosen, 'live.log chosen');
      }
      term.keys('Enter');
      // Live shows as the watch opens; cut only once the first lines have come too (a cut while
      // they load is a failed fetch, not a dropped watch).
      await term.waitFor((s) => /[1-9]\d* lines? shown · Live/.test(s), 'the live tail with its first lines');

      await proxy.cut();
      screen = await term.waitFor((s) => s.includes('Live view connection error. Reconnecting...'), 'the reconnecting notice');
      expect(screen).toMatch(live);
      await proxy.restore();
      appendFileSync(log, 'written across the reconnect\n');
      screen = await term.waitFor(
        (s) => s.includes('written across the reconnect') && !s.includes('Reconnecting'),
        'the line after the reconnect',
        20_000,
      );
      expect(screen).toMatch(live);

      await proxy.cut();
      screen = await term.waitFor((s) => s.includes('Connection to server lost'), 'the watch given up', 60_000);
      expect(screen).not.toMatch(live);
      for (const line of term.lines()) expect(line.length).toBeLessThanOrEqual(80);
    } finally {
      term.stop();
      await proxy.close();
    }
  });
});
