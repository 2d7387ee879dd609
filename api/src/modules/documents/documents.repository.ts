/**
 * The uploaded documents and their pages, in SQL. Every read takes the owner: another user's
 * document is simply not found.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { UploadedPdf } from '@credence/shared';
import type { PageLine, PageText } from '../../platform/ai/evidence/page-lines.js';
import type { DocumentPages, StoredPage } from '../../platform/ai/evidence/document-pages.js';

export interface NewDocument {
  userId: string;
  chatKey: string;
  fileName: string;
  size: number;
  sha256: string;
  content: Buffer;
  pages: PageText[];
}

export interface StoredFile {
  id: string;
  size: number;
  sha256: string;
}

const PAGE_BATCH = 200;
/** Pieces of text in one statement's pages at most (a statement's JSON stays a few megabytes). */
const BATCH_ITEMS = 20_000;
/**
 * A file is stored in chunks of this size, one statement each: a whole 6 MB value through the
 * embedded database's socket and heap cost 11-62 MB of memory, chunks about 1 MB (decisions.md).
 */
export const CONTENT_CHUNK_BYTES = 256 * 1024;
/** Numbers as statements print them: 1,234 / (1,234) / 12.5 / 2019. */
const FIGURE = /\(?-?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?|\d+\.\d+|\d{2,}/g;

export function figureCount(text: string): number {
  return text.match(FIGURE)?.length ?? 0;
}

const LIST_COLUMNS = `id::text AS document_id, file_name, size, upload_date, chat_key, page_count AS pages, text_pages, indexed_at IS NOT NULL AS indexed`;

function toPdf(row: Record<string, unknown>): UploadedPdf {
  return {
    document_id: String(row.document_id),
    file_name: String(row.file_name),
    size: Number(row.size),
    upload_date: new Date(row.upload_date as string).toISOString(),
    chat_key: String(row.chat_key),
    pages: Number(row.pages),
    text_pages: Number(row.text_pages),
    scanned: Number(row.text_pages) === 0,
    indexed: Boolean(row.indexed),
  };
}

@Injectable()
export class DocumentsRepository implements DocumentPages {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Stores a document and its pages; a file of the same name in the same chat is replaced. */
  async insert(doc: NewDocument, manager: EntityManager): Promise<string> {
    await manager.query(`DELETE FROM uploaded_documents WHERE user_id = $1 AND chat_key = $2 AND file_name = $3`, [
      doc.userId,
      doc.chatKey,
      doc.fileName,
    ]);
    const textPages = doc.pages.filter((p) => p.lines.length).length;
    const [row] = await manager.query(
      `INSERT INTO uploaded_documents (user_id, chat_key, file_name, size, page_count, text_pages, sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
      [doc.userId, doc.chatKey, doc.fileName, doc.size, doc.pages.length, textPages, doc.sha256],
    );
    for (let offset = 0, seq = 0; offset < doc.content.length; offset += CONTENT_CHUNK_BYTES, seq++) {
      await manager.query(`INSERT INTO uploaded_document_chunks (document_id, seq, bytes) VALUES ($1, $2, $3)`, [
        row.id,
        seq,
        doc.content.subarray(offset, offset + CONTENT_CHUNK_BYTES),
      ]);
    }
    for (const pages of batches(doc.pages)) {
      const batch = pages.map((p) => {
        const text = p.lines.map((l) => l.text).join('\n');
        return { page: p.page, text, lines: p.lines, figures: figureCount(text), too_complex: p.tooComplex === true };
      });
      await manager.query(
        `INSERT INTO uploaded_document_pages (document_id, page, text, lines, figures, too_complex)
         SELECT $1::uuid, p.page, p.text, p.lines, p.figures, p.too_complex
         FROM jsonb_to_recordset($2::jsonb) AS p(page integer, text text, lines jsonb, figures integer, too_complex boolean)`,
        [row.id, JSON.stringify(batch)],
      );
    }
    return row.id;
  }

  async list(userId: string, chatKey?: string): Promise<UploadedPdf[]> {
    const rows = chatKey
      ? await this.db.query(
          `SELECT ${LIST_COLUMNS} FROM uploaded_documents WHERE user_id = $1 AND chat_key = $2 ORDER BY upload_date, file_name`,
          [userId, chatKey],
        )
      : await this.db.query(`SELECT ${LIST_COLUMNS} FROM uploaded_documents WHERE user_id = $1 ORDER BY upload_date DESC, file_name`, [
          userId,
        ]);
    return rows.map(toPdf);
  }

  async chatPages(userId: string, chatKey: string, limit: number): Promise<StoredPage[]> {
    const rows = await this.db.query(
      `SELECT p.document_id::text AS document_id, d.file_name, p.page, p.text, p.lines, p.figures
       FROM uploaded_document_pages p JOIN uploaded_documents d ON d.id = p.document_id
       WHERE d.user_id = $1 AND d.chat_key = $2
       ORDER BY d.upload_date, d.file_name, p.page LIMIT $3`,
      [userId, chatKey, limit],
    );
    return rows.map(toPage);
  }

  async byIds(userId: string, ids: string[]): Promise<UploadedPdf[]> {
    const rows = await this.db.query(`SELECT ${LIST_COLUMNS} FROM uploaded_documents WHERE user_id = $1 AND id = ANY($2::uuid[])`, [
      userId,
      ids,
    ]);
    return rows.map(toPdf);
  }

  /** The owner's stored file of that name in that chat: its id, size and digest (not its bytes). */
  async file(userId: string, chatKey: string, fileName: string): Promise<StoredFile | null> {
    const [row] = await this.db.query(
      `SELECT id::text AS id, size, sha256 FROM uploaded_documents WHERE user_id = $1 AND chat_key = $2 AND file_name = $3`,
      [userId, chatKey, fileName],
    );
    return row ? { id: row.id, size: Number(row.size), sha256: String(row.sha256) } : null;
  }

  /** Bytes `start` to `end` (inclusive) of a stored file, read one chunk (CONTENT_CHUNK_BYTES) at a time. */
  async *bytes(documentId: string, start: number, end: number): AsyncGenerator<Buffer> {
    for (let seq = Math.floor(start / CONTENT_CHUNK_BYTES); seq <= Math.floor(end / CONTENT_CHUNK_BYTES); seq++) {
      const [row] = await this.db.query(`SELECT bytes FROM uploaded_document_chunks WHERE document_id = $1 AND seq = $2`, [
        documentId,
        seq,
      ]);
      if (!row) return;
      const chunk = Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      const from = seq * CONTENT_CHUNK_BYTES;
      yield chunk.subarray(Math.max(0, start - from), end - from + 1);
    }
  }

  async delete(userId: string, chatKey: string, fileName: string): Promise<boolean> {
    // A CTE: TypeORM answers a bare DELETE ... RETURNING as [rows, count].
    const [row] = await this.db.query(
      `WITH gone AS (DELETE FROM uploaded_documents WHERE user_id = $1 AND chat_key = $2 AND file_name = $3 RETURNING id)
       SELECT count(*)::int AS n FROM gone`,
      [userId, chatKey, fileName],
    );
    return row.n > 0;
  }

  /** Sets each page's search vector (english stemming) and marks the document indexed. */
  async index(documentId: string): Promise<number> {
    return this.db.transaction(async (manager) => {
      const [row] = await manager.query(
        `WITH done AS (UPDATE uploaded_document_pages SET search = to_tsvector('english', text) WHERE document_id = $1 RETURNING page)
         SELECT count(*)::int AS n FROM done`,
        [documentId],
      );
      await manager.query(`UPDATE uploaded_documents SET indexed_at = now() WHERE id = $1`, [documentId]);
      return row.n;
    });
  }

  /** The first `count` pages of each of the user's documents (a cover and what follows it), in order. */
  async firstPages(userId: string, documentIds: string[], count: number): Promise<StoredPage[]> {
    const rows = await this.db.query(
      `SELECT p.document_id::text AS document_id, d.file_name, d.chat_key, p.page, p.text, p.lines, p.figures
       FROM uploaded_document_pages p JOIN uploaded_documents d ON d.id = p.document_id
       WHERE d.user_id = $1 AND d.id = ANY($2::uuid[]) AND p.page <= $3 AND NOT p.too_complex
       ORDER BY d.file_name, p.page`,
      [userId, documentIds, count],
    );
    return rows.map(toPage);
  }

  /**
   * One page; its lines only when their JSON is at most `maxBytes` (measured by the database, so a
   * page stored before the upload limits is never read whole into the API): past it the page
   * answers as too complex, without text or lines.
   */
  async page(userId: string, documentId: string, page: number, maxBytes: number): Promise<StoredPage | null> {
    const [row] = await this.db.query(
      `SELECT document_id, file_name, page, figures,
              CASE WHEN big THEN '' ELSE text END AS text, CASE WHEN big THEN '[]'::jsonb ELSE lines END AS lines, too_complex OR big AS too_complex
       FROM (SELECT p.document_id::text AS document_id, d.file_name, p.page, p.text, p.lines, p.figures, p.too_complex,
                    octet_length(p.lines::text) + octet_length(p.text) > $4 AS big
             FROM uploaded_document_pages p JOIN uploaded_documents d ON d.id = p.document_id
             WHERE d.user_id = $1 AND p.document_id = $2::uuid AND p.page = $3) AS one`,
      [userId, documentId, page, maxBytes],
    );
    return row ? toPage(row) : null;
  }
}

export function toPage(row: Record<string, unknown>): StoredPage {
  return {
    documentId: String(row.document_id),
    fileName: String(row.file_name),
    ...(row.chat_key ? { chatKey: String(row.chat_key) } : {}),
    page: Number(row.page),
    text: String(row.text),
    lines: row.lines as PageLine[],
    figures: Number(row.figures),
    ...(row.too_complex ? { tooComplex: true } : {}),
  };
}

/** The pages in runs of at most PAGE_BATCH pages and (after the first page of a run) BATCH_ITEMS pieces of text. */
function* batches(pages: PageText[]): Generator<PageText[]> {
  let batch: PageText[] = [];
  let items = 0;
  for (const page of pages) {
    const count = page.lines.reduce((n, l) => n + l.items.length, 0);
    if (batch.length && (batch.length >= PAGE_BATCH || items + count > BATCH_ITEMS)) {
      yield batch;
      batch = [];
      items = 0;
    }
    batch.push(page);
    items += count;
  }
  if (batch.length) yield batch;
}
