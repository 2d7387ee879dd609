/**
 * Credence for agents (issue 30): the SDK's own MCP client over /api/mcp (streamable HTTP, bearer
 * token). Tools are listed with schemas and hints; search -> profile -> statements answer figures
 * with citations equal to the HTTP routes'; another user's document is not found; no credits is
 * the 402 message as a tool error; a planted instruction in a PDF arrives inside a data block.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DEFAULT_SAMPLE_COMPANY_NUMBER, RESEARCH_TEXTS } from '@credence/shared';
import { loadConfig } from '../../src/core/config/config.js';
import { seedSampleData } from '../../src/modules/companies-house/seed/seed.js';
import { uploadPdfs } from '../support/documents-client.js';
import { annualReportPdf, REPORT } from '../support/sample-documents.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const COMPANY = DEFAULT_SAMPLE_COMPANY_NUMBER;
const quiet = { progress: () => undefined, bad: () => undefined, info: () => undefined };

type ToolReply = { content: { type: string; text: string }[]; structuredContent?: any; isError?: boolean };

describe('MCP over streamable HTTP at /api/mcp, with the SDK client', () => {
  let t: TestApi;
  let owner: Client;
  let intruder: Client;
  let documentId: string;

  async function connect(token: string): Promise<Client> {
    const client = new Client({ name: 'credence-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.url}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
    );
    return client;
  }
  const call = async (client: Client, name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as ToolReply;

  before(async () => {
    t = await startTestApi();
    await seedSampleData(t.api.dataSource, loadConfig(t.environment.env), {
      companies: 4,
      seed: 5,
      referenceDate: '2026-06-15',
      reporter: quiet,
    });
    const ownerToken = await t.activeUser('mcp-owner@credence.test');
    const uploaded = await uploadPdfs(t, ownerToken, 'mcp-chat', [{ name: 'northwind-10k.pdf', bytes: await annualReportPdf() }]);
    if (uploaded.status !== 200) throw new Error(JSON.stringify(uploaded.body));
    owner = await connect(ownerToken);
    intruder = await connect(await t.activeUser('mcp-intruder@credence.test'));
    const listed = await call(owner, 'list_documents', { chat_key: 'mcp-chat' });
    documentId = listed.structuredContent.documents[0].document_id;
  });
  after(async () => {
    await Promise.all([owner?.close(), intruder?.close()]);
    await t.close();
  });

  it('refuses a call without a bearer token with the API’s 401, before any MCP message is read', async () => {
    const reply = await t.request('POST', '/api/mcp', {
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      headers: { accept: 'application/json, text/event-stream' },
    });
    expect(reply.status).toBe(401);
  });

  it("answers the transport's refusals as every API failure: 406 without the MCP Accept header, 405 for GET", async () => {
    const token = await t.adminToken();
    const plain = await t.request('POST', '/api/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'ping' }, token });
    expect(plain).toMatchObject({
      status: 406,
      body: { statusCode: 406, error: expect.stringMatching(/accept both application\/json and text\/event-stream/) },
    });
    const get = await t.request('GET', '/api/mcp', { token });
    expect(get).toMatchObject({ status: 405, body: { statusCode: 405, error: expect.stringMatching(/stateless/) } });
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('refuses a browser page of another origin (DNS rebinding) with a 403, even with a valid token', async () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const headers = { accept: 'application/json, text/event-stream', origin: 'http://evil.example.com' };
    const reply = await t.request('POST', '/api/mcp', { body, headers, token: await t.adminToken() });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toContain('http://evil.example.com');
  });

  it('lists the research, screener and document tools with input schemas and read-only or effect hints', async () => {
    const { tools } = await owner.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of [
      'company_search',
      'company_profile',
      'financial_statements',
      'financial_ratios',
      'filings',
      'document_pages',
      'charges',
      'leadership',
      'share_capital',
      'compliance',
      'peers',
      'lender_book',
      'us_kpi_tables',
      'us_kpi_values',
      'screen_companies',
      'screen_creditors',
      'list_documents',
      'ask_documents',
    ])
      expect(byName.has(name)).toBe(true);
    expect(byName.get('financial_statements')!.inputSchema.required).toEqual(['company_number']);
    expect(byName.get('financial_statements')!.annotations?.readOnlyHint).toBe(true);
    expect(byName.get('ask_documents')!.annotations?.readOnlyHint).toBe(false);
    expect(byName.get('start_document_processing')!.annotations?.readOnlyHint).toBe(false);
    const prompts = await owner.listPrompts();
    expect(prompts.prompts.map((p) => p.name).sort()).toEqual(['capital_structure', 'covenant_summary', 'summary_sheet']);
  });

  it('search -> profile -> financial statements: cited figures equal the HTTP routes’ answers', async () => {
    const admin = await t.adminToken();
    const search = await call(owner, 'company_search', { query: COMPANY });
    expect(search.structuredContent.data.companies[0].company_number).toBe(COMPANY);
    const searched = await t.request('GET', `/api/companies_house/search_companies?query=${COMPANY}`, { token: admin });
    expect(JSON.stringify(searched.body)).toContain(search.structuredContent.data.companies[0].company_name);
    const profile = await call(owner, 'company_profile', { company_number: COMPANY });
    const overview = await t.request('GET', `/api/companies_house/get_overview?company_number=${COMPANY}`, { token: admin });
    expect(overview.status).toBe(200);
    expect(JSON.stringify(overview.body)).toContain(profile.structuredContent.data.company_name);

    const statements = await call(owner, 'financial_statements', { company_number: COMPANY });
    expect(statements.isError).toBeFalsy();
    const turnover = statements.structuredContent.facts.filter((f: any) => f.key.startsWith('turnover@'));
    expect(turnover.length).toBeGreaterThan(0);
    const kpis = await t.request(
      'GET',
      `/api/get_kpi_values_by_table_name?company_id=${COMPANY}&document_category=AA&table_name=income_statement`,
      { token: admin },
    );
    const row = kpis.body.table_data.dataRows.find((r: any) => r.rowLabel === 'Turnover');
    for (const fact of turnover) {
      const fy = statements.structuredContent.data.years.find((y: any) => y.period_end === fact.period).fiscal_year;
      expect(row.columns.find((c: any) => c.columnLabel === `FY${fy}`).value).toBe(fact.value);
      expect(fact.citation).toMatchObject({ kind: 'filing', company_number: COMPANY, verified: true });
      expect(fact.citation.page).toBeGreaterThan(0);
    }
    expect(statements.content[0].text).toContain(`${turnover[0].citation.pdf_name} page ${turnover[0].citation.page} [verified]`);

    const page = await owner.readResource({
      uri: `credence://uk/company/${COMPANY}/filing/${turnover[0].citation.document_id}/page/${turnover[0].citation.page}`,
    });
    expect((page.contents[0] as { text: string }).text).toContain('<untrusted-data');
  });

  it('screens companies by plain English and by filter expressions, and creditors by lender, through the screener routes', async () => {
    const plain = await call(owner, 'screen_companies', { query: 'active companies with turnover over 1m', page_size: 10 });
    expect(plain.isError).toBeFalsy();
    expect(plain.structuredContent.understood).toMatch(/turnover/i);
    const route = await t.request(
      'GET',
      `/api/companies_house/get-screener-info?page_size=10&filters=${encodeURIComponent(JSON.stringify(plain.structuredContent.query.filters))}`,
      { token: await t.adminToken() },
    );
    expect(plain.structuredContent.total_count).toBe(route.body.data.total_count);
    const bad = await call(owner, 'screen_companies', { filters: ['nosuchcolumn>1'] });
    expect(bad).toMatchObject({ isError: true });
    expect(bad.content[0].text).toMatch(/Unknown column "nosuchcolumn"/);
    const lenders = await call(owner, 'screen_creditors', { view: 'lenders', filters: ['total_charges>0'], sort: 'total_charges:desc' });
    expect(lenders.isError).toBeFalsy();
    expect(lenders.structuredContent.total_count).toBeGreaterThan(0);
  });

  it("another user's document is not found: not listed, its page and its chat answer the API's 404", async () => {
    const listed = await call(intruder, 'list_documents', {});
    expect(listed.structuredContent.documents).toEqual([]);
    const page = await call(intruder, 'read_document_page', { document_id: documentId, page: 1 });
    expect(page.isError).toBe(true);
    expect(page.content[0].text).not.toContain('Net sales');
    const ask = await call(intruder, 'ask_documents', { chat_key: 'mcp-chat', question: 'What were net sales in 2019?' });
    expect(ask.isError).toBe(true);
    expect(ask.content[0].text).toMatch(/No PDFs have been uploaded to this chat/);
    expect(ask.content[0].text).not.toContain('260,174');
  });

  it('a planted instruction in a PDF arrives as quoted data inside an untrusted-data block', async () => {
    const page = await call(owner, 'read_document_page', { document_id: documentId, page: REPORT.plantedPage });
    const text = page.content[0].text;
    const start = text.indexOf('<untrusted-data');
    expect(start).toBeGreaterThan(0);
    expect(text.indexOf(REPORT.planted)).toBeGreaterThan(start);
    expect(text.indexOf(REPORT.planted)).toBeLessThan(text.lastIndexOf('</untrusted-data>'));
    expect(text.slice(0, start)).not.toMatch(/ignore/i);
  });

  it("an analyst without credits gets the API's 402 message as a tool error", async () => {
    const admin = await t.adminToken();
    const set = await t.request('POST', '/api/admin/users/credits', {
      token: admin,
      body: { email: 'mcp-owner@credence.test', total_credits: 0 },
    });
    expect(set.status).toBe(200);
    const ask = await call(owner, 'ask_documents', { chat_key: 'mcp-chat', question: 'What were net sales in 2019?' });
    expect(ask).toMatchObject({ isError: true, content: [{ type: 'text', text: RESEARCH_TEXTS.quotaExceeded }] });
  });
});
