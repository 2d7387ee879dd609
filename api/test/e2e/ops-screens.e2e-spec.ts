import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { OPS_ROUTES } from '@credence/shared';
import { opsUser } from '../support/ops-users.js';
import { until } from '../support/outage.js';
import { openSse } from '../support/sse-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/** Real GNU screen sessions (`screen -dmS`) of this user: listed, read and watched through the API. */
describe('ops tools on the local backend: GNU screen sessions', () => {
  let t: TestApi;
  let ops: string;
  const name = `credence-e2e-${randomBytes(3).toString('hex')}`;
  let pid = 0;

  before(async () => {
    // A session that prints, then waits for a line typed into it and echoes it.
    execFileSync('screen', [
      '-dmS',
      name,
      'sh',
      '-c',
      'echo "hello from $0"; read answer; echo "got $answer"; exec sleep 600',
      'the pipeline',
    ]);
    t = await startTestApi({ OPS_SCREEN_POLL_MS: '50', OPS_WATCH_LINGER_MS: '50' });
    ops = await opsUser(t, 'screens@ops.test');
  });
  after(async () => {
    try {
      execFileSync('screen', ['-S', name, '-X', 'quit']);
    } catch {
      /* already gone */
    }
    await t.close();
  });

  const get = (route: string, query: Record<string, string>) =>
    t.request('GET', `/api/${route}?${new URLSearchParams(query)}`, { token: ops });

  it('lists the session as Detached with its pid, and shows what it printed', async () => {
    const listed = await get(OPS_ROUTES.screens, { instance_id: 'local' });
    expect(listed.status).toBe(200);
    const session = listed.body.screens.find((s: { name: string }) => s.name === name);
    expect(session).toEqual({ name, pid: expect.any(Number), attached: false, status: 'Detached' });
    pid = session.pid;
    let content = '';
    await until('the session has printed its greeting', async () => {
      const reply = await get(OPS_ROUTES.screenContent, { instance_id: 'local', screen_pid: String(pid) });
      expect(reply.status).toBe(200);
      content = reply.body.content;
      return content.includes('hello from the pipeline');
    });
    expect(content).not.toMatch(/\s+$/);
    const missing = await get(OPS_ROUTES.screenContent, { instance_id: 'local', screen_pid: '999999999' });
    expect([missing.status, missing.body.error]).toEqual([404, 'No screen session with pid 999999999 on this host']);
  });

  it('watches the session: its content now, the new content when it changes, and an error then the end when it closes', async () => {
    const stream = await openSse(
      `${t.url}/api/${OPS_ROUTES.watchScreen}?${new URLSearchParams({ instance_id: 'local', screen_pid: String(pid) })}`,
      {
        method: 'GET',
        token: ops,
      },
    );
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => String(e.data?.content).includes('hello from the pipeline'));
    execFileSync('screen', ['-S', name, '-X', 'stuff', 'ready\n']);
    const changed = await stream.waitFor((e) => String(e.data?.content).includes('got ready'));
    expect(changed.id).toMatch(new RegExp(`^${pid}:\\d+$`));
    execFileSync('screen', ['-S', name, '-X', 'quit']);
    const events = await stream.finished();
    expect(events.at(-1)!.data).toEqual({ error: expect.stringContaining(`No screen session with pid ${pid}`) });
  });
});
