import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import type { AskOptions, AskOutcome } from '../../client/research-client.js';
import { emptyResearchAnswer, type ResearchAskRequest, type ResearchEvent, type SavedChat } from '../../contracts/research.js';
import { deferred, settle } from '../testing/fakes.js';
import { createChatViewModel } from './chat-view-model.js';
import { messageView, modelChoiceOffered } from './chat-selectors.js';

interface AskCall {
  request: ResearchAskRequest;
  options: AskOptions;
  emit(event: ResearchEvent): void;
  finish: ReturnType<typeof deferred<AskOutcome>>;
}

function fakeClient(extra: { getChat?: (id: string) => Promise<SavedChat> } = {}) {
  const asks: AskCall[] = [];
  let eventId = 0;
  const client = {
    ask(request: ResearchAskRequest, options: AskOptions = {}) {
      const finish = deferred<AskOutcome>();
      asks.push({ request, options, finish, emit: (event) => options.onEvent?.({ ...event, id: String(++eventId) }) });
      return finish.promise;
    },
    getChat:
      extra.getChat ?? (async () => Promise.reject(new ApiError({ status: 404, error: 'Chat not found', call: 'GET /api/get_chat' }))),
    modelAccessInfo: async () => ({ accessed_count: 2, total_credits: 20 }),
  };
  return { client, asks };
}

const citation = {
  id: 'c1',
  kind: 'filing' as const,
  document_id: 'd1',
  title: 'Full accounts made up to 31/12/2024',
  page: 7,
  quote: 'Turnover 12,345',
  verified: true,
};

