/**
 * The merged tail of the full-screen UI (issue 28 §2) in a real terminal (tmux) at 80x24 and
 * 120x40, against the real API on its local ops backend with real files: three files marked (m)
 * and followed in one view (M), each line prefixed with its source in its own colour; lines
 * appended to each arrive in the order written; one file rotated while watched is marked and
 * followed from its start; the include filter (an RE2 /regex/, f) applied by the server.
 */
import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { startOpsHost, type OpsHost } from '../support/ops-host.js';
import { BIN, credence, running, signedInUser } from '../support/processes.js';
import { Tmux } from './tmux.js';

/** The log list's rows (size, then name), top to bottom. */
const fileRows = (screen: string) => screen.split('\n').filter((line) => /\d+(\.\d+)? [KMG]?B\s+\S+\s*$/.test(line));
const cursorRow = (screen: string) => fileRows(screen).find((line) => line.includes('›')) ?? '';

describe('the merged tail of the full-screen UI', () => {
  let host: OpsHost;
  let env: Record<string, string>;

  before(async () => {
    host = await startOpsHost(
      'merged',
      { 'a-app.log': 'app boot\n', 'b-db.log': 'db boot\n', 'c-worker.log': 'worker boot\n' },
      'exec cat',
    );
    ({ env } = await signedInUser(host.api, {
      email: 'mia@ops.test',
      password: 'a long and unusual ops passphrase',
      name: 'Mia Ops',
      role: 'ops',
    }));
  });
  after(() => host?.close());

  for (const [columns, rows] of [
    [80, 24],
    [120, 40],
  ] as const) {
    it(`at ${columns}x${rows}: three files in one live view, tagged by source, through appends and a rotation, filtered on the server`, async () => {
      const term = new Tmux();
      const file = (name: string) => join(host.logs, name);
      try {
        term.start([process.execPath, BIN], env, columns, rows);
        await term.waitFor((s) => s.includes('Choose a database') && s.includes('Mia Ops'), 'home');
        term.type('O');
        await term.waitFor((s) => /Running\s*$/m.test(s), 'the instances');
        term.keys('Enter');
        await term.waitFor((s) => s.includes('a-app.log') && s.includes('c-worker.log'), 'the log list');
        // the list is newest first, with the API's own api.log: from the top, move onto each of ours and mark it
        for (const name of ['a-app.log', 'b-db.log', 'c-worker.log']) {
          const row = (marked: boolean) => new RegExp(`›\\s*${marked ? '\\+\\s*' : ''}\\S+ B\\s+${name.replace('.', '\\.')}\\s*$`, 'm');
          term.type('g');
          await term.waitFor((s) => fileRows(s)[0]?.includes('›') ?? false, 'the top');
          for (let i = 0; i < 10 && !row(false).test(term.screen()); i++) {
            const before = cursorRow(term.screen());
            term.type('j');
            // each move shown before the next key: a stale screen would let the cursor run past the file
            await term.waitFor((s) => cursorRow(s) !== before, 'a move');
          }
          term.type('m');
          await term.waitFor((s) => row(true).test(s), `${name} marked`);
        }
        term.type('M');
        let screen = await term.waitFor((s) => s.includes('[c-worker.log] worker boot') && s.includes('Live 3 of 3'), 'the merged tail');
        expect(screen).toContain('[a-app.log] app boot');
        // each source in a colour of its own (SGR 3x before its tag)
        expect(term.styledScreen()).toMatch(/\u001b\[[0-9;]*3[1-6]m\[b-db\.log\]/);

        appendFileSync(file('b-db.log'), `db query slow ${columns}\n`);
        await term.waitFor((s) => s.includes(`[b-db.log] db query slow ${columns}`), 'a db line');
        appendFileSync(file('a-app.log'), `app request done ${columns}\n`);
        screen = await term.waitFor((s) => s.includes(`[a-app.log] app request done ${columns}`), 'an app line');
        expect(screen.indexOf(`db query slow ${columns}`)).toBeLessThan(screen.indexOf(`app request done ${columns}`));
        renameSync(file('c-worker.log'), file('c-worker.log.1'));
        writeFileSync(file('c-worker.log'), 'worker after rotation\n');
        screen = await term.waitFor((s) => s.includes('[c-worker.log] worker after rotation'), 'the rotated file from its start');
        expect(screen).toContain('file rotated');

        term.type('f');
        await term.waitFor((s) => s.includes('Only lines with'), 'the include field');
        term.type('/(slow|rotation)/');
        term.keys('Enter');
        screen = await term.waitFor((s) => s.includes('Live 3 of 3') && !s.includes('app boot') && s.includes('db query slow'), 'filtered');
        expect(screen).toContain('[c-worker.log] worker after rotation');
        appendFileSync(file('a-app.log'), 'app fine\napp slow request\n');
        screen = await term.waitFor((s) => s.includes('[a-app.log] app slow request'), 'a filtered new line');
        expect(screen).not.toContain('app fine');
        for (const line of term.lines()) expect(line.length).toBeLessThanOrEqual(columns);
        term.keys('Escape');
        await term.waitFor((s) => s.includes('Enter open · 1 2 3 Tab pane'), 'back to the list');
      } finally {
        term.stop();
        writeFileSync(file('c-worker.log'), 'worker boot\n');
      }
    });
  }

  it('logs tail -f with two --instance options: the local instance by id and by name is followed once, each line tagged with its file, in the order written; an instance the server lacks is said plainly', async () => {
    // the local backend has one instance, "local", named after its host: two names of it must not double every line
    const tail = running(['logs', 'tail', 'a-app.log', 'b-db.log', '-f', '-n', '1', '--instance', 'local', '--instance', hostname()], env);
    const ours = () =>
      tail
        .stdout()
        .split('\n')
        .filter((l) => l.includes('two names'));
    try {
      await tail.until(() => /^\[a-app\.log\] /m.test(tail.stdout()) && /^\[b-db\.log\] /m.test(tail.stdout()), 'the last line of each');
      const written: string[] = [];
      for (let i = 1; i <= 3; i++)
        for (const [file, tag] of [
          ['b-db.log', 'b-db.log'],
          ['a-app.log', 'a-app.log'],
        ]) {
          appendFileSync(join(host.logs, file), `two names ${tag} ${i}\n`);
          written.push(`[${tag}] two names ${tag} ${i}`);
          await tail.until(() => ours().length >= written.length, `line ${written.length}`);
        }
      expect(ours()).toEqual(written);
    } finally {
      tail.child.kill('SIGINT');
      await tail.exited;
    }
    const missing = await credence(['logs', 'tail', 'a-app.log', '--instance', 'local', '--instance', 'i-0123456789abcdef0'], env);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('No such instance: i-0123456789abcdef0');
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  });
});
