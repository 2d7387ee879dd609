/**
 * MCP tools over the API's own routes (screeners, the user's documents): each call goes through
 * the route as the caller (route-caller.ts), so roles, per-user limits, credits and privacy are the
 * route's, and a refusal (402 no credits, 404 another user's document, 429) is a tool error with
 * the route's message. Filter expressions are the CLI's grammar (parsed in shared).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  CHARGE_SCREENER_COLUMNS,
  COMPANY_CHARGE_STATS_COLUMNS,
  COMPANY_SCREENER_COLUMNS,
  DOCUMENT_ROUTES,
  FilterExpressionError,
  LENDER_STATS_COLUMNS,
  SCREENER_ROUTES,
  parseFilterExpression,
  parseSortExpression,
  toColumnFilter,
  toOperatorFilter,
  type ColumnSpec,
  type ConvertQueryResponse,
  type PdfChatAnswer,
  type UploadedPageText,
} from '@credence/shared';
import { RouteError, type RouteCaller } from './route-caller.js';
import { toolAnswer, toolError } from './results.js';
import { UNTRUSTED_NOTICE } from './untrusted.js';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false, idempotentHint: true } as const;

const FILTERS = z
  .array(z.string().max(200))
  .max(20)
  .optional()
  .describe(
    'Filter expressions, as the credence CLI takes them: col~text, col=value, col>n, col<n, col=a..b, col=a,b,c, col!=a,b, col:empty. Numbers take k, m, bn (turnover>10m); dates are YYYY-MM-DD.',
  );
const SORT = z.string().max(60).optional().describe('column[:asc|:desc], e.g. turnover:desc.');
const PAGE = z.number().int().min(1).max(10_000).optional().describe('1-based page (default 1).');

/** The input schemas, made once (zod objects cost time to build on every request). */
const SCHEMAS = {
  companies: {
    query: z.string().max(500).optional().describe('A plain-English screen; Credence turns it into filters and says what it understood.'),
    filters: FILTERS,
    sort: SORT,
    page: PAGE,
    page_size: z
      .union([z.literal(10), z.literal(25), z.literal(50), z.literal(100)])
      .optional()
      .describe('Rows per page (default 25).'),
  },
  creditors: {
    view: z.enum(['charges', 'lenders', 'companies']).describe('Which creditors table.'),
    search: z.string().max(200).optional().describe('Free text matched against names, like the search box (e.g. "HSBC").'),
    filters: FILTERS,
    sort: SORT,
    page: PAGE,
    page_size: z.number().int().min(1).max(100).optional().describe('Rows per page (default 25).'),
  },
  listDocuments: { chat_key: z.string().max(100).optional().describe('The chat the PDFs were uploaded to.') },
  readPage: {
    document_id: z.string().uuid().describe('The document id from list_documents.'),
    page: z.number().int().min(1).max(100_000).describe('1-based page number.'),
  },
  ask: {
    chat_key: z.string().max(100).describe('The chat the PDFs were uploaded to.'),
    question: z.string().min(1).max(2000).describe('The question, in plain English.'),
    file_name: z.string().max(255).optional().describe('Only this PDF of the chat.'),
  },
  startProcessing: { chat_key: z.string().max(100).describe('The chat whose PDFs to index.') },
};

/** Runs `work`, turning the route's refusals and bad expressions into tool errors. */
async function guarded(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RouteError || error instanceof FilterExpressionError) return toolError(error.message);
    throw error;
  }
}

function expressions(list: string[] | undefined, columns: readonly ColumnSpec[], shape: 'column' | 'operator'): unknown[] {
  return (list ?? []).map((e) => {
    const filter = parseFilterExpression(e, columns);
    return shape === 'column' ? toColumnFilter(filter) : toOperatorFilter(filter);
  });
}

function columnList(columns: readonly ColumnSpec[]): string {
  return columns.map((c) => c.id).join(', ');
}

const CREDITOR_VIEWS = {
  charges: { route: SCREENER_ROUTES.charges, columns: CHARGE_SCREENER_COLUMNS },
  lenders: { route: SCREENER_ROUTES.lenders, columns: LENDER_STATS_COLUMNS },
  companies: { route: SCREENER_ROUTES.chargeCompanies, columns: COMPANY_CHARGE_STATS_COLUMNS },
} as const;

