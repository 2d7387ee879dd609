import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import type { PdfChatQuestion } from '../../client/documents-client.js';
import type { PdfChatAnswer, PdfChatThoughtProcess, UploadedPdf } from '../../contracts/documents.js';
import { emptyResearchAnswer, type ResearchAnswer, type SavedChat } from '../../contracts/research.js';
import { deferred, settle } from '../testing/fakes.js';
import { createChatViewModel } from './chat-view-model.js';
import { messageView } from './chat-selectors.js';

const pdf: UploadedPdf = {
  document_id: 'd1',
  file_name: 'northwind-10k.pdf',
  size: 2048,
  upload_date: '2026-11-28T08:00:00Z',
  chat_key: 'key-1',
  pages: 3,
  text_pages: 3,
  scanned: false,
  indexed: true,
};

const answer: ResearchAnswer = {
  ...emptyResearchAnswer(),
  text: 'Net sales were 229,234 in 2017[^c1]',
  citations: [
    {
      id: 'c1',
      kind: 'upload',
      document_id: 'd1',
      title: 'northwind-10k.pdf, page 2',
      pdf_name: 'northwind-10k.pdf',
      chat_key: 'key-1',
      page: 2,
      quote: 'Net sales 260,174 265,595 229,234',
      verified: true,
    },
  ],
  thoughtProcess: ['Find the page of northwind-10k.pdf', 'Quote the figure'],
  stepStatus: ['done', 'done'],
};

/** `streamChatId`: the chat the stream stores its answers in (null: the stream fails). */
function fakeClient(lists: Record<string, UploadedPdf[]> = { 'key-1': [pdf] }, streamChatId: string | null = null) {
  const plans: { question: PdfChatQuestion; reply: ReturnType<typeof deferred<PdfChatThoughtProcess>> }[] = [];
  const reads: { question: PdfChatQuestion & { thoughtProcess?: readonly string[] }; reply: ReturnType<typeof deferred<PdfChatAnswer>> }[] =
    [];
  const asks: unknown[] = [];
  const client = {
    ask: async (request: unknown) => {
      asks.push(request);
      return { chat_id: streamChatId, answer: emptyResearchAnswer(), error: streamChatId ? null : 'not here', lastEventId: '1' };
    },
    getChat: async (id: string): Promise<SavedChat> => {
      if (id === 'pdf-chat')
        return { chat_id: 'pdf-chat', chat_metadata: { isCurrentChatPDF: true, chat_key: 'key-1' }, details: [] } as unknown as SavedChat;
      throw new ApiError({ status: 404, error: 'Chat not found', call: 'GET /api/get_chat' });
    },
    modelAccessInfo: async () => ({ accessed_count: 1, total_credits: 20 }),
    fetchPdfList: async (chatKey?: string) => lists[chatKey ?? ''] ?? [],
    deletePdf: async (chatKey: string, fileName: string) => {
      lists[chatKey] = (lists[chatKey] ?? []).filter((p) => p.file_name !== fileName);
      return { message: 'deleted' };
    },
    pdfChatThoughtProcess: (question: PdfChatQuestion) => {
      const reply = deferred<PdfChatThoughtProcess>();
      plans.push({ question, reply });
      return reply.promise;
    },
    readFileAndQuery: (question: PdfChatQuestion & { thoughtProcess?: readonly string[] }) => {
      const reply = deferred<PdfChatAnswer>();
      reads.push({ question, reply });
      return reply.promise;
    },
  };
  return { client, plans, reads, asks };
}

