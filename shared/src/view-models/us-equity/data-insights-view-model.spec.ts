import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import type { ResearchCitation } from '../../contracts/research.js';
import { pendingClient, settle, usCompany } from '../testing/fakes.js';
import { createDataInsightsViewModel, relevantTables } from './data-insights-view-model.js';

const company = usCompany();

/** A figure's filing tag, as the observations job cites it. */
const cite = (id: string): ResearchCitation => ({
  id,
  kind: 'sec',
  document_id: '0001001-25-000001',
  title: 'Revenue FY2024 (10-K)',
  url: `/backlinker?cik=1001&doc_cg=annual&kv_id=${id}`,
  verified: true,
});

describe('data insights view model', () => {
  it('runs a query through the stages, shows the first relevant table and stores the chat', async () => {
    let n = 0;
    const { client, calls, callsOf } = pendingClient({
      usCompany: company,
      usEquityThoughtProcess: { thought_process: ['Read the income statement', 'Compare margins'] },
      usEquitySelectTables: { job_id: 'tables' },
      usEquityObservations: { job_id: 'obs' },
      checkQuery: (id: string) =>
        id === 'tables'
          ? { status: 'completed', result: { relevant_table_names: [['Income Statement', 'annual'], ['Margins and Returns']] } }
          : { status: 'completed', result: { observations: ['Revenue grew 12%[^c2]'], citations: [cite('c1'), cite('c2')] } },
      usKpiTable: (_c: string, name: string, category: string) => ({
        table_name: name,
        category,
        periods: [],
        table_data: [],
        table_unit: 'USD',
      }),
      createChatHistory: { id: '1', user_id: 'u', chat_metadata: {} },
    });
    const model = createDataInsightsViewModel({ client, newChatKey: () => `key-${++n}` });
    model.open('key-9', '1001');
    await settle();
    expect(model.getState().company?.title).toBe('Acme Widgets Inc');
    model.setInput('  How did margins move?  ');
    await model.run();
    const s = model.getState();
    expect(s.stage).toBe(4);
    expect(s.thoughtProcess).toEqual(['Read the income statement', 'Compare margins']);
    expect(s.tables.map((t) => t.label)).toEqual(['Income Statement', 'Margins and Returns']);
    expect(s.observations).toEqual(['Revenue grew 12%[^c2]']);
    // the marker used is footnote 1, whatever its id; a citation no observation uses is not listed
    expect(s.footnotes.map((f) => [f.number, f.id, f.citation.url])).toEqual([[1, 'c2', '/backlinker?cik=1001&doc_cg=annual&kv_id=c2']]);
    expect(s.table?.table_name).toBe('Income Statement');
    expect(callsOf('usEquitySelectTables')[0]!.args[0]).toEqual({ company_id: '1001', query: 'How did margins move?', chat_id: 'key-9' });
    expect(callsOf('createChatHistory')[0]!.args[0]).toMatchObject({
      chat_id: 'key-9',
      chat_category: 'equity-analysis',
      chat_metadata: { cik: '1001' },
      table_data: { citations: [cite('c1'), cite('c2')] },
    });
    expect(calls.length).toBeGreaterThan(0);
    expect(model.newQuery()).toBe('key-2');
    expect(model.getState()).toMatchObject({ stage: 0, query: '', tables: [], chatKey: 'key-2' });
  });

  it("shows the thought process call's error, and goes on past failed table and observation jobs", async () => {
    const refused = pendingClient({
      usCompany: company,
      usEquityThoughtProcess: () => {
        throw new ApiError({ status: 404, error: 'US equity research is not available yet', call: 'GET' });
      },
    });
    const a = createDataInsightsViewModel({ client: refused.client });
    a.setCompany(company);
    a.setInput('q');
    await a.run();
    expect([a.getState().stage, a.getState().error]).toEqual([0, 'US equity research is not available yet']);

    const failing = pendingClient({
      usEquityThoughtProcess: { thought_process: ['Step'] },
      usEquitySelectTables: () => {
        throw new ApiError({ status: 500, error: 'x', call: 'POST' });
      },
      usEquityObservations: { job_id: 'o' },
      checkQuery: { status: 'failed', error: 'no model' },
      createChatHistory: { id: '1' },
    });
    const b = createDataInsightsViewModel({ client: failing.client });
    b.setCompany(company);
    b.setInput('q');
    await b.run();
    expect(b.getState()).toMatchObject({ stage: 4, tables: [], observations: [], error: null });
  });

  it('reads relevant table entries by their first element and restores a saved chat at stage 2', async () => {
    expect(relevantTables(['Balance Sheet', ['Cash Flow', 'quarterly'], [3], 'Other'])).toEqual([
      { label: 'Balance Sheet', table_name: 'Balance Sheet', category: 'annual' },
      { label: 'Cash Flow', table_name: 'Cash Flow', category: 'quarterly' },
      { label: 'Other', table_name: null, category: 'annual' },
    ]);
    const { client } = pendingClient({
      getChat: {
        chat_metadata: { cik: '1001' },
        details: [
          {
            query_str: 'Old question',
            thought_process: ['a'],
            observations: ['b[^c1]'],
            table_data: { relevant_table_names: [['Growth']], citations: [cite('c1'), { id: 3 }] },
          },
        ],
      },
      usCompany: company,
    });
    const model = createDataInsightsViewModel({ client });
    model.open('saved', null);
    await settle();
    await settle();
    expect(model.getState()).toMatchObject({ stage: 2, query: 'Old question', thoughtProcess: ['a'], observations: ['b[^c1]'] });
    expect(model.getState().footnotes.map((f) => f.label)).toEqual(['Revenue FY2024 (10-K)']);
    expect(model.getState().tables.map((t) => t.label)).toEqual(['Growth']);
    expect(model.getState().company?.cik_str).toBe('1001');
  });
});
