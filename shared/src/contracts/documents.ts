/**
 * Documents (spec 3 PDF chat and restructuring, docs/architecture.md 9): the routes of spec 3 section
 * 7 that upload, list, read, process and delete a user's PDFs, and their payloads.
 */
import type { FilingPageLine, RegistrySection, ResearchAnswer, ResearchTable } from './research.js';

export const DOCUMENT_ROUTES = {
  /** Multipart: `files` (one or more PDFs) and `chatKey`. */
  uploadPdf: 'upload_pdf',
  fetchPdfList: 'fetch_pdf_list',
  /** The spec names both list calls; they answer the same list. */
  fetchPdfListGemini: 'fetch_pdf_list_gemini',
  /**
   * `chat_id` (the chat key) and `pdf_name`: the file itself, base64 in `pdf_content`, up to
   * FETCH_PDF_MAX_MB; a larger file answers 413 naming pdfFile.
   */
  fetchPdf: 'fetch_pdf',
  /** `chat_id` and `pdf_name`: the file's bytes as application/pdf, streamed, with Range requests (206). */
  pdfFile: 'pdf_file',
  /** A job that indexes the chat's documents for search; progress through check_query. */
  startPdfProcessing: 'start_pdf_processing',
  /** `chatKey` and `file_name`: deletes one document. */
  deletePdf: 'delete_pdf',
  /** `document_id` and `page`: one page of an uploaded document as lines with boxes. */
  pdfPageText: 'pdf_page_text',
  /** Spec 3 PDF chat (multipart or JSON): `chatKey`, `query`, `fileName?` → PdfChatThoughtProcess. */
  pdfChatThoughtProcess: 'generate_thought_process_pdf_chat',
  /** Spec 3 PDF chat: the same plus `thoughtProcess` → PdfChatAnswer (stored in the chat, one credit). */
  readFileAndQuery: 'read_file_and_query',
} as const;

/** Spec 3 section 5 and 8. */
export const DOCUMENT_TEXTS = {
  onlyPdf: 'Please select only PDF files.',
  processingFailed: 'PDF processing failed. Please try again.',
  listFailed: 'Failed to fetch PDF files. Please try again.',
  notFound: 'No such document in this chat.',
} as const;

/** One uploaded PDF as the lists show it (spec 3 "Uploaded PDF entry"), with what indexing found. */
export interface UploadedPdf {
  document_id: string;
  file_name: string;
  /** Bytes. */
  size: number;
  upload_date: string;
  chat_key: string;
  pages: number;
  /** Pages that carry text; 0 for a scanned document without a text layer. */
  text_pages: number;
  /** True when no page has text (a scan): it cannot be searched or quoted. */
  scanned: boolean;
  indexed: boolean;
}

export interface UploadPdfResponse {
  message: string;
  files: UploadedPdf[];
}

export interface FetchPdfResponse {
  file_name: string;
  /** The file's bytes, base64. */
  pdf_content: string;
}

/** `pdf_page_text`: one page of an uploaded document as its lines read, with their words' boxes. */
export interface UploadedPageText {
  document_id: string;
  file_name: string;
  page: number;
  lines: FilingPageLine[];
  /**
   * Set when the page holds more text than the upload limits allow (UPLOAD_MAX_PAGE_ITEMS,
   * UPLOAD_MAX_PAGE_CHARS): its text is not kept, `lines` is empty and `message` says why.
   */
  too_complex?: boolean;
  message?: string;
}

/** The start_pdf_processing job's progress (check_query `progress` while it runs) and result. */
export interface PdfProcessingProgress {
  documents: number;
  indexed: number;
  pages: number;
}

/** `generate_thought_process_pdf_chat`: the plan of the answer over the chat's documents. */
export interface PdfChatThoughtProcess {
  thought_process: string[];
  /** Set when the plan is the generic one (spec 3 section 4). */
  error?: string;
}

/**
 * `read_file_and_query`: the answer over the chat's documents. `observations` are the answer's
 * sections, `table_data` its tables, `answer` the whole spec 3 Answer as `get_chat` restores it
 * (its citations carry page, quote and boxes).
 */
export interface PdfChatAnswer {
  chat_id: string;
  observations: RegistrySection[];
  table_data: ResearchTable[];
  thought_process: string[];
  answer: ResearchAnswer;
}

export interface PdfProcessingResult extends PdfProcessingProgress {
  files: UploadedPdf[];
}
