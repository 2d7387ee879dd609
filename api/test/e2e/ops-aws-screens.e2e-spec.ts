import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { OPS_ROUTES } from '@credence/shared';
import { HOST_SCRIPT } from '../../src/modules/ops/host/host-script.js';
import { startAwsReplay, type AwsReplay } from '../support/aws-replay-server.js';
import { opsUser } from '../support/ops-users.js';
import { until } from '../support/outage.js';
import { openSse } from '../support/sse-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

process.env.AWS_ACCESS_KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
process.env.AWS_SECRET_ACCESS_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
process.env.AWS_EC2_METADATA_DISABLED = 'true';

const PIPELINE = 'i-0a1b2c3d4e5f67890';

/**
 * GNU screen sessions on an EC2 instance: the real SSM client sends the host script, the local
 * SSM stand-in runs it with `sh` on this host (as the agent would), against a real `screen -dmS`.
 */
describe('ops tools on the aws backend: GNU screen sessions through SSM', () => {
  let t: TestApi;
  let aws: AwsReplay;
  let ops: string;
  const name = `credence-ssm-${randomBytes(3).toString('hex')}`;
  const logs = mkdtempSync(join(tmpdir(), 'credence-ops-aws-screens-'));
  let pid = 0;

  before(async () => {
    execFileSync('screen', [
      '-dmS',
      name,
      'sh',
      '-c',
      'echo "hello from $0"; read answer; echo "got $answer"; exec sleep 600',
      'the instance',
    ]);
    aws = await startAwsReplay([{ id: PIPELINE, name: 'large-pipeline-01', region: 'us-east-1', state: 'running' }]);
    t = await startTestApi({
      OPS_BACKEND: 'aws',
      AWS_ENDPOINT_URL: aws.url,
      OPS_LOG_DIRS: logs,
      OPS_SSM_POLL_MS: '20',
      OPS_AWS_WATCH_POLL_MS: '100',
      OPS_SCREEN_POLL_MS: '100',
      OPS_WATCH_LINGER_MS: '50',
    });
    ops = await opsUser(t, 'aws-screens@ops.test');
  });
  after(async () => {
    try {
      execFileSync('screen', ['-S', name, '-X', 'quit']);
    } catch {
      /* already gone */
    }
    await t.close();
    await aws.close();
    rmSync(logs, { recursive: true, force: true });
  });

  const get = (route: string, query: Record<string, string>) =>
    t.request('GET', `/api/${route}?${new URLSearchParams(query)}`, { token: ops });

  /** Every command SSM was sent since `from` ran the host script, the same text the local tools run. */
  const sentTheHostScript = (from: number) => {
    const sent = aws.sendCommands().slice(from);
    expect(sent.length).toBeGreaterThan(0);
    for (const call of sent) {
      expect(call.body.DocumentName).toBe('AWS-RunShellScript');
      expect(call.body.Parameters.commands.slice(1).join('\n')).toBe(HOST_SCRIPT);
    }
  };

  it('lists the session as Detached with its pid and shows what it printed, through the host script over SSM', async () => {
    const from = aws.sendCommands().length;
    const listed = await get(OPS_ROUTES.screens, { instance_id: PIPELINE });
    expect(listed.status).toBe(200);
    const session = listed.body.screens.find((s: { name: string }) => s.name === name);
    expect(session).toEqual({ name, pid: expect.any(Number), attached: false, status: 'Detached' });
    pid = session.pid;
    let content = '';
    await until('the session has printed its greeting', async () => {
      const reply = await get(OPS_ROUTES.screenContent, { instance_id: PIPELINE, screen_pid: String(pid) });
      expect(reply.status).toBe(200);
      content = reply.body.content;
      return content.includes('hello from the instance');
    });
    expect(content).not.toMatch(/\s+$/);
    sentTheHostScript(from);
    const missing = await get(OPS_ROUTES.screenContent, { instance_id: PIPELINE, screen_pid: '999999999' });
    expect([missing.status, missing.body.error]).toEqual([404, 'No screen session with pid 999999999 on this instance']);
    const other = await get(OPS_ROUTES.screens, { instance_id: 'i-0fedcba9876543210' });
    expect(other.status).toBe(404);
  });

  it('watches the session over SSM: its content, the change, then an error and the end when it closes', async () => {
    const from = aws.sendCommands().length;
    const query = new URLSearchParams({ instance_id: PIPELINE, screen_pid: String(pid) });
    const stream = await openSse(`${t.url}/api/${OPS_ROUTES.watchScreen}?${query}`, { method: 'GET', token: ops });
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => String(e.data?.content).includes('hello from the instance'), 30_000);
    execFileSync('screen', ['-S', name, '-X', 'stuff', 'ready\n']);
    const changed = await stream.waitFor((e) => String(e.data?.content).includes('got ready'), 30_000);
    expect(changed.id).toMatch(new RegExp(`^${pid}:\\d+$`));
    execFileSync('screen', ['-S', name, '-X', 'quit']);
    const events = await stream.finished();
    expect(events.at(-1)!.data).toEqual({ error: `No screen session with pid ${pid} on this instance` });
    sentTheHostScript(from);
  });
});