function registerScreeners(server: McpServer, call: RouteCaller): void {
  server.registerTool(
    'screen_companies',
    {
      title: 'companies screener',
      description: `The UK companies screener: companies with their latest filed figures and charge counts, filtered by plain English (query: "manufacturers with turnover over 10m filed in 2023") and/or filter expressions. Rows come from the Companies House register and filed accounts as Credence holds them (cite company_number; open company_profile or financial_statements for page-cited figures). Columns: ${columnList(COMPANY_SCREENER_COLUMNS)}. ${UNTRUSTED_NOTICE}`,
      inputSchema: SCHEMAS.companies,
      annotations: READ_ONLY,
    },
    (args) =>
      guarded(async () => {
        const nl = args.query?.trim()
          ? await call<ConvertQueryResponse>('POST', SCREENER_ROUTES.convertQuery, { query: args.query })
          : null;
        const sort = args.sort
          ? parseSortExpression(args.sort, COMPANY_SCREENER_COLUMNS)
          : nl?.sort_by
            ? { sort_by: nl.sort_by, sort_order: nl.sort_order }
            : {};
        const query = {
          filters: [...(nl?.filters ?? []), ...expressions(args.filters, COMPANY_SCREENER_COLUMNS, 'column')],
          page: args.page ?? 1,
          page_size: args.page_size ?? nl?.page_size ?? 25,
          ...sort,
        };
        const body = await call<{ data: Record<string, unknown> }>('GET', SCREENER_ROUTES.companies, query);
        const understood = nl ? { understood: nl.explanation, unplaced: nl.unplaced } : {};
        const structured = { ...understood, query, ...body.data };
        const heading = `Companies screener: ${String(body.data.total_count ?? '?')} companies match${nl ? ` (understood: ${nl.explanation}${nl.unplaced.length ? `; not placed: ${nl.unplaced.join(', ')}` : ''})` : ''}.`;
        return toolAnswer(
          heading,
          'credence companies screener (Companies House register and filed accounts)',
          structured,
          JSON.stringify(body.data),
        );
      }),
  );

  server.registerTool(
    'screen_creditors',
    {
      title: 'creditors screener',
      description: `The creditors screeners over registered charges: view "charges" (each charge: ${columnList(CHARGE_SCREENER_COLUMNS)}), "lenders" (each lender's book: ${columnList(LENDER_STATS_COLUMNS)}) or "companies" (each charged company: ${columnList(COMPANY_CHARGE_STATS_COLUMNS)}); filter expressions and/or search text (a lender or company name). Rows are register records (cite the charge or company number). ${UNTRUSTED_NOTICE}`,
      inputSchema: SCHEMAS.creditors,
      annotations: READ_ONLY,
    },
    (args) =>
      guarded(async () => {
        const view = CREDITOR_VIEWS[args.view];
        const query = {
          filters: expressions(args.filters, view.columns, 'operator'),
          page: args.page ?? 1,
          page_size: args.page_size ?? 25,
          ...(args.search?.trim() ? { global_filter: args.search.trim() } : {}),
          ...(args.sort ? parseSortExpression(args.sort, view.columns) : {}),
        };
        const body = await call<{ data: Record<string, unknown> }>('GET', view.route, query);
        const heading = `Creditors screener (${args.view}): ${String(body.data.total_count ?? '?')} rows match.`;
        return toolAnswer(
          heading,
          'credence creditors screener (registered charges)',
          { view: args.view, query, ...body.data },
          JSON.stringify(body.data),
        );
      }),
  );
}

function pageLines(page: UploadedPageText): string {
  return page.too_complex ? (page.message ?? '') : page.lines.map((l) => l.text).join('\n');
}

function registerDocuments(server: McpServer, call: RouteCaller): void {
  server.registerTool(
    'list_documents',
    {
      title: 'my documents',
      description:
        'The PDFs you uploaded (to one chat with chat_key, else all of yours): file name, document id, pages, size, upload date. Only your own documents are ever listed.',
      inputSchema: SCHEMAS.listDocuments,
      annotations: READ_ONLY,
    },
    (args) =>
      guarded(async () => {
        const list = await call<unknown>('GET', DOCUMENT_ROUTES.fetchPdfList, args.chat_key ? { chatKey: args.chat_key } : {});
        const count = Array.isArray(list) ? list.length : null;
        return toolAnswer(
          `Your documents${count === null ? '' : `: ${count}`}.`,
          'your uploaded documents (names as uploaded)',
          { documents: list },
          JSON.stringify(list),
        );
      }),
  );

  server.registerTool(
    'read_document_page',
    {
      title: 'read a page of my document',
      description: `One page of a PDF you uploaded, as its text reads (document_id from list_documents). ${UNTRUSTED_NOTICE}`,
      inputSchema: SCHEMAS.readPage,
      annotations: READ_ONLY,
    },
    (args) =>
      guarded(async () => {
        const page = await call<UploadedPageText>('GET', DOCUMENT_ROUTES.pdfPageText, { document_id: args.document_id, page: args.page });
        const text = pageLines(page);
        return toolAnswer(`${page.file_name}, page ${page.page}:`, `uploaded ${page.file_name} page ${page.page}`, { ...page, text }, text);
      }),
  );

  server.registerTool(
    'ask_documents',
    {
      title: 'ask my documents',
      description: `Answers a question from the PDFs uploaded to one of your chats, every figure cited to its page with the quote and whether it was verified there. Uses one research credit and stores the answer in that chat (so it is not read-only). ${UNTRUSTED_NOTICE}`,
      inputSchema: SCHEMAS.ask,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        const body = { chatKey: args.chat_key, query: args.question, ...(args.file_name ? { fileName: args.file_name } : {}) };
        const reply = await call<PdfChatAnswer>('POST', DOCUMENT_ROUTES.readFileAndQuery, body);
        const citations = reply.answer.citations
          .map(
            (c) =>
              `- [${c.id}] ${c.pdf_name ?? c.title} page ${c.page ?? '?'}${c.quote ? `: "${c.quote}"` : ''} [${c.verified ? 'verified' : 'unverified'}]`,
          )
          .join('\n');
        return toolAnswer(
          `Answer from the PDFs of chat ${args.chat_key} (${reply.answer.citations.length} citations; the answer quotes the documents):`,
          `answer over uploaded documents of chat ${args.chat_key}`,
          { chat_id: reply.chat_id, answer: reply.answer, tables: reply.table_data },
          `${reply.answer.text}\n\nCitations:\n${citations}`,
        );
      }),
  );

  server.registerTool(
    'start_document_processing',
    {
      title: 'index my documents',
      description:
        "Starts indexing a chat's uploaded PDFs for search (a background job): answers its job id. Has an effect (starts a job); safe to repeat.",
      inputSchema: SCHEMAS.startProcessing,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        const job = await call<{ job_id: string }>('POST', DOCUMENT_ROUTES.startPdfProcessing, { chat_key: args.chat_key });
        return { content: [{ type: 'text', text: `Started: job ${job.job_id}.` }], structuredContent: job };
      }),
  );
}

export function registerRouteTools(server: McpServer, call: RouteCaller): void {
  registerScreeners(server, call);
  registerDocuments(server, call);
}
