import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { OPS_ROUTES } from '@credence/shared';
import { HOST_SCRIPT } from '../../src/modules/ops/host/host-script.js';
import type { AwsReplay } from '../support/aws-replay-server.js';
import { PIPELINE, startAwsOpsApi } from '../support/aws-ops.js';
import { opsUser } from '../support/ops-users.js';
import { until } from '../support/outage.js';
import { openSse } from '../support/sse-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/**
 * Real GNU screen sessions (`screen -dmS`) of this user, listed, read and watched through the API:
 * on the local backend (this host), and on the aws backend, where the real SSM client sends the
 * host script and the SSM stand-in runs it with `sh` here, as the agent would on an instance.
 */
for (const backend of ['local', 'aws'] as const) {
  describe(`ops tools on the ${backend} backend: GNU screen sessions`, () => {
    let t: TestApi;
    let aws: AwsReplay | null = null;
    let ops: string;
    const name = `credence-${backend}-${randomBytes(3).toString('hex')}`;
    const logs = mkdtempSync(join(tmpdir(), 'credence-ops-screens-'));
    const instance = backend === 'local' ? 'local' : PIPELINE;
    const where = backend === 'local' ? 'host' : 'instance';
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
      const env = { OPS_SCREEN_POLL_MS: '50', OPS_WATCH_LINGER_MS: '50' };
      if (backend === 'local') t = await startTestApi(env);
      else
        ({ t, aws } = await startAwsOpsApi(
          [{ id: PIPELINE, name: 'large-pipeline-01', region: 'us-east-1', state: 'running' }],
          logs,
          env,
        ));
      ops = await opsUser(t, `screens-${backend}@ops.test`);
    });
    after(async () => {
      try {
        execFileSync('screen', ['-S', name, '-X', 'quit']);
      } catch {
        /* already gone */
      }
      await t.close();
      await aws?.close();
      rmSync(logs, { recursive: true, force: true });
    });

    const get = (route: string, query: Record<string, string>) =>
      t.request('GET', `/api/${route}?${new URLSearchParams(query)}`, { token: ops });

    /** On aws, every command SSM was sent since `from` is the host script, the text the tests run here. */
    const sentTheHostScript = (from: number) => {
      if (!aws) return;
      const sent = aws.sendCommands().slice(from);
      expect(sent.length).toBeGreaterThan(0);
      for (const call of sent) {
        expect(call.body.DocumentName).toBe('AWS-RunShellScript');
        expect(call.body.Parameters.commands.slice(1).join('\n')).toBe(HOST_SCRIPT);
      }
    };

    it('lists the session as Detached with its pid, and shows what it printed', async () => {
      const from = aws?.sendCommands().length ?? 0;
      const listed = await get(OPS_ROUTES.screens, { instance_id: instance });
      expect(listed.status).toBe(200);
      const session = listed.body.screens.find((s: { name: string }) => s.name === name);
      expect(session).toEqual({ name, pid: expect.any(Number), attached: false, status: 'Detached' });
      pid = session.pid;
      let content = '';
      await until('the session has printed its greeting', async () => {
        const reply = await get(OPS_ROUTES.screenContent, { instance_id: instance, screen_pid: String(pid) });
        expect(reply.status).toBe(200);
        content = reply.body.content;
        return content.includes('hello from the pipeline');
      });
      expect(content).not.toMatch(/\s+$/);
      sentTheHostScript(from);
      const missing = await get(OPS_ROUTES.screenContent, { instance_id: instance, screen_pid: '999999999' });
      expect([missing.status, missing.body.error]).toEqual([404, `No screen session with pid 999999999 on this ${where}`]);
      expect((await get(OPS_ROUTES.screens, { instance_id: 'i-0fedcba9876543210' })).status).toBe(404);
    });

    it('watches the session: its content now, the new content when it changes, and an error then the end when it closes', async () => {
      const from = aws?.sendCommands().length ?? 0;
      const query = new URLSearchParams({ instance_id: instance, screen_pid: String(pid) });
      const stream = await openSse(`${t.url}/api/${OPS_ROUTES.watchScreen}?${query}`, { method: 'GET', token: ops });
      expect(stream.status).toBe(200);
      await stream.waitFor((e) => String(e.data?.content).includes('hello from the pipeline'), 30_000);
      execFileSync('screen', ['-S', name, '-X', 'stuff', 'ready\n']);
      const changed = await stream.waitFor((e) => String(e.data?.content).includes('got ready'), 30_000);
      expect(changed.id).toMatch(new RegExp(`^${pid}:\\d+$`));
      execFileSync('screen', ['-S', name, '-X', 'quit']);
      const events = await stream.finished();
      expect(events.at(-1)!.data).toEqual({ error: expect.stringContaining(`No screen session with pid ${pid} on this ${where}`) });
      sentTheHostScript(from);
    });
  });
}
