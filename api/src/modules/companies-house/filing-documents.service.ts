import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { CompaniesRepository } from '../../platform/register/companies.repository.js';
import { normaliseCompanyNumber } from '../../platform/register/company-search.repository.js';
import { notFound } from './companies-house.service.js';
import { accountsPdfInputFor, renderAccountsPdf } from '../../platform/register/documents/accounts-pdf.js';
import { filingPdfInputFor, renderFilingPdf } from '../../platform/register/documents/filing-pdf.js';

export interface FilingDocument {
  contentType: string;
  fileName: string;
  body: Buffer | ReadStream;
  length: number;
}

/**
 * The document behind a filing (get_filing_pdf): a stored file (imported iXBRL accounts, fetched
 * PDFs) as it was stored, or, for sample accounts, the PDF rendered from the stored figures, so
 * that the page a figure cites is the page that prints it; any other sample filing, its form
 * rendered from the filing's particulars.
 */
@Injectable()
export class FilingDocumentsService {
  constructor(
    @Inject(CompaniesRepository) private readonly companies: CompaniesRepository,
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async document(companyNumber: string, fileName: string): Promise<FilingDocument> {
    const key = normaliseCompanyNumber(companyNumber) ?? companyNumber.trim().toUpperCase();
    if (!(await this.companies.exists(key))) throw notFound(companyNumber.trim());
    const documentId = fileName.replace(/\.(pdf|html|xhtml)$/i, '');
    const missing = new NotFoundException(`No document ${fileName} for company ${key}.`);

    const stored = await this.companies.document(documentId);
    if (stored && stored.company_number === key) {
      const path = resolve(this.config.dataDir, stored.storage_path);
      const root = resolve(this.config.dataDir, 'documents');
      const inside = relative(root, path);
      if (!inside || inside.startsWith('..') || isAbsolute(inside)) throw missing; // never serve outside DATA_DIR/documents
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw missing;
      const name = path.slice(path.lastIndexOf('/') + 1);
      return { contentType: stored.content_type, fileName: name, body: createReadStream(path), length: info.size };
    }

    const input = await accountsPdfInputFor(this.db, key, documentId);
    // Any other sample filing (confirmation statements, appointments, charges, dormant accounts...) has a form of its own.
    const form = input ? null : await filingPdfInputFor(this.db, key, documentId);
    if (!input && !form) throw missing;
    const pdf = input ? await renderAccountsPdf(input) : await renderFilingPdf(form!);
    return { contentType: 'application/pdf', fileName: `${documentId}.pdf`, body: pdf, length: pdf.length };
  }
}
