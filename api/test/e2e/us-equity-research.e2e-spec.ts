/**
 * Data insights over HTTP (spec 3 section 7's equity calls): SEC files imported with the real
 * importers, then the thought process, the relevant tables and the observations jobs, and
 * run_equity_analysis_query, answered by the built-in analyst from the KPI tables with every
 * figure cited to its filing tag, which api/get_highlighted_source then shows. NVIDIA's years end
 * in January (a 53-week FY2016): every 10-K year shows, and "the last three fiscal years" gets three.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { EquityAnalysisResponse, EquityObservationsResult, EquityTablesResult, ResearchCitation } from '@credence/shared';
import { loadConfig } from '../../src/core/config/config.js';
import { JobQueue } from '../../src/core/queue/job-queue.js';
import { secCompanyFactsImporter } from '../../src/modules/us-equity/import/companyfacts.importer.js';
import { secTickersImporter } from '../../src/modules/us-equity/import/tickers.importer.js';
import { NVIDIA_CIK, TAGSWITCH_CIK, nvidiaFacts, tagswitchFacts, writeJson } from '../support/sec-data.js';
import { openSse } from '../support/sse-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const quiet = { progress: () => undefined, bad: () => undefined, info: () => undefined };
const CIK = String(TAGSWITCH_CIK);

describe('US equity data insights over HTTP', () => {
  let t: TestApi;
  let alice: string;
  let bob: string;
  let scratch: string;
  const poll = async <T>(token: string, jobId: string): Promise<{ status: string; result?: T; error?: string }> => {
    for (;;) {
      const reply = await t.request('GET', `/api/check_query?job_id=${jobId}`, { token });
      if (reply.body.status === 'completed' || reply.body.status === 'failed' || reply.status !== 200) return reply.body;
      await t.api.app.get(JobQueue).waitFor(jobId);
    }
  };
  const job = async <T>(path: string, body: Record<string, unknown>, token = alice) => {
    const started = await t.request('POST', `/api/${path}`, { token, body });
    expect(started.status).toBe(200);
    return poll<T>(token, started.body.job_id);
  };

  before(async () => {
    t = await startTestApi();
    alice = await t.activeUser('alice-us@example.com');
    bob = await t.activeUser('bob-us@example.com');
    scratch = mkdtempSync(join(tmpdir(), 'us-research-'));
    const context = { dataSource: t.api.dataSource, config: loadConfig(t.environment.env), reporter: quiet, batchSize: 50_000 };
    await secTickersImporter.run(context, [
      writeJson(scratch, 'company_tickers.json', {
        0: { cik_str: TAGSWITCH_CIK, ticker: 'TSW', title: 'Tagswitch Corp' },
        1: { cik_str: 7007, ticker: 'NODA', title: 'No Data Inc' },
      }),
    ]);
    await secCompanyFactsImporter.run(context, [
      writeJson(scratch, 'a.json', tagswitchFacts()),
      writeJson(scratch, 'CIK0001045810.json', nvidiaFacts()),
    ]);
  });
  after(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('plans an equity question from the company and the tables it reads', async () => {
    const reply = await t.request(
      'GET',
      `/api/equity_analysis/generate_thought_process?company_id=${CIK}&query=${encodeURIComponent('How did revenue change?')}`,
      {
        token: alice,
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.thought_process[0]).toContain('Tagswitch Corp');
    expect(reply.body.thought_process[1]).toContain('Income Statement');
    expect(reply.body.error).toBeUndefined();
  });

  it('selects the relevant KPI tables, each entry labelled by its first element', async () => {
    const done = await job<EquityTablesResult>('equity_analysis/select_tables', {
      company_id: CIK,
      query: 'Revenue and free cash flow',
      chat_id: 'di-1',
    });
    expect(done.status).toBe('completed');
    const names = done.result!.relevant_table_names.map(([name]) => name);
    expect(names).toEqual(['Income Statement', 'Cash Flow', 'Margins and Returns', 'Growth'].filter((n) => names.includes(n)));
    expect(names[0]).toBe('Income Statement');
    const income = done.result!.relevant_table_names[0]![1];
    const revenue = income.table_data.find((r) => r.name === 'revenue')!;
    expect(revenue.cells.filter(Boolean).map((c) => c!.value)).toEqual([455, 540]);
  });

  it('writes observations whose every figure cites its filing tag, and the tag opens highlighted', async () => {
    const before = (await t.request('GET', '/api/model_access_info', { token: alice })).body.accessed_count;
    const done = await job<EquityObservationsResult>('equity_analysis/observations', {
      company_id: CIK,
      query: 'How did revenue change in 2023?',
      chat_id: 'di-1',
    });
    expect(done.status).toBe('completed');
    const result = done.result!;
    expect(result.declined).toBeUndefined();
    const line = result.observations.find((o) => o.startsWith('**Revenue**'))!;
    expect(line).toMatch(/^\*\*Revenue\*\*: \$540\[\^c\d+\] in FY2023, up 18\.7% from \$455\[\^c\d+\] in FY2022\.$/);
    expect(result.citations.length).toBeGreaterThanOrEqual(2);
    for (const c of result.citations) expect(c).toMatchObject({ kind: 'sec', verified: true });
    const cited = result.citations.find((c: ResearchCitation) => c.quote?.includes('= 540'))!;
    expect(cited.url).toBe(`/backlinker?cik=${CIK}&doc_cg=annual&kv_id=revenue%40FY2023`);
    expect(cited.title).toMatch(/^10-K filed 2024-\d\d-\d\d · us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax$/);
    const params = new URL(cited.url!, 'http://x').searchParams;
    const source = await t.request('GET', `/api/get_highlighted_source?${params.toString()}`, { token: alice });
    expect(source.status).toBe(200);
    expect(source.body.kpi_info).toMatchObject({ kpi_value_id: 'revenue@FY2023', value: 540 });
    expect((await t.request('GET', '/api/model_access_info', { token: alice })).body.accessed_count).toBe(before + 1);
  });

  it('declines what the KPI tables cannot answer, stating no figure', async () => {
    const price = await job<EquityObservationsResult>('equity_analysis/observations', {
      company_id: CIK,
      query: 'What is the share price target?',
    });
    expect(price.result!.declined!.missing).toEqual(['The filed figures do not hold share prices, market value and valuation multiples.']);
    expect(price.result!.citations).toEqual([]);
    const year = await job<EquityObservationsResult>('equity_analysis/observations', { company_id: CIK, query: 'Revenue in 2015' });
    expect(year.result!.declined!.missing[0]).toMatch(
      /^No annual figures for FY2015 are on file for Tagswitch Corp \(on file: FY2022, FY2023\)\.$/,
    );
    const empty = await job<EquityObservationsResult>('equity_analysis/observations', { company_id: '7007', query: 'Revenue' });
    expect(empty.result!.declined!.missing[0]).toContain('No Data Inc has no XBRL company facts imported');
    const unknown = await job<EquityObservationsResult>('equity_analysis/observations', { company_id: '99999', query: 'Revenue' });
    expect(unknown.result!.declined!.missing).toEqual(['No US company with CIK 99999 is held here.']);
  });

  it("keeps NVIDIA's 53-week FY2016 (to 2016-01-31), and answers 'the last three fiscal years' with three", async () => {
    const table = await t.request(
      'GET',
      `/api/us/get_kpi_values_by_table_name?company_id=${NVIDIA_CIK}&table_name=Income%20Statement&document_category=annual`,
      { token: alice },
    );
    expect(table.status).toBe(200);
    expect(table.body.periods.map((p: { key: string; fiscal_date: string }) => [p.key, p.fiscal_date])).toEqual([
      ['FY2015', '2015-01-25'],
      ['FY2016', '2016-01-31'],
      ['FY2017', '2017-01-29'],
    ]);
    const value = await t.request('GET', `/api/get_kpi_value_by_id?cik=${NVIDIA_CIK}&kv_id=revenue%40FY2016&doc_cg=annual`, {
      token: alice,
    });
    expect(value.status).toBe(200);
    expect(value.body).toMatchObject({ value: 5_010_000_000 });
    const done = await job<EquityObservationsResult>(
      'equity_analysis/observations',
      { company_id: String(NVIDIA_CIK), query: 'How did revenue and net income change over the last three fiscal years?' },
      bob,
    );
    expect(done.status).toBe('completed');
    const line = (name: string) => done.result!.observations.find((o) => o.startsWith(`**${name}**`))!;
    expect(line('Revenue')).toMatch(/ in FY2017, up 37\.9% from .+ in FY2016; FY2016 up 7\.0% from .+ in FY2015\.$/);
    expect(line('Net income')).toMatch(/ in FY2017, up 171\.3% from .+ in FY2016; FY2016 down 2\.7% from .+ in FY2015\.$/);
  });

  it('answers run_equity_analysis_query with the tables and the observations at once', async () => {
    const reply = await t.request<EquityAnalysisResponse>('GET', `/api/run_equity_analysis_query?company_id=${CIK}&query=net%20income`, {
      token: alice,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.thought_process.length).toBe(4);
    expect(reply.body.result.relevant_table_names.map(([n]) => n)).toContain('Income Statement');
    expect(reply.body.result.observations.some((o) => o.startsWith('**Net income**: $54['))).toBe(true);
  });

  it('answers in the /us/analysis chat (research/ask with a CIK): plan, cited text, a table, then done, kept in the chat', async () => {
    const stream = await openSse(`${t.url}/api/research/ask`, {
      token: alice,
      body: { query: 'What was free cash flow and net income?', cik: CIK, chat_id: 'us-chat-1' },
    });
    expect(stream.status).toBe(200);
    const events = await stream.finished(60_000);
    expect(events[0]!.event).toBe('plan');
    const done = events.find((e) => e.event === 'done')!;
    const answer = done.data.answer;
    expect(answer.text).toMatch(/\*\*Net income\*\*: \$54\[\^c\d+\] in FY2023/);
    expect(answer.tables.length).toBe(1);
    expect(answer.citations.every((c: ResearchCitation) => c.kind === 'sec' && c.verified)).toBe(true);
    const chat = await t.request('GET', '/api/get_chat?chat_id=us-chat-1', { token: alice });
    expect(chat.status).toBe(200);
    expect(JSON.stringify(chat.body)).toContain('equity-analysis');
  });

  it('validates the company and the question, and keeps a job to its owner', async () => {
    const bad = await t.request('POST', '/api/equity_analysis/select_tables', {
      token: alice,
      body: { company_id: 'AAPL', query: 'x', extra: 1 },
    });
    expect(bad.status).toBe(400);
    const empty = await t.request('GET', `/api/equity_analysis/generate_thought_process?company_id=${CIK}&query=%20`, { token: alice });
    expect(empty.status).toBe(400);
    const started = await t.request('POST', '/api/equity_analysis/select_tables', {
      token: alice,
      body: { company_id: CIK, query: 'revenue' },
    });
    expect((await t.request('GET', `/api/check_query?job_id=${started.body.job_id}`, { token: bob })).status).toBe(404);
    expect((await t.request('GET', `/api/equity_analysis/generate_thought_process?company_id=${CIK}&query=x`)).status).toBe(401);
  });
});
