/**
 * The evidence checker (issue 14 "Trust"). A filing fact is confirmed only when the cited page of
 * the document get_filing_pdf serves holds it: a figure as printed (`fact.printed`), on the line
 * of its label where the page has one; a passage of text (a risk, a highlight) wherever it wraps.
 * The quote is the line as it reads; the boxes are its pieces. A computed fact (a margin, growth)
 * is confirmed when every input is.
 *
 * Register facts are confirmed by re-reading the record: a profile field is read again and must
 * equal the fact; a filing must exist with its transaction id and date; a count must count the
 * same. Register records this checker does not know (charges, officers, PSCs... read by the
 * register tools) are confirmed when the company's record exists: the tool read them from the
 * register in the same request, and the citation links to the register page that shows them.
 * A lender's book is read again as the creditors screener reads it (lender-book-check.ts).
 */
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../../core/config/config.js';
import type { EvidenceCheck, EvidenceChecker, Fact } from '../../../platform/ai/engine/types.js';
import { formatAmount } from '../../../platform/register/documents/accounts-format.js';
import { findFigure, findPassage, type Found } from '../../../platform/ai/evidence/find-on-page.js';
import type { ResearchPlugin } from '../../../platform/ai/engine/research-plugin.js';
import { LenderBookCheck } from './lender-book-check.js';
import type { PageText } from '../../../platform/ai/evidence/page-lines.js';
import { PageTextService } from './page-text.service.js';

