import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import { RestructuringError } from '../../client/restructuring-client.js';
import type { ChatDetail, ChatHistoryItem } from '../../contracts/research.js';
import { RESTRUCTURING_TEXTS, type RestructuringResult } from '../../contracts/restructuring.js';
import { DOCUMENT_TEXTS, type UploadedPdf } from '../../contracts/documents.js';
import { pendingClient, settle } from '../testing/fakes.js';
import {
  chipRuns,
  createRestructuringViewModel,
  EMPTY_RESTRUCTURING_RUN,
  RESTRUCTURING_STAGE_TEXTS,
  restructuringErrorText,
  uploadedFilesText,
} from './restructuring-view-model.js';

const table = (columns: string[], title = 'Capital Structure') => ({
  table_title: title,
  columns,
  rows: [{ [columns[0]!]: { text: 'Term Facility', pdf_file_name: null, pageNumber: null } }],
});

const detail = (id: string, query: string, columns = ['Instrument', 'Amount']): ChatDetail =>
  ({
    id,
    query_str: query,
    thought_process: [`plan of ${query}`],
    observations: [{ title: 'Found', details: query }],
    table_data: table(columns),
    created_at: '2026-01-01',
  }) as unknown as ChatDetail;

const chatItem = (chat_id: string, category = 'restructuring'): ChatHistoryItem => ({
  id: chat_id,
  chat_id,
  user_id: 'u',
  query_str: `query ${chat_id}`,
  chat_category: category,
  chat_metadata: {},
  created_at: '',
  updated_at: '',
});

const pdf = (file_name: string, pages: number) => ({ file_name, pages }) as UploadedPdf;

const result = (query: string, columns = ['Instrument', 'Amount']): RestructuringResult => ({
  thought_process: ['Read the facility agreement', `Build the table for ${query}`],
  observations: [{ title: 'Instruments found', details: '1' }],
  table_data: table(columns),
  chat_key: 'k1',
  workflow_category: 'restructuring',
  engine: 'built-in',
});

