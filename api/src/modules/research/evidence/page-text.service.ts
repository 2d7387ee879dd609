/**
 * The text of a filing's document page by page, from the very bytes get_filing_pdf serves: a
 * stored file (imported iXBRL/HTML accounts, a stored PDF) as stored, a sample company's accounts
 * rendered from its figures, any other sample filing's form rendered from its particulars (the
 * same choice as FilingDocumentsService). Documents are kept in a small LRU cache, and only the
 * pages asked for are extracted from a PDF (each page once).
 */
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import type { DataSource } from 'typeorm';
import { accountsPdfInputFor, renderAccountsPdf } from '../../../platform/register/documents/accounts-pdf.js';
import { filingPdfInputFor, renderFilingPdf } from '../../../platform/register/documents/filing-pdf.js';
import { htmlPages } from '../../../platform/ai/evidence/html-pages.js';
import { Lru } from '../../../platform/ai/evidence/lru.js';
import type { PageText } from '../../../platform/ai/evidence/page-lines.js';
import { pdfPages } from '../../../platform/ai/evidence/pdf-text.js';

const CACHE_MS = 5 * 60_000;

interface CachedDocument {
  pdf: Uint8Array | null;
  /** HTML documents are split whole; PDF pages are filled in as they are asked for. */
  pages: Map<number, Promise<PageText | null>>;
  pageCount: number | null;
}

export class PageTextService {
  private readonly cache = new Lru<string, { at: number; entry: Promise<CachedDocument | null> }>(64);

  constructor(
    private readonly db: DataSource,
    private readonly dataDir: string | null,
    private readonly now: () => number = Date.now,
  ) {}

  /** One page's lines, or null when the document or the page does not exist. */
  async page(companyNumber: string, documentId: string, page: number): Promise<PageText | null> {
    const [found] = await this.pages(companyNumber, documentId, [page]);
    return found ?? null;
  }

  /** The pages asked for (all when none), in order; pages past the end are left out. */
  async pages(companyNumber: string, documentId: string, pages?: number[]): Promise<PageText[]> {
    const doc = await this.document(companyNumber, documentId);
    if (!doc) return [];
    if (doc.pdf && doc.pageCount === null) doc.pageCount = await this.countPages(doc.pdf);
    const wanted = pages?.length ? pages : Array.from({ length: doc.pageCount ?? doc.pages.size }, (_, i) => i + 1);
    const out: PageText[] = [];
    for (const n of wanted) {
      let entry = doc.pages.get(n);
      if (!entry && doc.pdf && n >= 1 && n <= (doc.pageCount ?? 0)) {
        entry = pdfPages(doc.pdf, [n]).then((p) => p[0] ?? null);
        doc.pages.set(n, entry);
      }
      const text = entry ? await entry : null;
      if (text) out.push(text);
    }
    return out;
  }

  /** How many pages the document has (0 when there is no such document). */
  async pageCount(companyNumber: string, documentId: string): Promise<number> {
    const doc = await this.document(companyNumber, documentId);
    if (!doc) return 0;
    if (doc.pdf && doc.pageCount === null) doc.pageCount = await this.countPages(doc.pdf);
    return doc.pageCount ?? doc.pages.size;
  }

  private document(companyNumber: string, documentId: string): Promise<CachedDocument | null> {
    const key = `${companyNumber}/${documentId}`;
    const now = this.now();
    let cached = this.cache.get(key);
    // Sample documents render from the stored figures, which a re-seed or an import can change: kept a few minutes only.
    if (cached && now - cached.at > CACHE_MS) cached = undefined;
    if (!cached) {
      const entry = this.load(companyNumber, documentId).catch((error: unknown) => {
        this.cache.delete(key);
        throw error;
      });
      cached = { at: now, entry };
      this.cache.set(key, cached);
    }
    return cached.entry;
  }

  private async load(companyNumber: string, documentId: string): Promise<CachedDocument | null> {
    const [stored] = await this.db.query(`SELECT company_number, content_type, storage_path FROM documents WHERE document_id = $1`, [
      documentId,
    ]);
    if (stored) {
      if (stored.company_number !== companyNumber || !this.dataDir) return null;
      const bytes = await this.storedFile(stored.storage_path);
      if (!bytes) return null;
      if (/pdf/i.test(stored.content_type)) return { pdf: new Uint8Array(bytes), pages: new Map(), pageCount: null };
      const split = htmlPages(bytes.toString('utf8'));
      return { pdf: null, pages: new Map(split.map((p) => [p.page, Promise.resolve(p)])), pageCount: split.length };
    }
    const accounts = await accountsPdfInputFor(this.db, companyNumber, documentId);
    const form = accounts ? null : await filingPdfInputFor(this.db, companyNumber, documentId);
    if (!accounts && !form) return null;
    const pdf = accounts ? await renderAccountsPdf(accounts) : await renderFilingPdf(form!);
    return { pdf: new Uint8Array(pdf), pages: new Map(), pageCount: null };
  }

  /** A stored file, only from inside DATA_DIR/documents (as get_filing_pdf serves them). */
  private async storedFile(storagePath: string): Promise<Buffer | null> {
    const path = resolve(this.dataDir!, storagePath);
    const inside = relative(resolve(this.dataDir!, 'documents'), path);
    if (!inside || inside.startsWith('..') || isAbsolute(inside)) return null;
    const info = await stat(path).catch(() => null);
    return info?.isFile() ? readFile(path) : null;
  }

  private async countPages(pdf: Uint8Array): Promise<number> {
    const { getDocument } = await import('../../../platform/ai/evidence/pdfjs.js');
    const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
    const count = document.numPages;
    await document.destroy();
    return count;
  }
}
