/**
 * A small HTTP server that speaks the research routes as the contract says
 * (shared/src/contracts/research.ts, docs/architecture.md 8): `POST /api/research/ask` as Server-Sent
 * Events (ids, a heartbeat comment, resume from Last-Event-ID), the chat history routes, upload_pdf
 * (one file a request), and failures on purpose: a 402 quota, an error event, a connection cut
 * mid-answer, an encrypted file refused, a server error on a file.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  emptyResearchAnswer,
  reduceResearchAnswer,
  type ChatHistoryItem,
  type ResearchAnswer,
  type ResearchAskRequest,
  type ResearchCitation,
  type ResearchEvent,
  type SavedChat,
} from '@credence/shared';

export const GOOD_TOKEN = 'research-good';

export const ACCOUNTS_CITATION: ResearchCitation = {
  id: 'c1',
  kind: 'filing',
  document_id: 'AcmeAccounts2024Doc',
  title: 'Full accounts made up to 31/12/2024',
  company_number: '01234567',
  pdf_name: 'AcmeAccounts2024Doc.pdf',
  page: 7,
  quote: 'Turnover 12,345 11,002',
  verified: true,
};
export const CHARGES_CITATION: ResearchCitation = {
  id: 'c2',
  kind: 'register',
  document_id: '01234567:charges',
  title: 'Register of charges',
  company_number: '01234567',
  record: 'charges',
  url: '/uk/?companyNumber=01234567&category=charges',
  verified: true,
};

/** The answer's events for a question; the query's words pick the failure cases. */
export function answerEvents(request: ResearchAskRequest): ResearchEvent[] {
  const plan: ResearchEvent = { type: 'plan', data: { steps: ['Read the accounts', 'Read the charges register', 'Write the summary'] } };
  if (/engine error/i.test(request.query)) {
    return [
      plan,
      { type: 'step', data: { index: 0, status: 'failed', detail: 'no accounts' } },
      { type: 'error', data: { message: 'No accounts could be read for this company.' } },
    ];
  }
  const events: ResearchEvent[] = [
    plan,
    { type: 'step', data: { index: 0, status: 'running' } },
    { type: 'step', data: { index: 0, status: 'done' } },
    { type: 'citation', data: ACCOUNTS_CITATION },
    { type: 'text', data: { delta: '## Key Findings\n\nTurnover was **£12.3m**[^c1] in 2024, up from £11.0m[^c1].\n\n' } },
    { type: 'step', data: { index: 1, status: 'running' } },
    { type: 'step', data: { index: 1, status: 'done' } },
    { type: 'citation', data: CHARGES_CITATION },
    { type: 'text', data: { delta: '- 2 outstanding charges[^c2], both held by HSBC UK BANK PLC.\n\n' } },
    {
      type: 'table',
      data: {
        id: 't1',
        title: 'Turnover',
        headers: ['Year', 'Turnover'],
        rows: [
          ['2024', 12_345_000],
          ['2023', 11_002_000],
        ],
        unit: '£',
        citations: ['c1'],
      },
    },
    { type: 'step', data: { index: 2, status: 'done' } },
    { type: 'related', data: { questions: ['Who are the directors?', 'How has the debt changed?'] } },
  ];
  return events;
}

function storedAnswer(events: ResearchEvent[]): ResearchAnswer {
  return events.reduce(reduceResearchAnswer, emptyResearchAnswer());
}

export interface FakeResearchApi {
  url: string;
  asked: { request: ResearchAskRequest; lastEventId: string | undefined; authorization: string | undefined }[];
  chats: SavedChat[];
  /** Cut the next answer's connection after this many events (once). */
  cutAfter: number | null;
  /** Refuse the next questions with 402. */
  quotaExceeded: boolean;
  /** Files upload_pdf stored (a name with "locked" is refused as encrypted, one with "crash" fails with 500). */
  uploaded: string[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
  });
}

function historyItem(chat: SavedChat): ChatHistoryItem {
  return {
    id: chat.id,
    chat_id: chat.chat_id,
    user_id: chat.user_id,
    query_str: chat.details[0]?.query_str ?? '',
    chat_category: chat.chat_category,
    chat_metadata: chat.chat_metadata,
    created_at: chat.created_at,
    updated_at: chat.updated_at,
  };
}

