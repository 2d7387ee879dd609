/**
 * `credence mcp` over stdio, driven by the MCP SDK's own client (StdioClientTransport) against the
 * real API: signed in with the stored `credence login` session, it lists the API's tools and a
 * company's cited statements equal what /api/mcp and the HTTP route answer; without a session it
 * exits 4 before serving.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { rmSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { DEFAULT_SAMPLE_COMPANY_NUMBER } from '@credence/shared';
import { BIN, credence, signedInUser, startApi, type ApiServer } from '../support/processes.js';

const COMPANY = DEFAULT_SAMPLE_COMPANY_NUMBER;
type ToolReply = { content: { type: string; text: string }[]; structuredContent?: any; isError?: boolean };

describe('credence mcp: an MCP server over stdio relaying to the API', () => {
  let api: ApiServer;
  let user: { env: Record<string, string>; token: string };
  let client: Client;
  let stderr = '';

  before(async () => {
    api = await startApi();
    user = await signedInUser(api, { email: 'mcp.agent@example.com', password: 'a long and unusual mcp passphrase', name: 'MCP Agent' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env: user.env, stderr: 'pipe' });
    transport.stderr?.on('data', (d) => (stderr += d));
    client = new Client({ name: 'credence-cli-test', version: '1.0.0' });
    await client.connect(transport);
  });
  after(async () => {
    await client?.close();
    await api?.stop();
    if (api) rmSync(api.dataDir, { recursive: true, force: true });
  });

  it('serves the API’s tools with the stored login session, saying who on stderr', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['company_search', 'financial_statements', 'screen_companies', 'ask_documents']),
    );
    expect(stderr).toContain('serving mcp.agent@example.com');
  });

  it('search -> financial statements: the same cited figures as the HTTP route', async () => {
    const search = (await client.callTool({ name: 'company_search', arguments: { query: COMPANY } })) as ToolReply;
    expect(search.structuredContent.data.companies[0].company_number).toBe(COMPANY);
    const statements = (await client.callTool({ name: 'financial_statements', arguments: { company_number: COMPANY } })) as ToolReply;
    const turnover = statements.structuredContent.facts.filter((f: any) => f.key.startsWith('turnover@'));
    expect(turnover.length).toBeGreaterThan(0);
    const response = await fetch(
      `${api.url}/api/get_kpi_values_by_table_name?company_id=${COMPANY}&document_category=AA&table_name=income_statement`,
      {
        headers: { authorization: `Bearer ${user.token}` },
      },
    );
    const row = ((await response.json()) as any).table_data.dataRows.find((r: any) => r.rowLabel === 'Turnover');
    for (const fact of turnover) {
      const fy = statements.structuredContent.data.years.find((y: any) => y.period_end === fact.period).fiscal_year;
      expect(row.columns.find((c: any) => c.columnLabel === `FY${fy}`).value).toBe(fact.value);
      expect(fact.citation).toMatchObject({ kind: 'filing', verified: true });
    }
  });

  it('without a session it exits 4 with the sign-in message, never serving', async () => {
    const run = await credence(['mcp'], { CREDENCE_API_URL: api.url });
    expect(run.code).toBe(4);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/credence login/);
  });
});