const PROFILE_COLUMNS = new Set([
  'company_name',
  'company_status',
  'company_category',
  'incorporation_date',
  'dissolution_date',
  'accounts_category',
  'accounts_last_made_up',
  'accounts_next_due',
  'conf_stmt_last_made_up',
  'conf_stmt_next_due',
  'mortgages_outstanding',
  'mortgages_total',
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class ResearchEvidence implements EvidenceChecker {
  readonly pages: PageTextService;
  private readonly lenderBooks: LenderBookCheck;

  /** The checks of the sources plugins cite (a SEC filing's tag: us-equity), by source kind. */
  private readonly factChecks: NonNullable<ResearchPlugin['factChecks']>;

  constructor(
    private readonly db: DataSource,
    config: AppConfig,
    plugins: readonly ResearchPlugin[] = [],
  ) {
    this.factChecks = Object.assign({}, ...plugins.map((plugin) => plugin.factChecks ?? {}));
    this.pages = new PageTextService(db, config.dataDir ?? null);
    this.lenderBooks = new LenderBookCheck(db);
  }

  async check(fact: Fact, signal: AbortSignal): Promise<EvidenceCheck> {
    if (signal.aborted) return { verified: false, reason: 'The request was cancelled.' };
    if (fact.inputs?.length) return this.computed(fact, signal);
    const pluginCheck = this.factChecks[fact.source.kind] as
      ((db: DataSource, source: Fact['source']) => Promise<EvidenceCheck>) | undefined;
    if (pluginCheck) return pluginCheck(this.db, fact.source);
    switch (fact.source.kind) {
      case 'filing':
        return this.onPage(fact, fact.source.company_number, fact.source.document_id, fact.source.page);
      case 'register':
        return this.register(fact);
      case 'upload':
        return this.onUploadPage(fact, fact.source.document_id, fact.source.page);
      case 'sec':
        return { verified: false, reason: 'SEC facts cannot be checked: no plugin that reads SEC filings is registered.' };
    }
  }

  private async computed(fact: Fact, signal: AbortSignal): Promise<EvidenceCheck> {
    const checks = await Promise.all(fact.inputs!.map((input) => this.check(input, signal)));
    const failed = checks.find((c) => !c.verified);
    if (failed) return { verified: false, reason: `An input could not be confirmed: ${failed.reason ?? 'not found'}` };
    return {
      verified: true,
      quote: [...new Set(checks.map((c) => c.quote).filter(Boolean))].join(' … ') || undefined,
      boxes: checks.flatMap((c) => c.boxes ?? []),
    };
  }

  private async onPage(fact: Fact, companyNumber: string, documentId: string, pageNumber: number): Promise<EvidenceCheck> {
    return this.onLoadedPage(fact, await this.pages.page(companyNumber, documentId, pageNumber), documentId, pageNumber);
  }

  /** An uploaded document's page, as stored when it was uploaded (the lines pdfjs read, with their boxes). */
  private async onUploadPage(fact: Fact, documentId: string, pageNumber: number): Promise<EvidenceCheck> {
    if (!UUID.test(documentId)) return { verified: false, reason: `No uploaded document ${documentId}.` };
    const [row] = await this.db.query(`SELECT lines FROM uploaded_document_pages WHERE document_id = $1::uuid AND page = $2`, [
      documentId,
      pageNumber,
    ]);
    return this.onLoadedPage(fact, row ? { page: pageNumber, lines: row.lines } : null, documentId, pageNumber);
  }

  private onLoadedPage(fact: Fact, page: PageText | null, documentId: string, pageNumber: number): EvidenceCheck {
    if (!page) return { verified: false, reason: `Page ${pageNumber} of document ${documentId} could not be read.` };
    const isText = fact.unit === 'text' && typeof fact.value === 'string';
    const found = isText ? findPassage(page, fact.printed ?? String(fact.value)) : this.figureOn(page, fact);
    if (!found) return { verified: false, reason: `Page ${pageNumber} does not show ${fact.printed ?? fact.value}.` };
    // A dash (nil) proves nothing unless it is on its label's line.
    if (!isText && fact.printed === '-' && !found.withLabel)
      return { verified: false, reason: `Page ${pageNumber} does not show ${fact.label} as nil.` };
    return { verified: true, quote: found.quote, boxes: found.boxes };
  }

  /**
   * A figure as printed; else, on a stored iXBRL page, as the document may show it in thousands
   * or millions (a `scale` attribute: "89" for 89,000), which counts only on its label's line.
   */
  private figureOn(page: PageText, fact: Fact): Found | null {
    if (!fact.printed) return null;
    const found = findFigure(page, fact.printed, fact.label);
    if (found || typeof fact.value !== 'number' || page.lines.some((l) => l.items.length)) return found;
    for (const divisor of [1_000, 1_000_000]) {
      if (fact.value % divisor !== 0 || fact.value === 0) continue;
      const scaled = findFigure(page, formatAmount(fact.value / divisor), fact.label);
      if (scaled?.withLabel) return scaled;
    }
    return null;
  }

  private async register(fact: Fact): Promise<EvidenceCheck> {
    if (fact.source.kind !== 'register') return { verified: false };
    // A lender's book is the creditors screener's: read again there, with or without a company.
    if (fact.source.record === 'lender-book') return this.lenderBooks.check(fact);
    const companyNumber = fact.source.company_number;
    const field = fact.key.startsWith('profile.') ? fact.key.slice('profile.'.length) : null;
    if (fact.source.record === 'profile' && field && PROFILE_COLUMNS.has(field)) {
      // The column name comes from the fixed list above, never from the fact's text.
      const [row] = await this.db.query(`SELECT ${field}::text AS value FROM companies WHERE company_number = $1`, [companyNumber]);
      const same = row && String(row.value ?? '') === String(fact.value ?? '');
      return same ? { verified: true } : { verified: false, reason: `The register's ${fact.label} is not ${fact.value}.` };
    }
    if (fact.source.record === 'filings' && fact.key.startsWith('filing:')) {
      const [row] = await this.db.query(`SELECT date::text AS date FROM filings WHERE transaction_id = $1 AND company_number = $2`, [
        fact.key.slice('filing:'.length),
        companyNumber,
      ]);
      return row && (fact.value === null || row.date === fact.value)
        ? { verified: true }
        : { verified: false, reason: 'No such filing on record.' };
    }
    const [company] = await this.db.query(`SELECT 1 FROM companies WHERE company_number = $1`, [companyNumber]);
    return company ? { verified: true } : { verified: false, reason: `No company ${companyNumber} on the register.` };
  }
}
