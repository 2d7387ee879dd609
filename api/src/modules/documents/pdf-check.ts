/**
 * What an upload must be before it is parsed, and the words that refuse it: a PDF by its bytes
 * (never its name), not empty, within UPLOAD_MAX_MB; then (after the bounded parse) not
 * encrypted, not damaged, within UPLOAD_MAX_PAGES, and with text to read.
 */
import { HttpException, HttpStatus } from '@nestjs/common';
import { DOCUMENT_TEXTS } from '@credence/shared';
import type { ExtractOutcome } from './pdf-extract.js';

export class UploadRefused extends HttpException {
  constructor(message: string, status: HttpStatus) {
    super(message, status);
  }
}

/** What to do with a file a reader could not finish: a fresh copy from a PDF writer is usually readable. */
const RESAVE = 'Open it in a PDF reader, save or export it again as a PDF (or print it to PDF), and upload that copy.';

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Readers accept the header anywhere in the first kilobyte (after a stray prefix). */
const HEADER_WINDOW = 1024;

/** Refuses what is not a PDF at all, or is empty: nothing is parsed or stored. */
export function checkBytes(name: string, bytes: Buffer): void {
  if (bytes.length === 0)
    throw new UploadRefused(`${name} is empty (0 bytes): choose a PDF file that has content.`, HttpStatus.BAD_REQUEST);
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC))
    throw new UploadRefused(
      `${name} is a ZIP archive, not a PDF, whatever its name says: unzip it and upload the PDFs inside. ${DOCUMENT_TEXTS.onlyPdf}`,
      HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    );
  if (bytes.subarray(0, HEADER_WINDOW).indexOf(PDF_MAGIC) < 0)
    throw new UploadRefused(
      `${name} is not a PDF (it does not start with %PDF-). ${DOCUMENT_TEXTS.onlyPdf}`,
      HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    );
}

export function tooLarge(name: string, maxMb: number): UploadRefused {
  return new UploadRefused(
    `${name} is larger than the upload limit of ${maxMb} MB (UPLOAD_MAX_MB): split it into smaller PDFs, or save it with compressed images, and upload those.`,
    HttpStatus.PAYLOAD_TOO_LARGE,
  );
}

/** The words for a parse that did not succeed. */
export function refusal(name: string, outcome: Exclude<ExtractOutcome, { ok: true }>, limits: { maxPages: number; timeoutMs: number }) {
  switch (outcome.reason) {
    case 'encrypted':
      return new UploadRefused(
        `${name} is encrypted (password-protected): remove the password and upload it again.`,
        HttpStatus.UNPROCESSABLE_ENTITY,
      );
    case 'too-many-pages':
      return new UploadRefused(
        `${name} has ${outcome.pages} pages, more than the limit of ${limits.maxPages} pages (UPLOAD_MAX_PAGES): split it into parts of at most ${limits.maxPages} pages and upload those.`,
        HttpStatus.PAYLOAD_TOO_LARGE,
      );
    case 'too-slow':
      return new UploadRefused(
        `${name} took longer than ${Math.round(limits.timeoutMs / 1000)} s to read and was stopped: it may be built to stall PDF readers. ${RESAVE}`,
        HttpStatus.UNPROCESSABLE_ENTITY,
      );
    case 'too-much-memory':
      return new UploadRefused(
        `${name} needed too much memory to read and was stopped: it may be built to exhaust PDF readers. ${RESAVE}`,
        HttpStatus.UNPROCESSABLE_ENTITY,
      );
    case 'corrupt':
      return new UploadRefused(`${name} is damaged and cannot be read as a PDF. ${RESAVE}`, HttpStatus.UNPROCESSABLE_ENTITY);
    case 'abandoned':
      return abandoned();
  }
}

export function scanned(name: string): UploadRefused {
  return new UploadRefused(
    `${name} is a scanned PDF without text: its pages are images, which Credence cannot read or quote (no OCR). Upload a PDF with a text layer.`,
    HttpStatus.UNPROCESSABLE_ENTITY,
  );
}

/** The words for a page kept without its text, and for a file whose every page is so. */
export function pageTooComplexMessage(limits: { maxPageItems: number; maxPageChars: number }): string {
  return (
    `This page is too complex to read: it has more than ${limits.maxPageItems.toLocaleString('en-GB')} pieces or ` +
    `${limits.maxPageChars.toLocaleString('en-GB')} characters of text (UPLOAD_MAX_PAGE_ITEMS, UPLOAD_MAX_PAGE_CHARS), so its text is not kept.`
  );
}

export function tooComplex(name: string, limits: { maxPageItems: number; maxPageChars: number }): UploadRefused {
  return new UploadRefused(
    `${name} has no page Credence can read: every page is too complex (more than ${limits.maxPageItems.toLocaleString('en-GB')} pieces or ` +
      `${limits.maxPageChars.toLocaleString('en-GB')} characters of text; UPLOAD_MAX_PAGE_ITEMS, UPLOAD_MAX_PAGE_CHARS). It may be built to stall PDF readers. ${RESAVE}`,
    HttpStatus.UNPROCESSABLE_ENTITY,
  );
}

/** The client left before its upload was read (nginx's 499: nobody is there to read it). */
export function abandoned(): UploadRefused {
  return new UploadRefused('The upload was abandoned by its client before it was read: nothing was stored.', 499 as HttpStatus);
}
