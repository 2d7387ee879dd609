/**
 * The document calls of the typed client (spec 3 section 7, docs/architecture.md 9): upload PDFs to a
 * chat (multipart), list, fetch and delete them, and start the job that indexes them. Built over
 * the client's own transport, so tokens, errors and the base address work as for every call.
 */
import {
  DOCUMENT_ROUTES,
  type FetchPdfResponse,
  type PdfChatAnswer,
  type PdfChatThoughtProcess,
  type UploadedPageText,
  type UploadedPdf,
  type UploadPdfResponse,
} from '../contracts/documents.js';
import type { JobStartedResponse, ResearchModel } from '../contracts/research.js';
import type { ResearchTransport } from './research-client.js';

interface CallOptions {
  signal?: AbortSignal;
}

/** A question over a chat's PDFs (spec 3 PDF chat); `fileName` narrows it to one of them. */
export interface PdfChatQuestion {
  chatKey: string;
  query: string;
  fileName?: string;
  model?: ResearchModel;
}

/** A file to upload: its name and bytes. */
export interface PdfFile {
  name: string;
  bytes: Uint8Array;
}

export interface DocumentsApi {
  /** Uploads PDFs to a chat in one request: all are stored, or (one refused) none. */
  uploadPdfs(chatKey: string, files: readonly PdfFile[], options?: CallOptions): Promise<UploadPdfResponse>;
  /** The chat's PDFs; every PDF of the user without a chat key. */
  fetchPdfList(chatKey?: string, options?: CallOptions): Promise<UploadedPdf[]>;
  /** The file base64 in JSON (spec 3), up to FETCH_PDF_MAX_MB: the viewer reads pdfFile instead. */
  fetchPdf(chatKey: string, fileName: string, options?: CallOptions): Promise<FetchPdfResponse>;
  /** The file's bytes, streamed (application/pdf); `range` asks for part of it ("bytes=0-65535", answered 206). */
  pdfFile(chatKey: string, fileName: string, options?: CallOptions & { range?: string }): Promise<Response>;
  deletePdf(chatKey: string, fileName: string, options?: CallOptions): Promise<{ message: string }>;
  /** One page of an uploaded document as stored: its lines and their boxes (404 when it is not the user's). */
  pdfPageText(documentId: string, page: number, options?: CallOptions): Promise<UploadedPageText>;
  /** Starts indexing the chat's PDFs: poll check_query (its `progress` while it runs). */
  startPdfProcessing(chatKey: string, workflowCategory?: string, options?: CallOptions): Promise<JobStartedResponse>;
  /** The plan of an answer over the chat's PDFs (generate_thought_process_pdf_chat). */
  pdfChatThoughtProcess(question: PdfChatQuestion, options?: CallOptions): Promise<PdfChatThoughtProcess>;
  /** The answer over the chat's PDFs (read_file_and_query): answered directly, stored in the chat. */
  readFileAndQuery(question: PdfChatQuestion & { thoughtProcess?: readonly string[] }, options?: CallOptions): Promise<PdfChatAnswer>;
}

/** Spec 3 sends the PDF chat calls as multipart forms; the plan goes as a JSON array. */
function pdfChatForm(question: PdfChatQuestion & { thoughtProcess?: readonly string[] }): FormData {
  const form = new FormData();
  form.append('chatKey', question.chatKey);
  form.append('query', question.query);
  if (question.fileName) form.append('fileName', question.fileName);
  if (question.model) form.append('model', question.model);
  if (question.thoughtProcess) form.append('thoughtProcess', JSON.stringify(question.thoughtProcess));
  return form;
}

export function createDocumentsApi(transport: ResearchTransport): DocumentsApi {
  return {
    uploadPdfs: (chatKey, files, call) => {
      const form = new FormData();
      form.append('chatKey', chatKey);
      for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name);
      return transport.json<UploadPdfResponse>('POST', DOCUMENT_ROUTES.uploadPdf, undefined, form, call);
    },
    fetchPdfList: (chatKey, call) => transport.route('GET fetch_pdf_list', chatKey ? { chatKey } : {}, call),
    fetchPdf: (chatKey, fileName, call) =>
      transport.json<FetchPdfResponse>('GET', DOCUMENT_ROUTES.fetchPdf, { chat_id: chatKey, pdf_name: fileName }, undefined, call),
    pdfFile: (chatKey, fileName, call) =>
      transport.send(
        'GET',
        DOCUMENT_ROUTES.pdfFile,
        { chat_id: chatKey, pdf_name: fileName },
        undefined,
        call,
        call?.range ? { range: call.range } : undefined,
      ),
    deletePdf: (chatKey, fileName, call) => transport.route('GET delete_pdf', { chatKey, file_name: fileName }, call),
    pdfPageText: (documentId, page, call) => transport.route('GET pdf_page_text', { document_id: documentId, page }, call),
    startPdfProcessing: (chatKey, workflowCategory, call) =>
      transport.route(
        'POST start_pdf_processing',
        { chat_key: chatKey, ...(workflowCategory ? { workflow_category: workflowCategory } : {}) },
        call,
      ),
    pdfChatThoughtProcess: (question, call) =>
      transport.json<PdfChatThoughtProcess>('POST', DOCUMENT_ROUTES.pdfChatThoughtProcess, undefined, pdfChatForm(question), call),
    readFileAndQuery: (question, call) =>
      transport.json<PdfChatAnswer>('POST', DOCUMENT_ROUTES.readFileAndQuery, undefined, pdfChatForm(question), call),
  };
}