export async function startFakeResearchApi(): Promise<FakeResearchApi> {
  const api: FakeResearchApi = {
    url: '',
    asked: [],
    chats: [],
    cutAfter: null,
    quotaExceeded: false,
    uploaded: [],
    close: async () => undefined,
  };
  let chatCount = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers.authorization !== `Bearer ${GOOD_TOKEN}`) return json(401, { error: 'Invalid or expired token' });
    if (url.pathname === '/api/research/ask' && req.method === 'POST') {
      const request = JSON.parse(await readBody(req)) as ResearchAskRequest;
      const lastEventId = req.headers['last-event-id'] as string | undefined;
      api.asked.push({ request, lastEventId, authorization: req.headers.authorization });
      if (api.quotaExceeded) return json(402, { error: 'You have exceeded your quota!' });
      const events = answerEvents(request);
      const chatId = request.chat_id ?? `chat-${lastEventId ? chatCount : ++chatCount}`;
      const answer = storedAnswer(events);
      if (events.at(-1)?.type !== 'error') {
        events.push({ type: 'done', data: { chat_id: chatId, answer } });
        const now = new Date(Date.UTC(2026, 10, 24, 9, chatCount)).toISOString();
        const detail = {
          id: `run-${api.asked.length}`,
          query_str: request.query,
          thought_process: answer.thoughtProcess,
          observations: answer,
          table_data: answer.tables,
          created_at: now,
        };
        const existing = api.chats.find((c) => c.chat_id === chatId);
        if (existing) existing.details.push(detail);
        else if (!lastEventId)
          api.chats.push({
            id: chatId,
            chat_id: chatId,
            user_id: 'u1',
            chat_category: 'companies-house',
            chat_metadata: {
              company_id: request.company_number ?? null,
              company_name: request.company_number ? 'ACME WIDGETS LIMITED' : null,
              model: request.model,
            },
            details: [detail],
            table_data: answer.tables,
            created_at: now,
            updated_at: now,
          });
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': heartbeat\n\n');
      const from = lastEventId ? Number(lastEventId) : 0;
      const cut = api.cutAfter;
      api.cutAfter = null;
      for (let i = from; i < events.length; i++) {
        if (cut !== null && i - from === cut) {
          res.socket?.destroy();
          return;
        }
        // split each message across writes at an awkward place, as a proxy might
        const message = `id: ${i + 1}\r\nevent: ${events[i].type}\r\ndata: ${JSON.stringify(events[i].data)}\r\n\r\n`;
        await new Promise((resolve) => res.write(message.slice(0, 7), resolve));
        await new Promise((resolve) => res.write(message.slice(7), resolve));
      }
      return res.end();
    }
    if (url.pathname === '/api/upload_pdf' && req.method === 'POST') {
      // one file a request, as the client sends them; refused in the real API's words and body
      const name = /filename="([^"]+)"/.exec(await readBody(req))?.[1] ?? '';
      if (/locked/.test(name))
        return json(422, { error: `${name} is encrypted (password-protected): remove the password and upload it again.`, statusCode: 422 });
      if (/crash/.test(name))
        return json(500, {
          error: 'Something went wrong on our side. Please try again; if it persists, contact support.',
          statusCode: 500,
        });
      api.uploaded.push(name);
      return json(200, { message: 'Uploaded 1 file.', files: [{ document_id: `doc-${api.uploaded.length}`, file_name: name, pages: 3 }] });
    }
    if (url.pathname === '/api/get_chat_history') return json(200, api.chats.map(historyItem));
    if (url.pathname === '/api/get_chat') {
      const chat = api.chats.find((c) => c.chat_id === url.searchParams.get('chat_id'));
      return chat ? json(200, chat) : json(404, { error: 'Chat not found' });
    }
    if (url.pathname === '/api/delete_chat') {
      const index = api.chats.findIndex((c) => c.chat_id === url.searchParams.get('chat_id'));
      if (index === -1) return json(404, { error: 'Chat not found' });
      api.chats.splice(index, 1);
      return json(200, { status: 'success', message: 'Chat deleted' });
    }
    if (url.pathname === '/api/model_access_info') return json(200, { accessed_count: api.asked.length, total_credits: 20 });
    return json(404, { error: `No route ${req.method} ${url.pathname}` });
  };
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return api;
}
