import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { createTestEnvironment, type TestEnvironment } from '../support/environment.js';
import { until } from '../support/outage.js';
import { startServer, type Server } from '../support/processes.js';

/** Out of the box the monitor has a log to watch: the server appends its request log to DATA_DIR/logs/api.log. */
describe('the API writes its own log where the ops monitor looks (the server process)', () => {
  let environment: TestEnvironment;
  let server: Server;

  before(async () => {
    environment = await createTestEnvironment({ LOG_LEVEL: 'info' });
    server = await startServer({ ...environment.env, PORT: '0' });
  });
  after(async () => {
    await server?.stop();
    await environment?.cleanup();
  });

  it('appends one JSON line per request to api.log in the first log root', async () => {
    const response = await fetch(`${server.url}/api/health?probe=ops-log`);
    expect(response.status).toBe(200);
    const file = join(environment.dataDir, 'logs', 'api.log');
    let text = '';
    await until('the request is in api.log', () => {
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return false;
      }
      return text.includes('probe=ops-log');
    });
    const line = text.split('\n').find((l) => l.includes('probe=ops-log'))!;
    expect(JSON.parse(line)).toMatchObject({ method: 'GET', url: '/api/health?probe=ops-log', statusCode: 200 });
  });
});
