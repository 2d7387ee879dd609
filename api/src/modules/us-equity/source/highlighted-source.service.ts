import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { secFilingUrl, type UsFactSource, type UsHighlightedSource } from '@credence/shared';
import { loadFacts } from '../store/us-facts.repository.js';
import { UsEquityService } from '../us-equity.service.js';
import { highlightFact } from './ixbrl-highlight.js';
import { sampleFilingHtml } from './sample-filing.js';

interface FilingRow {
  form: string;
  report_date: string | null;
  primary_document: string | null;
  is_inline_xbrl: boolean;
}

/**
 * `api/get_highlighted_source` and `backlinker` (spec 3): the filing a value came from, its
 * document sanitized with the fact highlighted, and the value's info (a derived value carries its
 * operands, which the page shows as a quarterised table). A derived value's document is the one
 * of its first added operand (the year of FY − 9M).
 */
@Injectable()
export class HighlightedSourceService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(UsEquityService) private readonly equity: UsEquityService,
  ) {}

  async source(
    cik: string,
    docCg: string | undefined,
    kvId: string,
  ): Promise<UsHighlightedSource & { sentence: string | null; form_type: string | null; filing_report_date: string | null }> {
    const { company, ...value } = await this.equity.value(cik, docCg, kvId);
    const fact: UsFactSource | undefined = value.derived
      ? (value.operands.find((o) => o.role === '+' && o.source)?.source ?? value.sources[0])
      : value.sources[0];
    const base = { company_name: company.title, kpi_info: value, form_type: value.form_type, filing_report_date: value.filing_report_date };
    if (!fact)
      return {
        ...base,
        sec_source_url: null,
        raw_html: null,
        highlight_id: null,
        sentence: null,
        message: 'This value has no filed fact to show.',
      };
    const [filing]: FilingRow[] = await this.db.query(
      `SELECT form, to_char(report_date, 'YYYY-MM-DD') AS report_date, primary_document, is_inline_xbrl FROM us_filings WHERE accession = $1`,
      [fact.accn],
    );
    const url = company.sample ? null : secFilingUrl(company.cik_str, fact.accn, filing?.primary_document);
    const withFiling = {
      ...base,
      sec_source_url: url,
      form_type: filing?.form ?? fact.form,
      filing_report_date: filing?.report_date ?? fact.filed,
    };
    const html = await this.document(Number(company.cik_str), fact.accn, company.title, Boolean(company.sample), filing);
    if (html === null) {
      const message =
        filing && !filing.is_inline_xbrl
          ? 'This filing predates inline XBRL: its figures are not tagged in the document. Open it at the SEC.'
          : `The filing's document is not imported: open it at the SEC, or import it with credence-admin import sec-filing ${company.cik_str} ${fact.accn} <primary document>.`;
      return { ...withFiling, raw_html: null, highlight_id: null, sentence: null, message };
    }
    const found = highlightFact(html, { concept: fact.concept, start: fact.start, end: fact.end, value: fact.value });
    const message = !found.inlineXbrl
      ? 'This document predates inline XBRL: its figures are not tagged. The filing is shown without a highlight.'
      : found.found === 'none'
        ? `${fact.concept} for ${fact.start ? `${fact.start} to ` : ''}${fact.end} with the value ${fact.value} is not tagged in this document.`
        : undefined;
    return {
      ...withFiling,
      raw_html: found.html,
      highlight_id: found.highlightId,
      sentence: found.sentence,
      ...(message ? { message } : {}),
    };
  }

  private async document(cik: number, accn: string, title: string, sample: boolean, filing: FilingRow | undefined): Promise<string | null> {
    const [stored]: { html: string }[] = await this.db.query(`SELECT html FROM us_filing_documents WHERE accession = $1`, [accn]);
    if (stored) return stored.html;
    if (!sample) return null;
    const facts = (await loadFacts(this.db, cik)).filter((f) => f.accn === accn);
    return sampleFilingHtml(title, filing?.form ?? facts[0]?.form ?? '10-K', filing?.report_date ?? facts[0]?.end ?? '', facts);
  }
}