describe('restructuring view model', () => {
  it('opening a chat shows its documents, the History lists, one chip per query and its latest run', async () => {
    const { client } = pendingClient({
      fetchPdfList: [pdf('facility.pdf', 3), pdf('notes.pdf', 12)],
      getChatHistory: [chatItem('k1'), chatItem('e1', 'equity-analysis')],
      getChat: { details: [detail('r1', 'Debt'), detail('r2', 'Leases'), detail('r3', '  debt ')] },
    });
    const model = createRestructuringViewModel({ client });
    model.open('k1');
    await settle();
    const s = model.getState();
    expect(uploadedFilesText(s.files)).toBe('facility.pdf (3 pages) · notes.pdf (12 pages)');
    expect(s.history.map((c) => c.chat_id)).toEqual(['k1', 'e1']);
    expect(s.runs.map((r) => [r.runId, r.query])).toEqual([
      ['r3', '  debt '],
      ['r2', 'Leases'],
    ]);
    expect(s.shown.runId).toBe('r3');
    expect(s.query).toBe('  debt ');
  });

  it('a new chat has nothing saved: the page stays empty and shows no error', async () => {
    const { client } = pendingClient({ fetchPdfList: [], getChatHistory: [] });
    const model = createRestructuringViewModel({ client });
    model.open('fresh');
    await settle();
    expect(model.getState()).toMatchObject({ shown: EMPTY_RESTRUCTURING_RUN, runs: [], error: null });
    expect(uploadedFilesText(model.getState().files)).toBe('No files uploaded yet.');
  });

  it('a run goes through its stages, shows the plan before the table, then the result, and saves the chat', async () => {
    const { client, callsOf } = pendingClient({
      fetchPdfList: [],
      getChatHistory: [],
      restructuringPlan: { thought_process: ['Read the facility agreement'] },
      startQuery: { data: { job_id: 'job-1' } },
      createChatHistory: { id: 'saved' },
    });
    const model = createRestructuringViewModel({ client });
    model.open('k1');
    callsOf('getChat')[0]!.answer.reject(new ApiError({ status: 404, error: 'Chat not found', call: 'GET /api/get_chat' }));
    await settle();
    const stages = [model.getState().stage];
    model.subscribe(() => stages.at(-1) !== model.getState().stage && stages.push(model.getState().stage));
    model.setQuery('  Debt instruments  ');
    const running = model.submit();
    await settle();
    expect(model.getState()).toMatchObject({
      running: true,
      stage: 'query',
      shown: { query: 'Debt instruments', plan: ['Read the facility agreement'] },
    });
    expect(model.getState().shown.table).toBeNull();
    callsOf('checkQuery')[0]!.answer.resolve({ status: 'completed', result: result('Debt instruments') });
    await settle();
    callsOf('getChat')[1]!.answer.resolve({ details: [detail('r1', 'Debt instruments')] });
    await running;
    await settle();
    const s = model.getState();
    expect(stages).toEqual([null, 'plan', 'query', 'save', null]);
    expect(s.running).toBe(false);
    expect(s.shown.table?.table_title).toBe('Capital Structure');
    expect(s.shown.observations).toEqual([{ title: 'Instruments found', details: '1' }]);
    expect(callsOf('createChatHistory')[0]!.args[0]).toMatchObject({
      chat_id: 'k1',
      query_str: 'Debt instruments',
      chat_category: 'restructuring',
    });
    expect(callsOf('getChatHistory')).toHaveLength(2); // the History lists gain the chat
    expect(s.runs.map((r) => r.runId)).toEqual(['r1']);
    expect(RESTRUCTURING_STAGE_TEXTS[stages[2] as 'query']).toBe('building the table…');
  });

  it('a blank query does not run', async () => {
    const { client, callsOf } = pendingClient({ fetchPdfList: [], getChatHistory: [] });
    const model = createRestructuringViewModel({ client });
    model.open('k1');
    model.setQuery('   ');
    await model.submit();
    expect(callsOf('restructuringPlan')).toEqual([]);
    expect(model.getState().running).toBe(false);
  });

  it("a failed step shows the spec's error text, and closing it clears it", async () => {
    const { client } = pendingClient({
      fetchPdfList: [],
      getChatHistory: [],
      getChat: { details: [] },
      restructuringPlan: () => {
        throw new ApiError({
          status: 400,
          error: RESTRUCTURING_TEXTS.noDocuments,
          call: 'GET /api/restructuring/generate_thought_process',
        });
      },
    });
    const model = createRestructuringViewModel({ client });
    model.open('k1');
    model.setQuery('Debt');
    await model.submit();
    expect(model.getState()).toMatchObject({
      running: false,
      stage: null,
      error: RESTRUCTURING_TEXTS.thoughtProcessFailed(RESTRUCTURING_TEXTS.noDocuments),
    });
    model.closeError();
    expect(model.getState().error).toBeNull();
  });

  it('Add Column re-runs the plan shown with the columns step appended, without planning again', async () => {
    const { client, callsOf } = pendingClient({
      fetchPdfList: [],
      getChatHistory: [],
      getChat: { details: [detail('r1', 'Debt')] },
      startQuery: { data: { job_id: 'job-2' } },
      checkQuery: { status: 'completed', result: result('Debt', ['Instrument', 'Amount', 'Margin']) },
      createChatHistory: { id: 'saved' },
    });
    const model = createRestructuringViewModel({ client });
    model.open('k1');
    await settle();
    await model.addColumn('Margin');
    expect(callsOf('restructuringPlan')).toEqual([]);
    const started = callsOf('startQuery')[0]!.args[0] as { query: string; thoughts: string[] };
    expect(started.query).toBe('Debt');
    expect(started.thoughts).toEqual([
      'plan of Debt',
      'Build the table with one row per instrument and the columns [Instrument, Amount, Margin]',
    ]);
    expect(model.getState().shown.table?.columns).toEqual(['Instrument', 'Amount', 'Margin']);
  });

  it('another chat opened mid-run: the old run and the old chat answer late and change nothing', async () => {
    const { client, callsOf } = pendingClient({
      fetchPdfList: [],
      getChatHistory: [],
      restructuringPlan: { thought_process: ['step'] },
      startQuery: { data: { job_id: 'job-3' } },
    });
    const model = createRestructuringViewModel({ client });
    model.open('k1');
    model.setQuery('Debt');
    void model.submit();
    await settle();
    model.open('k2');
    expect(model.getState()).toMatchObject({ chatKey: 'k2', running: false, shown: EMPTY_RESTRUCTURING_RUN });
    callsOf('getChat')[0]!.answer.resolve({ details: [detail('old', 'Old')] });
    callsOf('checkQuery')[0]!.answer.resolve({ status: 'completed', result: result('Debt') });
    callsOf('getChat')[1]!.answer.resolve({ details: [] });
    await settle();
    expect(model.getState()).toMatchObject({ chatKey: 'k2', running: false, runs: [], shown: EMPTY_RESTRUCTURING_RUN, error: null });
    expect(callsOf('checkQuery')[0]!.signal?.aborted).toBe(true); // the old run's job is no longer polled
  });

  it('a chip shows its saved run, and Export asks for that run by its id', async () => {
    const { client, callsOf } = pendingClient({
      fetchPdfList: [],
      getChatHistory: [],
      getChat: { details: [detail('r1', 'Debt'), detail('r2', 'Leases')] },
    });
    const model = createRestructuringViewModel({ client });
    model.open('k1');
    await settle();
    model.pick(model.getState().runs[1]!);
    expect(model.getState()).toMatchObject({ query: 'Debt', shown: { runId: 'r1' } });
    const exported = model.exportExcel();
    expect(model.getState().exporting).toBe(true);
    const file = { bytes: new Uint8Array([1]), fileName: 'Capital_Structure.xlsx' };
    callsOf('restructuringExcel')[0]!.answer.resolve(file);
    expect(await exported).toEqual(file);
    expect(callsOf('restructuringExcel')[0]!.args).toEqual(['k1', { runId: 'r1' }]);
    expect(model.getState().exporting).toBe(false);
  });

  it('a failed export or delete says so; a deleted chat leaves the History lists', async () => {
    let deletes = 0;
    const { client } = pendingClient({
      fetchPdfList: [],
      getChatHistory: [chatItem('k1'), chatItem('k2')],
      getChat: { details: [] },
      restructuringExcel: () => {
        throw new ApiError({ status: 0, error: 'fetch failed', call: 'GET /api/restructuring/export_excel' });
      },
      deleteChat: () => {
        if (++deletes > 1) throw new Error('gone away');
        return { message: 'deleted' };
      },
    });
    const model = createRestructuringViewModel({ client });
    model.open('k1');
    await settle();
    expect(await model.exportExcel()).toBeNull();
    expect(model.getState().error).toBe(RESTRUCTURING_TEXTS.unexpected('fetch failed'));
    expect(await model.deleteChat(chatItem('k2'))).toBe(true);
    expect(model.getState().history.map((c) => c.chat_id)).toEqual(['k1']);
    expect(await model.deleteChat(chatItem('k1'))).toBe(false);
    expect(model.getState().error).toBe(RESTRUCTURING_TEXTS.unexpected('gone away'));
    expect(model.getState().history.map((c) => c.chat_id)).toEqual(['k1']);
  });

  it('a failed document list or History load shows its text', async () => {
    const { client, callsOf } = pendingClient({ getChat: { details: [] } });
    const model = createRestructuringViewModel({ client });
    model.open('k1');
    callsOf('fetchPdfList')[0]!.answer.reject(new ApiError({ status: 500, error: 'Internal Server Error', call: 'GET' }));
    await settle();
    expect(model.getState().error).toBe(DOCUMENT_TEXTS.listFailed);
    model.closeError();
    callsOf('getChatHistory')[0]!.answer.reject(new ApiError({ status: 500, error: 'Internal Server Error', call: 'GET' }));
    await settle();
    expect(model.getState().error).toBe(RESTRUCTURING_TEXTS.historyFailed);
  });
});

describe('restructuring pure parts', () => {
  it('chips: most recent first, one per query whatever its case or spacing, blank queries left out', () => {
    expect(chipRuns([detail('a', 'Debt'), detail('b', ' '), detail('c', 'DEBT  '), detail('d', 'Leases')]).map((r) => r.runId)).toEqual([
      'd',
      'c',
    ]);
  });

  it("errors: a step's words as they are, anything else as an unexpected error", () => {
    expect(restructuringErrorText(new RestructuringError('save', RESTRUCTURING_TEXTS.saveFailed('disk full')))).toBe(
      'Saving chat history failed: disk full',
    );
    expect(restructuringErrorText(new TypeError('boom'))).toBe('An unexpected error occurred: boom');
  });
});