describe('chat view model', () => {
  it('ignores a blank question', async () => {
    const { client, asks } = fakeClient();
    const chat = createChatViewModel({ client });
    await chat.send('   ');
    chat.setInput('\n');
    await chat.send();
    expect(asks).toHaveLength(0);
    expect(chat.getState().messages).toEqual([]);
  });

  it('streams a question: generic plan first, then steps, text with footnotes, and the stored answer', async () => {
    const { client, asks } = fakeClient();
    const chat = createChatViewModel({ client, company: { company_number: '01234567', name: 'ACME LTD' }, newChatKey: () => 'key-1' });
    expect(chat.getState().model).toBe('pro');
    chat.setInput('Summary sheet');
    const sending = chat.send();
    const [call] = asks;
    expect(call.request).toEqual({ query: 'Summary sheet', company_number: '01234567', chat_key: 'key-1', model: 'pro' });
    expect(chat.getState().input).toBe('');
    expect(messageView(chat.getState().messages[0]).plan).toMatchObject({ generic: true, error: null });

    call.emit({ type: 'plan', data: { steps: ['Read the accounts', 'Compare years'] } });
    call.emit({ type: 'step', data: { index: 0, status: 'done' } });
    call.emit({ type: 'citation', data: citation });
    call.emit({ type: 'text', data: { delta: 'Turnover £12.3m[^c1]' } });
    const view = messageView(chat.getState().messages[0]);
    expect(view.plan.steps.map((s) => s.state)).toEqual(['done', 'pending']);
    expect(view.text).toBe('Turnover £12.3m[1]');
    expect(view.footnotes.map((f) => f.label)).toEqual(['Full accounts made up to 31/12/2024, page 7']);
    expect(view.streaming).toBe(true);

    const stored = {
      ...emptyResearchAnswer(),
      text: 'Turnover £12.3m[^c1]',
      citations: [citation],
      thoughtProcess: ['Read the accounts', 'Compare years'],
      stepStatus: ['done' as const, 'done' as const],
      relatedQuestions: ['Who lends to it?'],
    };
    call.finish.resolve({ chat_id: 'chat-9', answer: stored, error: null, lastEventId: '5' });
    await sending;
    await settle();
    const state = chat.getState();
    expect(state.chatId).toBe('chat-9');
    expect(state.messages[0]).toMatchObject({ streaming: false, error: null, answer: stored });
    expect(state.credits).toEqual({ accessed_count: 2, total_credits: 20 });

    chat.useRelatedQuestion('Who lends to it?');
    expect(chat.getState().input).toBe('Who lends to it?');
    void chat.send();
    expect(asks[1].request).toMatchObject({ chat_id: 'chat-9', chat_key: 'key-1', query: 'Who lends to it?' });
  });

  it('stops a streaming answer: what arrived stays, later events change nothing, and the chat can ask again', async () => {
    const { client, asks } = fakeClient();
    const chat = createChatViewModel({ client });
    const sending = chat.send('q');
    asks[0].emit({ type: 'citation', data: citation });
    asks[0].emit({ type: 'text', data: { delta: 'Turnover £12.3m[^c1]' } });
    expect(asks[0].options.signal?.aborted).toBe(false);
    chat.stop();
    expect(asks[0].options.signal?.aborted).toBe(true);
    asks[0].emit({ type: 'text', data: { delta: ' and more' } });
    const view = messageView(chat.getState().messages[0]);
    expect(view).toMatchObject({ streaming: false, stopped: true, text: 'Turnover £12.3m[1]', error: null });
    expect(view.footnotes).toHaveLength(1);
    asks[0].finish.reject(new DOMException('aborted', 'AbortError'));
    await sending;
    expect(messageView(chat.getState().messages[0])).toMatchObject({ streaming: false, stopped: true, error: null });
    void chat.send('again');
    expect(asks).toHaveLength(2);
  });

  it('offers the model choice unless the server says no model is configured', () => {
    expect(modelChoiceOffered({ credits: null })).toBe(true);
    expect(modelChoiceOffered({ credits: { accessed_count: 0, total_credits: 20 } })).toBe(true);
    expect(modelChoiceOffered({ credits: { accessed_count: 0, total_credits: 20, model_configured: true } })).toBe(true);
    expect(modelChoiceOffered({ credits: { accessed_count: 0, total_credits: 20, model_configured: false } })).toBe(false);
  });

  it('replaces a plan that mentions failure with the generic plan and says so', async () => {
    const { client, asks } = fakeClient();
    const chat = createChatViewModel({ client });
    void chat.send('q');
    asks[0].emit({ type: 'plan', data: { steps: ['Tool failed'] } });
    asks[0].emit({ type: 'step', data: { index: 0, status: 'done' } });
    const view = messageView(chat.getState().messages[0]);
    expect(view.plan.steps.map((s) => s.text)).toEqual(["I'll analyze your query and provide relevant information."]);
    expect(view.plan.error).toBe('Could not generate specific thought process');
  });

  it('shows the quota text on 402 and the stream error message on an error event', async () => {
    const { client, asks } = fakeClient();
    const chat = createChatViewModel({ client });
    const first = chat.send('q1');
    asks[0].finish.reject(new ApiError({ status: 402, error: 'You have exceeded your quota!', call: 'POST /api/research/ask' }));
    await first;
    expect(chat.getState().quotaExceeded).toBe(true);
    expect(chat.getState().messages[0]).toMatchObject({
      error: 'You have exceeded your quota!',
      streaming: false,
      planError: 'Failed to generate thought process. Please try again.',
    });

    const second = chat.send('q2');
    asks[1].emit({ type: 'error', data: { message: 'No accounts for this company' } });
    asks[1].finish.resolve({ chat_id: null, answer: emptyResearchAnswer(), error: 'No accounts for this company', lastEventId: '1' });
    await second;
    expect(chat.getState().messages[1]).toMatchObject({ error: 'No accounts for this company', streaming: false });
    // no plan came: the generic plan, failed, with the plan failure text (spec 3 section 8)
    const failedPlan = messageView(chat.getState().messages[1]).plan;
    expect(failedPlan.steps).toEqual([{ text: "I'll analyze your query and provide relevant information.", state: 'failed' }]);
    expect(failedPlan.error).toBe('Failed to generate thought process. Please try again.');
    expect(chat.getState().quotaExceeded).toBe(false);
  });

  it('a network failure reads "Something went wrong. Please try again."', async () => {
    const { client, asks } = fakeClient();
    const chat = createChatViewModel({ client });
    const sending = chat.send('q');
    asks[0].finish.reject(new ApiError({ status: 0, error: 'Could not reach the API', call: 'POST /api/research/ask' }));
    await sending;
    expect(chat.getState().messages[0].error).toBe('Something went wrong. Please try again.');
  });

  it('regenerates the last question, and a new chat stops the stream and clears everything', async () => {
    const { client, asks } = fakeClient();
    const chat = createChatViewModel({ client });
    void chat.send('first');
    asks[0].finish.resolve({
      chat_id: 'c',
      answer: { ...emptyResearchAnswer(), thoughtProcess: ['a'], stepStatus: ['done'] },
      error: null,
      lastEventId: '',
    });
    await settle();
    void chat.regenerate();
    expect(chat.getState().messages.map((m) => m.question)).toEqual(['first']);
    expect(chat.getState().messages[0].streaming).toBe(true);
    expect(asks[1].request.query).toBe('first');
    chat.newChat();
    expect(asks[1].options.signal?.aborted).toBe(true);
    expect(chat.getState()).toMatchObject({ messages: [], chatId: null, chatKey: null });
  });

  it('loads a saved chat as it was stored, with its company and model', async () => {
    const stored = {
      ...emptyResearchAnswer(),
      text: 'Stored [^c1]',
      citations: [citation],
      thoughtProcess: ['Read'],
      stepStatus: ['done' as const],
    };
    const saved: SavedChat = {
      id: '1',
      chat_id: 'chat-3',
      user_id: 'u',
      chat_category: 'companies-house',
      chat_metadata: { company_id: '01234567', company_name: 'ACME LTD', model: 'flash' },
      details: [{ id: 'm1', query_str: 'Summary', thought_process: ['Read'], observations: stored, table_data: [], created_at: '' }],
      table_data: [],
      created_at: '',
      updated_at: '',
    };
    const { client } = fakeClient({ getChat: async () => saved });
    const chat = createChatViewModel({ client });
    await chat.load('chat-3');
    const state = chat.getState();
    expect(state).toMatchObject({
      chatId: 'chat-3',
      model: 'flash',
      company: { company_number: '01234567', name: 'ACME LTD' },
      loading: false,
    });
    expect(messageView(state.messages[0]).text).toBe('Stored [1]');
  });

  it('opens a restructuring chat from the list without failing: its plan, and no table read from the run it stores', async () => {
    const run = { table_title: 'Capital structure', columns: ['Facility'], rows: [] };
    const saved = {
      id: '2',
      chat_id: 'workspace-1',
      user_id: 'u',
      chat_category: 'restructuring',
      chat_metadata: {},
      details: [
        {
          id: 'r1',
          query_str: 'Capital structure',
          thought_process: ['Read the documents'],
          observations: [{ title: 'Instruments found', details: 'None.' }],
          table_data: run,
          created_at: '',
        },
      ],
      table_data: [],
      created_at: '',
      updated_at: '',
    } as unknown as SavedChat;
    const { client } = fakeClient({ getChat: async () => saved });
    const chat = createChatViewModel({ client });
    await chat.load('workspace-1');
    const state = chat.getState();
    expect(state).toMatchObject({ chatId: 'workspace-1', loading: false, loadError: null });
    const view = messageView(state.messages[0]);
    expect(view.tables).toEqual([]);
  });

  it('a chat that does not load leaves the chat empty and says why', async () => {
    const { client } = fakeClient();
    const chat = createChatViewModel({ client });
    await chat.load('nope');
    expect(chat.getState()).toMatchObject({ messages: [], loading: false, loadError: 'Chat not found' });
  });

  it('saves an edited plan and refuses an empty one', async () => {
    const { client, asks } = fakeClient();
    const chat = createChatViewModel({ client });
    void chat.send('q');
    asks[0].emit({ type: 'plan', data: { steps: ['a', 'b'] } });
    expect(chat.editPlan(0, ['b', 'c'])).toBe(true);
    expect(chat.getState().messages[0].answer.thoughtProcess).toEqual(['b', 'c']);
    expect(chat.editPlan(0, [''])).toBe(false);
    expect(chat.editPlan(5, ['x'])).toBe(false);
  });

  it('loads the chat list newest first, and deleting the open chat starts over', async () => {
    const item = (chat_id: string, updated_at: string) => ({
      id: chat_id,
      chat_id,
      user_id: 'u',
      query_str: `Question ${chat_id}`,
      chat_category: 'companies-house',
      chat_metadata: {},
      created_at: updated_at,
      updated_at,
    });
    const deleted: string[] = [];
    const { client, asks } = fakeClient();
    const chat = createChatViewModel({
      client: {
        ...client,
        getChatHistory: async () => [item('a', '2026-01-01'), item('b', '2026-03-01')],
        deleteChat: async (id: string) => {
          deleted.push(id);
          return { status: 'success' };
        },
      },
    });
    expect(chat.getState().history).toBeNull();
    await chat.loadHistory();
    expect(chat.getState().history?.map((c) => c.chat_id)).toEqual(['b', 'a']);
    void chat.send('q');
    asks[0].finish.resolve({ chat_id: 'b', answer: emptyResearchAnswer(), error: null, lastEventId: '' });
    await settle();
    expect(chat.getState().chatId).toBe('b');
    await chat.deleteChat('b');
    expect(deleted).toEqual(['b']);
    expect(chat.getState()).toMatchObject({ chatId: null, messages: [] });
    expect(chat.getState().history?.map((c) => c.chat_id)).toEqual(['a']);
  });
});