describe('chat view model: PDF chat', () => {
  it('sends a question of a chat with PDFs to the PDF chat calls: the plan shows, then the whole answer', async () => {
    const { client, plans, reads, asks } = fakeClient();
    const chat = createChatViewModel({ client, newChatKey: () => 'key-1' });
    expect(chat.ensureChatKey()).toBe('key-1');
    expect(chat.ensureChatKey()).toBe('key-1');
    await chat.loadPdfs();
    expect(chat.getState().pdfs.map((p) => p.file_name)).toEqual(['northwind-10k.pdf']);

    const sending = chat.send('What were total net sales in 2017?');
    expect(plans[0].question).toEqual({ chatKey: 'key-1', query: 'What were total net sales in 2017?', model: 'pro' });
    plans[0].reply.resolve({ thought_process: ['Find the page of northwind-10k.pdf', 'Quote the figure'] });
    await settle();
    const planned = messageView(chat.getState().messages[0]);
    expect(planned.plan.steps).toEqual([
      { text: 'Find the page of northwind-10k.pdf', state: 'running' },
      { text: 'Quote the figure', state: 'running' },
    ]);
    expect(planned.streaming).toBe(true);
    expect(reads[0].question.thoughtProcess).toEqual(['Find the page of northwind-10k.pdf', 'Quote the figure']);

    reads[0].reply.resolve({ chat_id: 'key-1', observations: [], table_data: [], thought_process: answer.thoughtProcess, answer });
    await sending;
    const state = chat.getState();
    expect(state.chatId).toBe('key-1');
    expect(state.messages[0]).toMatchObject({ streaming: false, error: null, answer });
    expect(messageView(state.messages[0]).footnotes[0].citation).toMatchObject({ kind: 'upload', chat_key: 'key-1', page: 2 });
    expect(asks).toHaveLength(0);

    // the PDF removed, the chat's questions stream again
    await chat.removePdf('northwind-10k.pdf');
    expect(chat.getState().pdfs).toEqual([]);
    await chat.send('And now?');
    expect(asks).toHaveLength(1);
    expect(plans).toHaveLength(1);
  });

  it('says the plan was generic when the server gave none, and words failures as spec 3 does', async () => {
    const { client, plans, reads } = fakeClient();
    const chat = createChatViewModel({ client, newChatKey: () => 'key-1' });
    chat.ensureChatKey();
    await chat.loadPdfs();

    const first = chat.send('q1');
    plans[0].reply.resolve({
      thought_process: ["I'll analyze your query and provide relevant information."],
      error: 'Could not generate specific thought process',
    });
    await settle();
    expect(messageView(chat.getState().messages[0]).plan.error).toBe('Could not generate specific thought process');
    reads[0].reply.reject(new ApiError({ status: 500, error: 'Internal', call: 'POST /api/read_file_and_query' }));
    await first;
    expect(chat.getState().messages[0]).toMatchObject({
      streaming: false,
      error: 'Something went wrong while processing the PDF. Please try again.',
    });

    const second = chat.send('q2');
    plans[1].reply.reject(
      new ApiError({ status: 402, error: 'You have exceeded your quota!', call: 'POST /api/generate_thought_process_pdf_chat' }),
    );
    await second;
    expect(chat.getState().quotaExceeded).toBe(true);
    expect(chat.getState().messages[1]).toMatchObject({
      error: 'You have exceeded your quota!',
      planError: 'Failed to generate thought process. Please try again.',
    });
  });

  it('a chat the stream began keeps streaming with its key once PDFs are attached (one chat, the stream reads them)', async () => {
    const { client, plans, asks } = fakeClient({ 'key-0': [{ ...pdf, chat_key: 'key-0' }] }, 'stream-chat');
    const chat = createChatViewModel({ client, company: { company_number: '01234567' }, newChatKey: () => 'key-0' });
    await chat.send('first, about the company');
    expect(chat.getState()).toMatchObject({ chatId: 'stream-chat', chatKey: 'key-0' });
    expect(chat.ensureChatKey()).toBe('key-0');
    await chat.loadPdfs();
    expect(chat.getState().pdfs).toHaveLength(1);
    await chat.send('then about the PDF');
    expect(plans).toHaveLength(0);
    expect(asks[1]).toMatchObject({ chat_id: 'stream-chat', chat_key: 'key-0', query: 'then about the PDF' });
  });

  it('a chat without PDFs still streams; a loaded PDF chat gets its PDFs back; a new chat has none', async () => {
    const { client, plans, asks } = fakeClient();
    const chat = createChatViewModel({ client, company: { company_number: '01234567' }, newChatKey: () => 'key-0' });
    await chat.send('plain question');
    expect(asks).toHaveLength(1);
    expect(plans).toHaveLength(0);

    await chat.load('pdf-chat');
    await settle();
    expect(chat.getState()).toMatchObject({ chatId: 'pdf-chat', chatKey: 'key-1' });
    expect(chat.getState().pdfs).toHaveLength(1);

    chat.newChat();
    expect(chat.getState().pdfs).toEqual([]);

    // attached before the first question (no stored chat yet): opening its address keeps them
    await chat.load('key-1');
    await settle();
    expect(chat.getState()).toMatchObject({ chatId: null, chatKey: 'key-1' });
    expect(chat.getState().pdfs).toHaveLength(1);
  });
});
