/**
 * The ops screen's parity with the rest of the full-screen UI (issue 28 §7), in tmux at 80x24 and
 * 120x40 against the real API on its local backend: an analyst sees the role refusal (never a
 * spinner that does not end), every tab key works (1 2 3), a message wraps instead of being cut
 * before its fix, and a long log line wraps (w) or scrolls sideways (h/l) instead of being cut.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { startOpsHost, type OpsHost } from '../support/ops-host.js';
import { BIN, signedInUser } from '../support/processes.js';
import { Tmux } from './tmux.js';

/** A line longer than both terminals: its start, a middle, and an end marker far past 120 columns. */
const LONG = `LONGSTART ${'abcdefghij'.repeat(25)} LONGEND`;

describe('the ops screen of the full-screen UI: parity (issue 28 §7)', () => {
  let host: OpsHost;
  let ops: Record<string, string>;
  let analyst: Record<string, string>;

  before(async () => {
    host = await startOpsHost('parity', { 'wide.log': `first short line\n${LONG}\nlast short line\n` }, 'echo "parity screen"; exec cat');
    ({ env: ops } = await signedInUser(host.api, {
      email: 'pia@ops.test',
      password: 'a long and unusual ops passphrase',
      name: 'Pia Ops',
      role: 'ops',
    }));
    ({ env: analyst } = await signedInUser(host.api, {
      email: 'ana@analyst.test',
      password: 'a long and unusual analyst passphrase',
      name: 'Ana Analyst',
      role: 'analyst',
    }));
  });
  after(() => host?.close());

  it('an analyst pressing O is told the role is needed, in full at 80 columns, and Esc goes back', async () => {
    const term = new Tmux();
    try {
      term.start([process.execPath, BIN], analyst, 80, 24);
      await term.waitFor((s) => s.includes('Choose a database') && s.includes('Ana Analyst'), 'home');
      term.type('O');
      const screen = await term.waitFor((s) => s.includes('This needs the ops or admin role.'), 'the refusal');
      expect(screen).not.toContain('Loading');
      // the refusal's fix is shown whole, wrapped, not cut
      expect(screen.replace(/\s+/g, ' ')).toContain('ask an administrator for the ops role');
      for (const line of term.lines()) expect(line.length).toBeLessThanOrEqual(80);
      // the tab keys do nothing harmful while refused
      term.type('3');
      term.keys('Escape');
      await term.waitFor((s) => s.includes('Choose a database'), 'back home');
    } finally {
      term.stop();
    }
  });

  for (const [columns, rows] of [
    [80, 24],
    [120, 40],
  ] as const) {
    it(`at ${columns}x${rows}: 1 2 3 switch the tabs, the stop refusal wraps with its fix, long lines wrap and scroll sideways`, async () => {
      const term = new Tmux();
      const fits = () => {
        for (const line of term.lines()) expect(line.length).toBeLessThanOrEqual(columns);
      };
      try {
        term.start([process.execPath, BIN], ops, columns, rows);
        await term.waitFor((s) => s.includes('Choose a database') && s.includes('Pia Ops'), 'home');
        term.type('O');
        await term.waitFor((s) => s.includes('1 Instances') && /Running/.test(s), 'the instances');

        // the local backend's reason, with its fix (Set OPS_BACKEND=aws), whole on every width
        term.type('x');
        const flat = (s: string) => s.replace(/\s+/g, ' ');
        await term.waitFor(
          (s) =>
            flat(s).includes('This server runs the local ops backend') &&
            flat(s).includes('Set OPS_BACKEND=aws to start and stop EC2 instances.'),
          'the stop refusal with its fix',
        );
        fits();

        // 3 from the instances list: the selected instance's screen sessions
        term.type('3');
        await term.waitFor((s) => s.includes(host.screenName) && s.includes('Detached'), 'the screens tab by 3');
        term.type('2');
        await term.waitFor((s) => s.includes('wide.log') && /File: /.test(s), 'the log files tab by 2');
        term.type('1');
        await term.waitFor((s) => /›\s*local/.test(s) || /›.*Running/.test(s), 'the instances tab by 1');
        term.type('2');
        const chosen = (s: string) => /›\s+[\d.]+ \S*B\s+wide\.log/.test(s);
        let screen = await term.waitFor((s) => s.includes('wide.log'), 'the log list');
        if (!chosen(screen)) {
          term.keys('Down');
          await term.waitFor(chosen, 'wide.log chosen');
        }
        term.keys('Enter');
        // the long line runs off the right edge, and the status bar says how far
        const hint = new RegExp(`cols 1-${columns}/\\d+ · w wrap`);
        screen = await term.waitFor((s) => s.includes('last short line') && s.includes('LONGSTART') && hint.test(s), 'the tail');
        expect(screen).not.toContain('LONGEND');
        fits();

        // sideways: l until the end shows, 0 back to the start
        for (let i = 0; i < 10 && !term.screen().includes('LONGEND'); i++) {
          const before = term.screen();
          term.type('l');
          await term.waitFor((s) => s !== before, 'a step to the right');
        }
        screen = await term.waitFor((s) => s.includes('LONGEND') && /cols [1-9]\d*-\d+\/\d+/.test(s), 'the end of the long line');
        expect(screen).not.toContain('LONGSTART');
        fits();
        term.type('0');
        await term.waitFor((s) => s.includes('LONGSTART') && !s.includes('LONGEND'), 'back to the start');

        // wrap: the whole line shows, its start and its end, on rows of the terminal's width
        term.type('w');
        await term.waitFor(
          (s) => s.includes('LONGSTART') && s.includes('LONGEND') && s.includes('last short line') && s.includes('wrapped · w unwrap'),
          'the line wrapped, the status bar saying so',
        );
        fits();
        term.type('w');
        await term.waitFor((s) => s.includes('LONGSTART') && !s.includes('LONGEND'), 'wrap off again');

        // 3 from the viewer: its watch closes and the screens tab shows
        term.type('3');
        await term.waitFor((s) => s.includes(host.screenName) && !s.includes('LONGSTART'), 'the screens tab from the viewer');
        fits();
      } finally {
        term.stop();
      }
    });
  }
});
