/**
 * The ops screen's parity (issue 28 §7) against a fake client, at 80x24 and 120x40: the role
 * refusal instead of a spinner, the tab keys, start and stop on the selected row, messages
 * wrapped whole, and long lines that wrap or scroll sideways, the frame always fitting.
 * (ops-tui.e2e.ts and ops-tui-parity.e2e.ts drive the same in tmux against the real API.)
 */
import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { cleanup } from 'ink-testing-library';
import { ApiError, type ApiClient, type InstanceStatusResponse, type OpsInstance } from '@credence/shared';
import { fakeClient, fits, ME, renderApp } from './harness.js';

afterEach(() => cleanup());

/** The frame's text without its colour codes. */
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');
const LONG = `LONGSTART ${'abcdefghij'.repeat(25)} LONGEND`;
const status = (backend: 'local' | 'aws'): InstanceStatusResponse => ({
  status: 'success',
  state: 'running',
  instance_status: 'ok',
  system_status: 'ok',
  instance_id: backend === 'local' ? 'local' : 'i-0aaaaaaaaaaaaaaa1',
  instance_name: backend === 'local' ? 'vm' : 'large-pipeline-backfill',
  error: null,
  backend,
});
const AWS_INSTANCES: OpsInstance[] = [
  { id: 'i-0aaaaaaaaaaaaaaa1', name: 'large-pipeline-backfill', state: 'stopped', type: 'm5.large', launch_time: null },
  { id: 'i-0bbbbbbbbbbbbbbb2', name: 'large-pipeline-prod', state: 'running', type: 'm5.xlarge', launch_time: '2026-11-29T08:00:00Z' },
];

function opsClient(backend: 'local' | 'aws', extra: Partial<ApiClient> = {}) {
  const started: unknown[] = [];
  const client = fakeClient({
    me: async () => ({ ...ME, role: 'ops' as const }),
    opsStatus: async () => status(backend),
    opsInstances: async () => ({ instances: backend === 'local' ? [{ id: 'local', name: 'vm', state: 'running' }] : AWS_INSTANCES }),
    opsLogs: async () => ({
      roots: ['/logs'],
      logs: [{ name: 'wide.log', path: '/logs/wide.log', size: 302, modified: '2026-11-29T08:00:00Z' }],
    }),
    opsScreens: async () => ({ screens: [{ pid: 4242, name: '4242.pipeline', attached: false, created: null }] as never }),
    opsTail: async () => ({ lines: ['first short line', LONG, 'last short line'], cursor: '1:0', size: 302 }) as never,
    watchLog: (_file, { signal }) => new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve())),
    opsStart: async (target) => {
      started.push(target);
      return { status: 'success', error: null, state: 'pending', instance_name: 'large-pipeline-prod' };
    },
    ...extra,
  });
  return { client, started };
}

