/**
 * `credence logs tail -f` with two `--instance` options (issue 28 §2-§3) through the binary, against
 * a small fake API that follows the ops contract (shared/src/contracts/ops.ts) with two instances:
 * one named (looked up in list_ec2_instances), one by id. The real API's local backend has one
 * instance only (ops-merged.e2e.ts follows it by both its names); two distinct ones need the AWS
 * backend. Each line comes tagged with its instance and file, in the order the instances wrote them.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { running } from './support/processes.js';

const PROD = { id: 'i-0a1b2c3d4e5f67890', name: 'large-pipeline-prod', state: 'running' };
const BACKFILL = { id: 'i-0fedcba9876543210', name: 'large-pipeline-backfill', state: 'running' };
const PATH = '/var/log/pipeline.log';

describe('logs tail -f over two instances against a fake API', () => {
  let server: Server;
  let env: Record<string, string>;
  const watches = new Map<string, ServerResponse>();
  let offset = 100;

  before(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const instance = url.searchParams.get('instance_id') ?? '';
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (url.pathname === '/api/list_ec2_instances') return json(200, { instances: [BACKFILL, PROD] });
      if (![PROD.id, BACKFILL.id].includes(instance) || url.searchParams.get('path') !== PATH)
        return json(404, { error: `No such instance or file: ${instance} ${url.searchParams.get('path')}` });
      if (url.pathname === '/api/tail_ec2_instance') return json(200, { lines: [`${instance} booted`], size: 10, cursor: '1:10' });
      if (url.pathname === '/api/watch_ec2_instance') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(': open\n\n');
        watches.set(instance, res);
        return;
      }
      json(404, { error: 'No route' });
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    env = { CREDENCE_API_URL: `http://127.0.0.1:${(server.address() as { port: number }).port}`, CREDENCE_TOKEN: 'good' };
  });
  after(() => new Promise<void>((done) => (server.close(() => done()), server.closeAllConnections())));

  it('prefixes each line with its instance and file, in the order written across the instances', async () => {
    const tail = running(['logs', 'tail', PATH, '-f', '-n', '1', '--instance', PROD.name, '--instance', BACKFILL.id], env);
    const shown = () => tail.stdout().trim().split('\n');
    try {
      await tail.until(() => watches.size === 2 && shown().length === 2, 'both tails and watches');
      expect([...shown()].sort()).toEqual(
        [`[${PROD.id}:${PATH}] ${PROD.id} booted`, `[${BACKFILL.id}:${PATH}] ${BACKFILL.id} booted`].sort(),
      );
      const expected = [...shown()];
      for (const [instance, text] of [
        [BACKFILL.id, 'backfill step 1'],
        [PROD.id, 'prod step 1'],
        [PROD.id, 'prod step 2'],
        [BACKFILL.id, 'backfill step 2'],
      ]) {
        offset += text.length + 1;
        watches.get(instance)!.write(`id: 1:${offset}\nevent: message\ndata: ${JSON.stringify({ line: text })}\n\n`);
        expected.push(`[${instance}:${PATH}] ${text}`);
        await tail.until(() => shown().length >= expected.length, text);
      }
      expect(shown()).toEqual(expected);
    } finally {
      tail.child.kill('SIGINT');
      await tail.exited;
    }
  });
});
