// npm run conformance:mcp (in api/): the MCP project's own conformance suite
// (@modelcontextprotocol/conformance, fetched by npx into its cache, not a dependency) against
// /api/mcp of the built API, with expected-failures.yaml as the baseline: exit 0 when every
// failure is an expected one (README "Credence for agents" gives each reason).
// Its client sends no Authorization header, so the suite talks to a loopback relay that adds the
// benchmark administrator's bearer token; auth itself is tested in test/e2e/mcp.e2e-spec.ts.
// Extra arguments go to the suite (e.g. --scenario tools-list --verbose). Build first.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminHeaders, serverEnv, startServer } from '../bench/support.js';

const VERSION = '0.1.16';
const here = dirname(fileURLToPath(import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'credence-mcp-conformance-'));
const server = await startServer(serverEnv(dataDir, { SAMPLE_COMPANIES: '5' }));
let code = 1;
try {
  const auth = await adminHeaders(server.base);
  const target = new URL(server.base);
  const relay = http.createServer((req, res) => {
    const headers = { ...req.headers, host: target.host, ...auth };
    const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((ready) => relay.listen(0, '127.0.0.1', ready));
  const url = `http://127.0.0.1:${relay.address().port}/api/mcp`;
  const node20 = Number(process.versions.node.split('.')[0]) < 22;
  const args = ['--yes', `@modelcontextprotocol/conformance@${VERSION}`, 'server', '--url', url];
  args.push(
    ...(process.argv.length > 2 ? process.argv.slice(2) : ['--suite', 'all', '--expected-failures', join(here, 'expected-failures.yaml')]),
  );
  // The suite declares Node >= 22 (the repo's .npmrc makes engines strict); on 20 the hook below stands in.
  const env = { ...process.env, npm_config_engine_strict: 'false' };
  if (node20)
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --import=data:text/javascript,${encodeURIComponent(`import{register}from'node:module';register(${JSON.stringify(new URL('./node20-hooks.mjs', import.meta.url).href)});`)}`;
  const child = spawn('npx', args, { stdio: 'inherit', env });
  code = await new Promise((done) => child.on('close', (c) => done(c ?? 1)));
  relay.close();
} finally {
  server.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