describe('the ops screen (issue 28 §7)', () => {
  it('an analyst sees the role refusal, never "Loading" forever, and the frame fits', async () => {
    const refused = () =>
      Promise.reject(new ApiError({ status: 403, error: 'This needs the ops or admin role.', call: 'GET /api/status_intern_instance' }));
    const client = fakeClient({ me: async () => ME, opsStatus: refused, opsInstances: refused });
    const ui = renderApp({ client, initial: [{ name: 'home' }, { name: 'ops' }] });
    const frame = await ui.waitFor((f) => f.includes('This needs the ops or admin role.'), 'the refusal');
    expect(frame).not.toContain('Loading');
    expect(frame.replace(/\s+/g, ' ')).toContain('ask an administrator for the ops role (credence-admin user role <email> ops)');
    expect(fits(frame, 80, 24)).toBe(true);
  });

  it('the local backend says why stop is off, whole and wrapped at 80 columns', async () => {
    const ui = renderApp({ client: opsClient('local').client, initial: [{ name: 'home' }, { name: 'ops' }] });
    await ui.waitFor((f) => /Running/.test(f), 'the instances');
    await ui.press('x');
    const frame = await ui.waitFor((f) => f.includes('This server runs the local ops backend'), 'the reason');
    expect(frame.replace(/\s+/g, ' ')).toContain('Set OPS_BACKEND=aws to start and stop EC2 instances.');
    expect(fits(frame, 80, 24)).toBe(true);
  });

  it('start acts on the selected row, and the question names it', async () => {
    const { client, started } = opsClient('aws');
    const ui = renderApp({ client, initial: [{ name: 'home' }, { name: 'ops' }], columns: 120, rows: 40 });
    let frame = await ui.waitFor((f) => f.includes('large-pipeline-prod'), 'the instances');
    // at 120 columns the row has the type too
    expect(frame).toMatch(/large-pipeline-prod\s+i-0bbbbbbbbbbbbbbb2\s+Running\s+m5\.xlarge/);
    await ui.press('j');
    await ui.press('s');
    frame = await ui.waitFor((f) => f.includes('y yes · n no'), 'the question');
    expect(frame).toContain('Start large-pipeline-prod?');
    await ui.press('y');
    await ui.waitFor(() => started.length === 1, 'the start call');
    expect(started[0]).toEqual({ region: 'us-east-1', instance_id: 'i-0bbbbbbbbbbbbbbb2' });
  });

  for (const [columns, rows] of [
    [80, 24],
    [120, 40],
  ] as const) {
    it(`at ${columns}x${rows}: 3 and 2 open the selected instance's tabs; a long line scrolls sideways and wraps`, async () => {
      const ui = renderApp({ client: opsClient('local').client, initial: [{ name: 'home' }, { name: 'ops' }], columns, rows });
      await ui.waitFor((f) => /Running/.test(f), 'the instances');
      await ui.press('3');
      await ui.waitFor((f) => f.includes('4242.pipeline') && f.includes('Detached'), 'the screens by 3');
      await ui.press('2');
      await ui.waitFor((f) => f.includes('wide.log'), 'the log files by 2');
      await ui.press('\r');
      let frame = await ui.waitFor((f) => f.includes('LONGSTART'), 'the tail');
      expect(frame).not.toContain('LONGEND');
      expect(frame).toContain(`cols 1-${columns}/${LONG.length}`);
      expect(fits(frame, columns, rows)).toBe(true);
      for (let i = 0; i < 10 && !ui.frame().includes('LONGEND'); i++) await ui.press('l');
      frame = ui.frame();
      expect(frame).toContain('LONGEND');
      expect(frame).toContain(`cols ${LONG.length - columns + 1}-${LONG.length}/${LONG.length}`);
      expect(fits(frame, columns, rows)).toBe(true);
      await ui.press('w');
      frame = await ui.waitFor((f) => f.includes('LONGSTART') && f.includes('LONGEND'), 'wrapped');
      expect(frame).toContain('wrapped · w unwrap');
      // the wrapped rows hold the whole line, in order
      expect(frame.split('\n').join('')).toContain(LONG.slice(0, columns));
      expect(fits(frame, columns, rows)).toBe(true);
      await ui.press('1');
      await ui.waitFor((f) => /›\s*vm/.test(f), 'the instances by 1');
    });
  }

  it('reading a log: : jumps to a time or a line, e to the next error, J pretty-prints JSON (issue 28 §5)', async () => {
    const lines = Array.from({ length: 60 }, (_, i) =>
      i === 40
        ? `2026-11-29 16:${String(i).padStart(2, '0')}:00.000 UTC [7] ERROR:  relation "filings" does not exist`
        : i === 50
          ? '{"level":"info","msg":"batch done","rows":12}'
          : `2026-11-29 16:${String(i).padStart(2, '0')}:00 step ${i}`,
    );
    const { client } = opsClient('local', { opsTail: async () => ({ lines, cursor: '1:0', size: 1 }) as never });
    const ui = renderApp({ client, initial: [{ name: 'home' }, { name: 'ops' }] });
    await ui.waitFor((f) => /Running/.test(f), 'the instances');
    await ui.press('2');
    await ui.waitFor((f) => f.includes('wide.log'), 'the log files');
    await ui.press('\r');
    await ui.waitFor((f) => f.includes('step 59'), 'the tail at its bottom');
    await ui.press(':');
    await ui.waitFor((f) => f.includes('Jump to line or time:'), 'the jump field');
    await ui.type('16:05');
    await ui.press('\r');
    // the line stamped 16:05 at the top of the viewer, the tail paused there
    let frame = await ui.waitFor((f) => f.split('\n')[3]?.includes('step 5') === true, 'the jump to 16:05');
    expect(frame).toContain('PAUSED');
    await ui.press(':');
    await ui.type('soon');
    await ui.press('\r');
    await ui.waitFor((f) => f.includes('Jump to a line number (120) or a time of day'), 'what to type');
    await ui.press('e');
    frame = await ui.waitFor((f) => plain(f.split('\n')[3] ?? '').includes('ERROR:'), 'the error line at the top');
    // the level in red and bold, the timestamp dim (the shared log rule)
    expect(frame.split('\n')[3]).toContain('\u001b[1m\u001b[31mERROR');
    expect(frame.split('\n')[3]).toContain('\u001b[2m2026-11-29 16:40:00.000 UTC');
    await ui.press('e');
    await ui.waitFor((f) => f.includes('No error line below.'), 'no more errors');
    await ui.press('G');
    await ui.waitFor((f) => f.includes('{"level":"info"'), 'the JSON line as written');
    await ui.press('J');
    frame = await ui.waitFor((f) => f.includes('"msg": "batch done",'), 'the JSON line pretty-printed');
    expect(frame).toContain('"rows": 12');
    expect(fits(frame, 80, 24)).toBe(true);
  });

  it('/ searches as a stream: matches as found, the bytes scanned while it runs, Esc stops it on the server, a truncated end said', async () => {
    const searches: { pattern: string; signal?: AbortSignal; finish: () => void }[] = [];
    const { client } = opsClient('local', {
      opsSearchStream: (file, { signal, onEvent }) =>
        new Promise((resolve) => {
          onEvent({ type: 'match', data: { line: `first ${file.pattern} here`, line_number: 12 } });
          onEvent({ type: 'progress', data: { scanned_bytes: 512 * 1024, total_bytes: 1024 * 1024 } });
          const finish = () => {
            onEvent({ type: 'match', data: { line: `second ${file.pattern} there`, line_number: 90 } });
            resolve({ matched: 1000, truncated: true, total_bytes: 1024 * 1024 });
          };
          searches.push({ pattern: file.pattern, signal, finish });
        }),
    });
    const ui = renderApp({ client, initial: [{ name: 'home' }, { name: 'ops' }] });
    await ui.waitFor((f) => /Running/.test(f), 'the instances');
    await ui.press('2');
    await ui.waitFor((f) => f.includes('wide.log'), 'the log files');
    await ui.press('/');
    await ui.waitFor((f) => / Search:\s*$/m.test(f), 'the search field');
    await ui.type('boom');
    await ui.press('\r');
    // the first match is shown while the search still runs, with how far it has read
    let frame = plain(
      await ui.waitFor(
        (f) => plain(f).includes('first boom here') && f.includes('Searching: scanned 50% (512.00 KB of 1.00 MB) · Esc stop'),
        'the match as found',
      ),
    );
    expect(frame).not.toContain('second boom');
    await ui.press('\u001b');
    await ui.waitFor((f) => f.includes('Enter open'), 'back to the list');
    expect(searches[0].signal?.aborted).toBe(true);

    await ui.press('/');
    await ui.type('boom');
    await ui.press('\r');
    await ui.waitFor((f) => plain(f).includes('first boom here'), 'the second search running');
    searches[1].finish();
    frame = plain(await ui.waitFor((f) => plain(f).includes('second boom there') && f.includes('more matched'), 'the end, truncated'));
    expect(frame.replace(/\s+/g, ' ')).toContain('1000 matching lines shown: more matched, and the search stopped at the first 1000');
    expect(frame).not.toContain('scanned 50%');
    expect(searches[1].signal?.aborted).toBe(false);
    expect(fits(frame, 80, 24)).toBe(true);
  });
});
