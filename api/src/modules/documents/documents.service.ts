/**
 * Uploading, listing, reading and deleting a user's PDFs. An upload is checked whole before
 * anything is stored: each file by its bytes, then by a bounded parse that also reads its text;
 * one refused file refuses the request whole (nothing half-stored), with the refused file named,
 * its reason and what to do. The web dialog and `credence ask --pdf` send one file a request, so
 * the other files of a pick are kept and the refused one is shown with its reason (docs/api.md).
 */
import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DOCUMENT_ROUTES, DOCUMENT_TEXTS, type SessionClaims, type UploadedPdf, type UploadPdfResponse } from '@credence/shared';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import type { PageText } from '../../platform/ai/evidence/page-lines.js';
import { DocumentsRepository, type StoredFile } from './documents.repository.js';
import { abandoned, checkBytes, refusal, scanned, tooComplex, tooLarge } from './pdf-check.js';
import { extractPdf, PARSE_SLOTS } from './pdf-extract.js';
import { ParseAborted, ParseSlots } from './parse-slots.js';

export interface IncomingFile {
  name: string;
  bytes: Buffer;
}

const MB = 1024 * 1024;
const logger = new Logger('DocumentsService');

/**
 * A file the database refused for its content (a Postgres data exception, class 22: text it
 * cannot hold): a 500 that names the file and says nothing was stored, never an anonymous one.
 * Anything else (the database unreachable …) goes on to the error filter as it is.
 */
function storeFailure(name: string, error: unknown): unknown {
  if (!/^22/.test(String((error as { code?: unknown })?.code ?? ''))) return error;
  logger.error(`${name}: the database refused its text (${(error as Error).message})`);
  return new HttpException(
    `${name} could not be stored: its text has characters our database refused (an error on our side, logged). Nothing of this upload was stored. ` +
      'Try again later; meanwhile, saving it again as a PDF (print it to PDF) may give a copy that uploads.',
    HttpStatus.INTERNAL_SERVER_ERROR,
  );
}

/** `{"file_name": ..., "pdf_content": "<base64>"}` written piece by piece, three bytes carried across pieces. */
async function* fetchPdfJson(fileName: string, pieces: AsyncIterable<Buffer>): AsyncGenerator<string> {
  yield `{"file_name":${JSON.stringify(fileName)},"pdf_content":"`;
  let carry = Buffer.alloc(0);
  for await (const piece of pieces) {
    const joined = carry.length ? Buffer.concat([carry, piece]) : piece;
    const whole = joined.length - (joined.length % 3);
    yield joined.subarray(0, whole).toString('base64');
    carry = Buffer.from(joined.subarray(whole));
  }
  yield `${carry.toString('base64')}"}`;
}

@Injectable()
export class DocumentsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(DocumentsRepository) private readonly documents: DocumentsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.slots = new ParseSlots(PARSE_SLOTS, config.upload.parsesPerUser);
  }

  /** Who parses next: at most UPLOAD_PARSES_PER_USER of one user's at once, users in turn. */
  private readonly slots: ParseSlots;

  /** Parses running and waiting in this process. */
  get parseLoad(): { running: number; waiting: number } {
    return this.slots.load;
  }

  get maxBytes(): number {
    return this.config.upload.maxMb * MB;
  }

  /**
   * Checks and reads every file, then stores them all. `signal` aborts when the client leaves: a
   * parse waiting for its turn, or running, stops, and nothing is stored.
   */
  async upload(user: SessionClaims, chatKey: string, files: IncomingFile[], signal?: AbortSignal): Promise<UploadPdfResponse> {
    const read: { file: IncomingFile; pages: PageText[] }[] = [];
    for (const file of files) {
      if (file.bytes.length > this.maxBytes) throw tooLarge(file.name, this.config.upload.maxMb);
      checkBytes(file.name, file.bytes);
    }
    for (const file of files) read.push({ file, pages: await this.read(user, file, signal) });
    if (signal?.aborted) throw abandoned();
    const ids = await this.db.transaction(async (manager) => {
      const out: string[] = [];
      for (const { file, pages } of read)
        out.push(
          await this.documents
            .insert(
              {
                userId: user.sub,
                chatKey,
                fileName: file.name,
                size: file.bytes.length,
                sha256: createHash('sha256').update(file.bytes).digest('hex'),
                content: file.bytes,
                pages,
              },
              manager,
            )
            .catch((error: unknown) => {
              throw storeFailure(file.name, error);
            }),
        );
      return out;
    });
    const stored = await this.documents.byIds(user.sub, ids);
    const plural = files.length === 1 ? 'file' : 'files';
    return { message: `Uploaded ${files.length} ${plural}.`, files: stored };
  }

  private async read(user: SessionClaims, file: IncomingFile, signal?: AbortSignal): Promise<PageText[]> {
    const {
      maxPages,
      parseTimeoutMs: timeoutMs,
      parseMemoryMb: memoryMb,
      maxPageItems: maxItems,
      maxPageChars: maxChars,
    } = this.config.upload;
    const release = await this.slots.take(user.sub, signal).catch((error: unknown) => {
      throw error instanceof ParseAborted ? abandoned() : error;
    });
    // read where it is (shared memory) by the parse worker
    const outcome = await extractPdf(file.bytes, { maxPages, timeoutMs, memoryMb, maxItems, maxChars }, signal).finally(release);
    if (!outcome.ok) throw refusal(file.name, outcome, { maxPages, timeoutMs });
    if (!outcome.pages.some((p) => p.lines.length)) {
      throw outcome.pages.some((p) => p.tooComplex) ? tooComplex(file.name, this.config.upload) : scanned(file.name);
    }
    return outcome.pages;
  }

  list(user: SessionClaims, chatKey?: string): Promise<UploadedPdf[]> {
    return this.documents.list(user.sub, chatKey);
  }

  /** The owner's file (another user's, or none: 404). */
  async file(user: SessionClaims, chatKey: string, fileName: string): Promise<StoredFile> {
    const file = await this.documents.file(user.sub, chatKey, fileName);
    if (!file) throw new NotFoundException(DOCUMENT_TEXTS.notFound);
    return file;
  }

  /**
   * fetch_pdf's answer ({file_name, pdf_content}) as JSON text in pieces: each stored chunk is
   * encoded on its own, so neither the file nor its base64 is ever held whole. A file over
   * FETCH_PDF_MAX_MB is a 413 that names the streamed route.
   */
  async fetch(user: SessionClaims, chatKey: string, fileName: string): Promise<AsyncIterable<string>> {
    const file = await this.file(user, chatKey, fileName);
    const { fetchPdfMaxMb } = this.config.upload;
    if (file.size > fetchPdfMaxMb * MB) {
      const route = `/api/${DOCUMENT_ROUTES.pdfFile}?chat_id=${encodeURIComponent(chatKey)}&pdf_name=${encodeURIComponent(fileName)}`;
      throw new HttpException(
        `${fileName} is ${(file.size / MB).toFixed(1)} MB, more than fetch_pdf answers in base64 (${fetchPdfMaxMb} MB, FETCH_PDF_MAX_MB): read its bytes from GET ${route}, which streams them and takes Range requests.`,
        HttpStatus.PAYLOAD_TOO_LARGE,
      );
    }
    return fetchPdfJson(fileName, this.documents.bytes(file.id, 0, file.size - 1));
  }

  async delete(user: SessionClaims, chatKey: string, fileName: string): Promise<{ message: string }> {
    if (!(await this.documents.delete(user.sub, chatKey, fileName))) throw new NotFoundException(DOCUMENT_TEXTS.notFound);
    return { message: `Deleted ${fileName}.` };
  }
}
