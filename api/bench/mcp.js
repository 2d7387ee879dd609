// npm run bench:mcp (in api/): what the MCP layer adds to a tool call over the same HTTP route.
// One API started with a small sample; the SDK's own client, connected once to /api/mcp (streamable
// HTTP, bearer token), calls tools while plain fetch calls the route each tool answers from,
// alternating one by one in the same run:
//   screen_companies  vs GET /api/companies_house/get-screener-info (the tool forwards to the route)
//   company_search    vs GET /api/companies_house/search_companies  (the research tool's own query)
// Each round is a whole request (HTTP, guards, JSON). Overhead = tool p95 - route p95 (and p50).
// Budget: <= 20 ms p95. Build first (npm run build -w @credence/api).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { adminHeaders, percentile, serverEnv, startServer, timed } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARM = 20;
const BUDGET_MS = 20;
const FILTERS = [{ id: 'turnover', value: { type: 'greaterThan', value: 1000000 } }];

const PAIRS = [
  {
    name: 'screen_companies',
    tool: { name: 'screen_companies', arguments: { filters: ['turnover>1m'], page_size: 25, sort: 'turnover:desc' } },
    route: `/api/companies_house/get-screener-info?page=1&page_size=25&sort_by=turnover&sort_order=desc&filters=${encodeURIComponent(JSON.stringify(FILTERS))}`,
  },
  {
    name: 'company_search',
    tool: { name: 'company_search', arguments: { query: 'engineering', limit: 5 } },
    route: '/api/companies_house/search_companies?query=engineering&limit=5',
  },
];

async function route(base, headers, path) {
  const response = await fetch(base + path, { headers });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  await response.json();
}

async function tool(client, call) {
  const result = await client.callTool(call);
  if (result.isError) throw new Error(`${call.name}: ${result.content[0].text}`);
}

const fmt = (values) => `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'credence-bench-mcp-'));
  const server = await startServer(serverEnv(dataDir, { SAMPLE_COMPANIES: process.env.BENCH_SAMPLE_COMPANIES ?? '40' }));
  const client = new Client({ name: 'credence-bench', version: '1.0.0' });
  let over = false;
  try {
    const headers = await adminHeaders(server.base);
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.base}/api/mcp`), { requestInit: { headers } }));
    console.log(`${ROUNDS} rounds each after ${WARM} warm-up, one request at a time, route and tool alternating`);
    for (const pair of PAIRS) {
      const times = { route: [], tool: [] };
      for (let i = 0; i < WARM; i++) {
        await route(server.base, headers, pair.route);
        await tool(client, pair.tool);
      }
      for (let i = 0; i < ROUNDS; i++) {
        times.route.push(await timed(() => route(server.base, headers, pair.route)));
        times.tool.push(await timed(() => tool(client, pair.tool)));
      }
      const p50 = percentile(times.tool, 50) - percentile(times.route, 50);
      const p95 = percentile(times.tool, 95) - percentile(times.route, 95);
      const verdict = p95 <= BUDGET_MS ? 'within budget' : 'OVER BUDGET';
      console.log(
        `${pair.name.padEnd(17)} route ${fmt(times.route)} | MCP tool ${fmt(times.tool)} | overhead ${p50.toFixed(1)} ms p50, ${p95.toFixed(1)} ms p95 (budget ${BUDGET_MS} ms): ${verdict}`,
      );
      if (p95 > BUDGET_MS) over = true;
    }
  } finally {
    await client.close().catch(() => undefined);
    server.child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (over) process.exitCode = 1;
}

await main();
