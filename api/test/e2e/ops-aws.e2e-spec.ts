import { appendFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { OPS_ROUTES } from '@credence/shared';
import type { AwsReplay } from '../support/aws-replay-server.js';
import { PIPELINE, startAwsOpsApi } from '../support/aws-ops.js';
import { credenceCli, type CliRun } from '../support/credence-cli.js';
import { opsUser } from '../support/ops-users.js';
import { until } from '../support/outage.js';
import { openSse } from '../support/sse-client.js';
import type { TestApi } from '../support/test-api.js';

const OTHER = 'i-0fedcba9876543210';
const WEST = 'i-0123456789abcdef0';
/** Issue 28 §3: two more instances of the region, one stopped and one running; status, start and stop reach each by --instance. */
const BACKFILL = 'i-0b0b0b0b0b0b0b0b0';
const PROD = 'i-0c0c0c0c0c0c0c0c0';

describe('ops tools on the aws backend: the real EC2 and SSM clients against recorded-format answers', () => {
  let t: TestApi;
  let aws: AwsReplay;
  let ops: string;
  let admin: string;
  const base = mkdtempSync(join(tmpdir(), 'credence-ops-aws-'));
  const logs = join(base, 'logs');
  const canary = join(base, 'pwned');
  const run = join(logs, 'run.log');

  before(async () => {
    mkdirSync(join(base, 'secret'), { recursive: true });
    mkdirSync(logs);
    writeFileSync(join(base, 'secret', 'passwd'), 'root:x:0:0\n');
    symlinkSync(join(base, 'secret', 'passwd'), join(logs, 'escape.log'));
    writeFileSync(
      run,
      Array.from({ length: 1200 }, (_, i) => `${String(i + 1).padStart(4, '0')} pipeline step ${'.'.repeat(60)} ok`).join('\n') + '\n',
    );
    ({ t, aws } = await startAwsOpsApi(
      [
        { id: PIPELINE, name: 'large-pipeline-01', region: 'us-east-1', state: 'running' },
        { id: OTHER, name: 'billing-db', region: 'us-east-1', state: 'running' },
        { id: BACKFILL, name: 'large-pipeline-backfill', region: 'us-east-1', state: 'stopped', type: 't3.medium' },
        { id: PROD, name: 'large-pipeline-prod', region: 'us-east-1', state: 'running', launchTime: '2026-11-28T06:15:00.000Z' },
        { id: WEST, name: 'large-pipeline-eu', region: 'eu-west-1', state: 'stopped', systemStatus: 'impaired' },
      ],
      logs,
      // The configuration names the instance status, start and stop act on (never the first by name).
      { OPS_HEARTBEAT_MS: '100', OPS_AWS_INSTANCE_ID: PIPELINE },
    ));
    admin = await t.adminToken();
    ops = await opsUser(t, 'aws-ops@ops.test');
  });
  after(async () => {
    await t.close();
    await aws.close();
    rmSync(base, { recursive: true, force: true });
  });

  const get = (route: string, query: Record<string, string> = {}, token = ops) =>
    t.request('GET', `/api/${route}?${new URLSearchParams(query)}`, { token });
  const file = (path: string) => ({ instance_id: PIPELINE, path });

  it('lists the large-pipeline- instances of the asked region with type, launch time and SSM, and answers the managed one with its checks', async () => {
    const east = await get(OPS_ROUTES.instances);
    const launched = '2026-01-05T09:30:00.000Z';
    expect(east.body).toEqual({
      instances: [
        { id: PIPELINE, name: 'large-pipeline-01', state: 'running', type: 'm5.large', launch_time: launched, ssm: 'online' },
        {
          id: BACKFILL,
          name: 'large-pipeline-backfill',
          state: 'stopped',
          type: 't3.medium',
          launch_time: launched,
          ssm: 'connection lost',
        },
        {
          id: PROD,
          name: 'large-pipeline-prod',
          state: 'running',
          type: 'm5.large',
          launch_time: '2026-11-28T06:15:00.000Z',
          ssm: 'online',
        },
      ],
    });
    const west = await get(OPS_ROUTES.instances, { region: 'eu-west-1' });
    expect(west.body.instances).toEqual([
      { id: WEST, name: 'large-pipeline-eu', state: 'stopped', type: 'm5.large', launch_time: launched, ssm: 'connection lost' },
    ]);
    const filter = aws.calls.find((c) => c.action === 'DescribeInstances')!.body;
    expect(filter).toMatchObject({ 'Filter.1.Name': 'tag:Name', 'Filter.1.Value.1': 'large-pipeline-*' });
    expect((await get(OPS_ROUTES.status)).body).toEqual({
      status: 'success',
      state: 'running',
      instance_status: 'ok',
      system_status: 'ok',
      instance_id: PIPELINE,
      instance_name: 'large-pipeline-01',
      error: null,
      backend: 'aws',
    });
    const eu = await get(OPS_ROUTES.status, { region: 'eu-west-1' });
    expect(eu.body).toMatchObject({ state: 'stopped', system_status: 'not-applicable', instance_id: WEST });
  });

  it('stops and starts the instance through its transitions, and records each for admins', async () => {
    const stop = await t.request('POST', `/api/${OPS_ROUTES.stop}`, { token: ops });
    const acted = { status: 'success', error: null, instance_id: PIPELINE, instance_name: 'large-pipeline-01', message: null };
    expect([stop.status, stop.body]).toEqual([200, { ...acted, state: 'stopping' }]);
    await until('the instance to stop', async () => (await get(OPS_ROUTES.status)).body.state === 'stopped');
    // The start stays pending until settled: a stop meanwhile is refused by EC2, whatever the machine's speed.
    aws.transitionMs = 600_000;
    const start = await t.request('POST', `/api/${OPS_ROUTES.start}`, { token: ops });
    expect([start.status, start.body]).toEqual([200, { ...acted, state: 'pending' }]);
    expect((await get(OPS_ROUTES.status)).body.state).toBe('pending');
    const refused = await t.request('POST', `/api/${OPS_ROUTES.stop}`, { token: ops });
    expect([refused.status, refused.body.error]).toEqual([409, expect.stringContaining('large-pipeline-01 cannot stop now')]);
    aws.settle();
    aws.transitionMs = 200;
    expect((await get(OPS_ROUTES.status)).body.state).toBe('running');
    const record = (await get(OPS_ROUTES.actions, {}, admin)).body.actions.filter(
      (a: { user_email: string }) => a.user_email === 'aws-ops@ops.test',
    );
    expect(record.map((a: { action: string; result: string }) => [a.action, a.result])).toEqual([
      ['stop', 'refused'],
      ['start', 'success'],
      ['stop', 'success'],
    ]);
    expect(record[1]).toMatchObject({ backend: 'aws', instance_id: PIPELINE, region: 'us-east-1' });
  });

  it('reaches every instance by --instance <id|name>: each started, stopped, waited for and tailed from the cli; plain states, never a 500', async () => {
    const cli = credenceCli(t.url, ops);
    const ok = (run: CliRun) => (expect([run.code, run.stderr]).toEqual([0, expect.any(String)]), run.stdout);
    const table = ok(await cli(['ops', 'instances']));
    expect(table).toMatch(/^ID\s+NAME\s+STATE\s+TYPE\s+LAUNCHED \(UTC\)\s+SSM$/m);
    expect(table).toMatch(
      new RegExp(`^${BACKFILL}\\s+large-pipeline-backfill\\s+stopped\\s+t3\\.medium\\s+2026-01-05 09:30\\s+connection lost$`, 'm'),
    );
    // without --instance: the configured one, whatever sorts first
    expect(ok(await cli(['ops', 'status']))).toContain(`large-pipeline-01 (${PIPELINE})`);
    expect(ok(await cli(['ops', 'status', '--instance', 'large-pipeline-prod']))).toMatch(/Instance\s+large-pipeline-prod \(i-0c0c/);

    // the stopped one: its logs answer 409 with its plain state, and the cli says it (exit 1, once, no "contact support")
    const stoppedLogs = await get(OPS_ROUTES.logs, { instance_id: BACKFILL });
    expect([stoppedLogs.status, stoppedLogs.body.error]).toEqual([409, expect.stringContaining(`${BACKFILL} is stopped`)]);
    const refused = await cli(['logs', 'list', '--instance', BACKFILL]);
    expect([refused.code, refused.stderr]).toEqual([
      1,
      expect.stringContaining('is stopped: its logs and screens can be read only while it runs'),
    ]);
    expect(refused.stderr).not.toMatch(/support|\.\./);

    // started and waited for by name, then tailed by name; a second start says it is running already
    expect(ok(await cli(['ops', 'start', '--instance', 'backfill', '--yes']))).toContain('large-pipeline-backfill is starting.');
    expect(ok(await cli(['ops', 'wait', 'running', '--instance', 'backfill', '--timeout', '30']))).toBe(
      `large-pipeline-backfill (${BACKFILL}) is running.\n`,
    );
    expect(ok(await cli(['ops', 'start', '--instance', BACKFILL, '--yes']))).toBe(
      `large-pipeline-backfill (${BACKFILL}) is already running: nothing to start.\n`,
    );
    expect(ok(await cli(['logs', 'tail', run, '-n', '1', '--instance', 'large-pipeline-backfill']))).toMatch(/^1200 pipeline step/);

    // prod stopped by id, waited for, stopped again plainly; then started again and tailed
    expect(ok(await cli(['ops', 'stop', '--instance', PROD, '--yes']))).toContain('large-pipeline-prod is stopping.');
    expect(ok(await cli(['ops', 'wait', 'stopped', '--instance', PROD, '--timeout', '30']))).toContain('is stopped.');
    expect(ok(await cli(['ops', 'stop', '--instance', 'large-pipeline-prod', '--yes']))).toBe(
      `large-pipeline-prod (${PROD}) is already stopped: nothing to stop.\n`,
    );
    expect((await get(OPS_ROUTES.status)).body.instance_id).toBe(PIPELINE);
    ok(await cli(['ops', 'start', '--instance', 'prod', '--yes']));
    ok(await cli(['ops', 'wait', 'running', '--instance', 'prod', '--timeout', '30']));
    expect(ok(await cli(['logs', 'tail', run, '-n', '1', '--instance', PROD]))).toMatch(/^1200 pipeline step/);

    // an ambiguous or unknown name is a usage error listing the instances to choose from
    const ambiguous = await cli(['ops', 'stop', '--instance', 'large-pipeline', '--yes']);
    expect([ambiguous.code, ambiguous.stderr]).toEqual([2, expect.stringContaining('"large-pipeline" matches 3 instances in us-east-1')]);
    expect(ambiguous.stderr).toContain(`large-pipeline-prod (${PROD})`);
    const unknown = await cli(['screens', 'list', '--instance', 'nightly']);
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('No instance named "nightly" in us-east-1')]);

    // a missing IAM permission and an unregistered SSM agent are plain states with 424, never a 500
    aws.denied.add('StopInstances');
    const denied = await t.request('POST', `/api/${OPS_ROUTES.stop}?instance_id=${BACKFILL}`, { token: ops });
    expect([denied.status, denied.body.error]).toEqual([424, expect.stringMatching(/^no permission: ec2:StopInstances\./)]);
    aws.denied.clear();
    aws.instances.find((i) => i.id === PROD)!.ssmAgent = false;
    const agent = await get(OPS_ROUTES.screens, { instance_id: PROD });
    expect([agent.status, agent.body.error]).toEqual([424, expect.stringContaining('SSM agent not registered')]);
    expect((await get(OPS_ROUTES.instances)).body.instances.find((i: { id: string }) => i.id === PROD).ssm).toBe('not registered');
    aws.instances.find((i) => i.id === PROD)!.ssmAgent = true;
  });

  it('lists, tails and searches files through SSM, reading past the 24,000-character cap by offset', async () => {
    const listed = await get(OPS_ROUTES.logs, { instance_id: PIPELINE });
    expect(listed.body).toEqual({ logs: [expect.objectContaining({ name: 'run.log', path: run })], roots: [logs] });
    const before = aws.sendCommands().length;
    const tail = await get(OPS_ROUTES.tail, { ...file(run), lines: '1000' });
    expect(tail.status).toBe(200);
    expect(tail.body.lines).toHaveLength(1000);
    expect(tail.body.lines[0]).toMatch(/^0201 pipeline step/);
    expect(tail.body.lines[999]).toMatch(/^1200 pipeline step/);
    const commands = aws.sendCommands().length - before;
    expect(commands).toBeGreaterThan(3);
    const search = await get(OPS_ROUTES.search, { ...file('run.log'), pattern: '0042 PIPELINE' });
    expect(search.body).toEqual({ matches: [{ line_number: 42, line: expect.stringMatching(/^0042 pipeline step/) }], truncated: false });
  });

  it("answers a stopped instance's logs, tail and screens with 409 naming its state and how to start it, never a 500", async () => {
    const stopped = { instance_id: WEST, region: 'eu-west-1' };
    for (const [route, query] of [
      [OPS_ROUTES.logs, stopped],
      [OPS_ROUTES.tail, { ...stopped, path: run, lines: '5' }],
      [OPS_ROUTES.screens, stopped],
    ] as const) {
      const reply = await get(route, query);
      expect([route, reply.status, reply.body.error]).toEqual([
        route,
        409,
        `The instance ${WEST} is stopped: its logs and screens can be read only while it runs. ` +
          'Start it (credence ops start, or Start in the Instance Manager) and try again.',
      ]);
    }
  });

  it('polls through a fresh invocation that does not exist yet and through throttling, and says when a command failed', async () => {
    aws.faults.push('InvocationDoesNotExist', 'InvocationDoesNotExist', 'ThrottlingException', 'ThrottlingException');
    const tail = await get(OPS_ROUTES.tail, { ...file(run), lines: '5' });
    expect([tail.status, tail.body.lines?.[4]]).toEqual([200, expect.stringMatching(/^1200 /)]);
    expect(aws.faults).toEqual([]);
    aws.faults.push('Failed');
    const failed = await get(OPS_ROUTES.tail, { ...file(run), lines: '5' });
    expect([failed.status, failed.body.error ?? failed.body.message]).toEqual([503, expect.stringContaining('ended Failed: ')]);
  });

  it('refuses hostile values or keeps them inert: no user text ever reaches the command SSM runs', async () => {
    const refusals: [Record<string, string>, number][] = [
      [file('../../etc/passwd'), 400],
      [file('/etc/passwd'), 400],
      [file(join(logs, 'escape.log')), 400],
      [file(`$(touch ${canary})`), 404],
      [file(`\`touch ${canary}\``), 404],
      [file(`x; rm -rf ${base}`), 404],
      [{ ...file(run), pattern: 'a\nb' }, 400],
      [{ ...file(run), pattern: 'a\u0000b' }, 400],
      [{ ...file(run), pattern: 'x'.repeat(10_000) }, 400],
      [{ instance_id: OTHER, path: run }, 404],
    ];
    for (const [query, status] of refusals) {
      const route = 'pattern' in query ? OPS_ROUTES.search : OPS_ROUTES.tail;
      expect([query.path, (await get(route, query)).status]).toEqual([query.path, status]);
    }
    for (const pattern of [`; rm -rf ${base}`, `$(touch ${canary})`, `\`touch ${canary}\``, '{{ssm:/x}}']) {
      const reply = await get(OPS_ROUTES.search, { ...file(run), pattern });
      expect([pattern, reply.status, reply.body.matches]).toEqual([pattern, 200, []]);
    }
    expect(existsSync(canary)).toBe(false);
    expect(existsSync(logs)).toBe(true);
    for (const call of aws.sendCommands()) {
      const text = call.body.Parameters.commands.join('\n');
      expect(text).not.toMatch(/\{\{|touch|rm -rf \/tmp|etc\/passwd/);
    }
  });

  it('watches a file through SSM: appended lines, a rotation as reset, ids that resume', async () => {
    const stream = await openSse(`${t.url}/api/${OPS_ROUTES.watch}?${new URLSearchParams(file(run))}`, { method: 'GET', token: ops });
    expect(stream.status).toBe(200);
    await stream.waitForComment();
    appendFileSync(run, 'watched line one\n');
    const one = await stream.waitFor((e) => e.data?.line === 'watched line one', 30_000);
    expect(one.id).toMatch(/^\d+:\d+$/);
    renameSync(run, `${run}.1`);
    writeFileSync(run, 'fresh file\n');
    await stream.waitFor((e) => e.event === 'reset' && e.data.reason === 'rotated', 30_000);
    await stream.waitFor((e) => e.data?.line === 'fresh file', 30_000);
    stream.drop();
    const resumed = await openSse(`${t.url}/api/${OPS_ROUTES.watch}?${new URLSearchParams(file(run))}`, {
      method: 'GET',
      token: ops,
      lastEventId: stream.events.at(-1)!.id,
    });
    appendFileSync(run, 'after the drop\n');
    await resumed.waitFor((e) => e.data?.line === 'after the drop', 30_000);
    expect(resumed.events.filter((e) => e.data?.line === 'fresh file')).toEqual([]);
    resumed.drop();
  });
});
