import type { UploadedPdf } from '@credence/shared';
import type { PageLine } from './page-lines.js';

/** A page of an uploaded document, as stored: its text, its lines with their boxes, how many figures it prints. */
export interface StoredPage {
  documentId: string;
  fileName: string;
  /** The chat the document belongs to (when the read selected it). */
  chatKey?: string;
  page: number;
  text: string;
  lines: PageLine[];
  figures: number;
  /** Kept without lines: more text than the upload limits allow, or more than pdf_page_text may answer. */
  tooComplex?: boolean;
}

/**
 * A chat's uploaded documents and their pages, for a feature that reads them (restructuring):
 * provided by the documents module. Every read takes the owner: another user's is not found.
 */
export interface DocumentPages {
  /** The chat's documents, oldest upload first. */
  list(userId: string, chatKey: string): Promise<UploadedPdf[]>;
  /** The chat's pages in reading order (document by upload, then page), at most `limit`. */
  chatPages(userId: string, chatKey: string, limit: number): Promise<StoredPage[]>;
}

export const DOCUMENT_PAGES = Symbol('DOCUMENT_PAGES');
