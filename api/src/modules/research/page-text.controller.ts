/**
 * A filing page's text as lines (issue 14 "Terminal": Enter on a citation shows its page with the
 * figure highlighted). The page is read by the evidence checker's own PageTextService, so it is
 * the text of exactly what get_filing_pdf serves, and a page the checker just read is cached.
 */
import { Controller, Inject, NotFoundException, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { describeFiling, type FilingPageText } from '@credence/shared';
import { PerUserRateLimit } from '../../core/rate-limit/user-rate-limit.js';
import { PageTextQuery } from './dto/page-text.dto.js';
import type { ResearchKit } from './engine-provider.js';
import { RESEARCH_TOOLKIT } from '../../platform/ai/engine/research-toolkit.js';
import { Route } from '../../core/contracts/route.js';

@ApiTags('AI research')
@ApiBearerAuth()
@Controller()
export class PageTextController {
  constructor(
    @Inject(RESEARCH_TOOLKIT) private readonly research: ResearchKit,
    @Inject(DataSource) private readonly db: DataSource,
  ) {}

  @Route('GET research/page_text')
  @PerUserRateLimit('documents')
  @ApiOperation({
    summary: "One page of a filing's document as lines, each with its boxes (PDF points from the page's top-left)",
    description:
      'The text of the document get_filing_pdf serves: {company_number, document_id, page, pages, title, lines: [{text, boxes}]}. ' +
      '404 when the company has no such document or the document no such page.',
  })
  async pageText(@Query() q: PageTextQuery): Promise<FilingPageText> {
    const pages = await this.research.evidence.pages.pageCount(q.company_number, q.document_id);
    if (pages === 0) throw new NotFoundException(`Company ${q.company_number} has no filing document ${q.document_id}.`);
    const text = q.page <= pages ? await this.research.evidence.pages.page(q.company_number, q.document_id, q.page) : null;
    if (!text) {
      throw new NotFoundException(`Document ${q.document_id} has ${pages} page${pages === 1 ? '' : 's'}: there is no page ${q.page}.`);
    }
    return {
      company_number: q.company_number,
      document_id: q.document_id,
      page: q.page,
      pages,
      title: await this.title(q.company_number, q.document_id),
      lines: text.lines.map((line) => ({
        text: line.text,
        boxes: line.items.map(({ x0, top, x1, bottom }) => ({ page: q.page, x0, top, x1, bottom })),
      })),
    };
  }

  /** The filing's description, as the filing history words it. */
  private async title(companyNumber: string, documentId: string): Promise<string> {
    const [filing] = await this.db.query(
      `SELECT description, description_values FROM filings WHERE company_number = $1 AND document_id = $2 ORDER BY date DESC LIMIT 1`,
      [companyNumber, documentId],
    );
    return filing?.description ? describeFiling(filing.description, filing.description_values ?? {}) : `Document ${documentId}`;
  }
}
