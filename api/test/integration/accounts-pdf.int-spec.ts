import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { SUGGESTED_COMPANIES } from '@credence/shared';
import { formatAmount, formatLineValue, groupThousands } from '../../src/platform/register/documents/accounts-format.js';
import {
  accountsPdfInputFor,
  ACCOUNTS_PAGE_COUNT,
  renderAccountsPdf,
  SAMPLE_FOOTER,
} from '../../src/platform/register/documents/accounts-pdf.js';
import { seedSampleData } from '../../src/modules/companies-house/seed/seed.js';
import { METRIC_COLUMNS, type MetricKey } from '../../src/modules/research/tools/facts.js';
import { squeezedPages } from '../support/pdf-pages.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

const squeeze = (text: string) => text.replace(/\s+/g, '');

describe('accounts PDF of a sample company', () => {
  let t: TestContext;
  before(async () => {
    t = await startTestContext();
    await seedSampleData(t.dataSource, t.config, {
      companies: 24,
      seed: 3,
      referenceDate: '2026-06-15',
      reporter: { progress: () => undefined, bad: () => undefined, info: () => undefined },
    });
  });
  after(() => t.close());

  /** Checks that every page a stored figure or text cites shows it. */
  async function checkDocument(companyNumber: string, documentId: string): Promise<void> {
    const input = await accountsPdfInputFor(t.dataSource, companyNumber, documentId);
    expect(input).not.toBeNull();
    const pdf = await renderAccountsPdf(input!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await squeezedPages(pdf);
    expect(pages).toHaveLength(ACCOUNTS_PAGE_COUNT);
    for (const page of pages) expect(page).toContain(squeeze(SAMPLE_FOOTER));
    const where = (page: number) => pages[page - 1];

    const s = input!.statement;
    for (const [metric, page] of Object.entries(s.page_numbers ?? {})) {
      const value = Number(s[METRIC_COLUMNS[metric as MetricKey]]);
      const printed = metric === 'employeeCount' ? groupThousands(value) : formatAmount(value);
      expect({ metric, page, found: where(page).includes(squeeze(printed)) }).toEqual({ metric, page, found: true });
      expect(where(page)).toContain(squeeze(s.terms![metric]));
    }
    for (const line of [...(s.balance_sheet ?? []), ...(s.income_statement ?? []), ...(s.cash_flow ?? []), ...(s.key_financials ?? [])]) {
      const page = where(line.pageNumber!);
      expect({ key: line.key, label: page.includes(squeeze(line.label)), value: page.includes(squeeze(formatLineValue(line))) }).toEqual({
        key: line.key,
        label: true,
        value: true,
      });
    }
    const summary = input!.summary!;
    expect(summary).not.toBeNull();
    const cited: [string, number[]][] = [
      [summary.management_discussion!.value, summary.management_discussion!.pageNumbers],
      ...summary.risks!.map((r) => [r.riskDescription, r.pageNumbers] as [string, number[]]),
      ...summary.key_highlights!.map((h) => [h.highlight, h.pageNumbers] as [string, number[]]),
      ...summary.future_outlook!.map((o) => [o.outlookItem, o.pageNumbers] as [string, number[]]),
      ...summary.accounting_policies!.map((p) => [p.policy, p.pageNumbers] as [string, number[]]),
    ];
    for (const [text, pageNumbers] of cited) {
      expect(pageNumbers.length).toBeGreaterThan(0);
      for (const page of pageNumbers)
        expect({ text, page, found: where(page).includes(squeeze(text)) }).toEqual({ text, page, found: true });
    }
    expect(where(3)).toContain(squeeze(summary.business_overview!));
    if (summary.auditor_name) {
      expect(where(6)).toContain(squeeze(summary.auditor_name));
      expect(where(6)).toContain(squeeze(summary.auditor_opinion!));
    }
  }

  it("prints each suggested company's figures and texts on the pages its data cites, every year", async () => {
    for (const { company_number } of SUGGESTED_COMPANIES) {
      const documents = await t.dataSource.query(
        `SELECT document_id FROM financial_statements WHERE company_number = $1 ORDER BY period_end`,
        [company_number],
      );
      expect(documents.length).toBeGreaterThanOrEqual(5);
      for (const { document_id } of documents) await checkDocument(company_number, document_id);
    }
  });

  it("does the same for the other companies' accounts (micro, small, group, other currencies)", async () => {
    const documents = await t.dataSource.query(
      `SELECT DISTINCT ON (company_number) company_number, document_id FROM financial_statements WHERE company_number NOT IN ('00123456', '03456789', 'SC234567', '09876543') ORDER BY company_number, period_end DESC`,
    );
    expect(documents.length).toBeGreaterThan(5);
    for (const { company_number, document_id } of documents) await checkDocument(company_number, document_id);
  });

  it('composes the reports of an older document whose summary is not stored, and still prints its figures where they are cited', async () => {
    const [older] = await t.dataSource.query(
      `SELECT s.company_number, s.document_id, s.page_numbers, s.turnover FROM financial_statements s
        WHERE NOT EXISTS (SELECT 1 FROM document_summaries d WHERE d.document_id = s.document_id) ORDER BY s.company_number, s.period_end LIMIT 1`,
    );
    expect(older).toBeDefined();
    const input = (await accountsPdfInputFor(t.dataSource, older.company_number, older.document_id))!;
    expect(input.summary).toBeNull();
    const pages = await squeezedPages(await renderAccountsPdf(input));
    expect(pages).toHaveLength(ACCOUNTS_PAGE_COUNT);
    expect(pages[older.page_numbers.turnover - 1]).toContain(squeeze(formatAmount(Number(older.turnover))));
    expect(pages[2]).toContain('Fairreviewofthebusiness');
    expect(pages[2]).toContain('Turnoverfortheyearended');
    expect(pages[3]).toContain('Strategicrisk');
  });

  it('renders the same bytes every time', async () => {
    const [{ document_id }] = await t.dataSource.query(
      `SELECT document_id FROM financial_statements WHERE company_number = '00123456' ORDER BY period_end DESC LIMIT 1`,
    );
    const input = (await accountsPdfInputFor(t.dataSource, '00123456', document_id))!;
    const first = await renderAccountsPdf(input);
    for (let i = 0; i < 3; i++) expect(Buffer.compare(await renderAccountsPdf(input), first)).toBe(0);
  });

  it('answers null for a document that is not a sample accounts document', async () => {
    expect(await accountsPdfInputFor(t.dataSource, '00123456', 'no-such-document')).toBeNull();
    expect(await accountsPdfInputFor(t.dataSource, '12345678', 'no-such-document')).toBeNull();
  });
});
