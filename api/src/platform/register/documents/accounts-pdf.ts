/**
 * The accounts document of a sample company for one year, rendered on request (never stored:
 * a million companies' years of PDFs would not fit) with pdfkit's built-in Helvetica, the same
 * bytes every time for the same data. Each section sits on the page the stored data cites
 * (accounts-layout.ts): the figures of financial_statements.page_numbers and of every
 * StatementLine, and the document summary's parts. Every page says it is sample data.
 */
import type PDFDocument from 'pdfkit';
import type { DataSource, EntityManager } from 'typeorm';
import type { DocumentSummaryRow, FinancialStatementRow, StatementLine } from '../rows.js';
import {
  currencySymbol,
  formatAmount,
  formatCompact,
  formatLineValue,
  formatPercent,
  groupThousands,
  isNotAudited,
  notAuditedOpinion,
} from './accounts-format.js';
import { ACCOUNTS_PAGE_COUNT, ACCOUNTS_PAGES, PDF_PAGE, SAMPLE_FOOTER } from './accounts-layout.js';

export { ACCOUNTS_PAGE_COUNT, ACCOUNTS_PAGES, METRIC_PAGES, SAMPLE_FOOTER, STATEMENT_PAGES, SUMMARY_PAGES } from './accounts-layout.js';

export interface AccountsPdfCompany {
  company_number: string;
  company_name: string;
  company_category: string | null;
  accounts_category: string | null;
  address_line_1: string | null;
  address_line_2: string | null;
  post_town: string | null;
  county: string | null;
  postcode: string | null;
  sic_texts: string[];
}

export interface AccountsPdfOfficer {
  name: string;
  officer_role: string;
  appointed_on: string | null;
  resigned_on: string | null;
}

export interface AccountsPdfCharge {
  persons_entitled: string[];
  classification_description: string | null;
  created_on: string | null;
}

export interface AccountsPdfInput {
  company: AccountsPdfCompany;
  documentId: string;
  statement: FinancialStatementRow;
  /** The year before, for the comparative column (null for a first period). */
  previous: FinancialStatementRow | null;
  summary: DocumentSummaryRow | null;
  /** Directors, secretaries and members in office at some time during the period. */
  officers: AccountsPdfOfficer[];
  /** Charges outstanding at the period end (the security the notes describe). */
  charges: AccountsPdfCharge[];
  /** When the accounts were filed ('YYYY-MM-DD'): the approval date printed. */
  filedOn: string | null;
  /** The company's auditor or accountants (from its latest summary), for a document whose own summary is not stored. */
  auditor?: { name: string; audited: boolean } | null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function longDate(iso: string): string {
  return `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
}

/** "SMITH, John Andrew" (the register's form) -> "John Andrew Smith". */
function readableName(name: string): string {
  const comma = name.indexOf(', ');
  if (comma < 0) return name;
  const surname = name.slice(0, comma);
  return `${name.slice(comma + 2)} ${surname.toLowerCase().replace(/(^|[-' ])([a-z])/g, (m) => m.toUpperCase())}`;
}

const { navy: NAVY, grey: GREY, rule: RULE, margin: MARGIN, width: PAGE_WIDTH, height: PAGE_HEIGHT } = PDF_PAGE;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Content ends above this; the footer is below it. */
const CONTENT_BOTTOM = PAGE_HEIGHT - 78;

/** Lines printed in bold with a rule above: the subtotals and totals. */
const TOTALS = new Set([
  'grossProfit',
  'operatingProfit',
  'profitBeforeTax',
  'netProfitLoss',
  'fixedAssets',
  'currentAssets',
  'netCurrentAssets',
  'totalAssetsLessCurrentLiabilities',
  'netAssets',
  'totalEquity',
  'netCashFromOperating',
  'netCashFromInvesting',
  'netCashFromFinancing',
  'netChangeInCash',
  'cashAtEnd',
  'totalAssets',
  'totalLiabilities',
]);

interface Block {
  heading?: string;
  text?: string;
  bullets?: string[];
  /** Drawn by the caller at the block's place, with the height it needs. */
  table?: { height: number; draw: (y: number) => number };
}

/**
 * The narrative of an accounts document whose summary is not stored (the generator stores the
 * latest document's): composed from its figures, so that every year's PDF has its reports.
 */
export function composeNarrative(input: AccountsPdfInput): DocumentSummaryRow {
  const s = input.statement;
  const p = input.previous;
  const c = s.currency;
  const end = longDate(s.period_end);
  const turnover = s.turnover ?? 0;
  const activity = input.company.sic_texts.map((t) => t.replace(/^\d+ - /, '').toLowerCase()).join('; ') || 'its trade';
  const md = [
    p?.turnover
      ? `Turnover for the year ended ${end} ${turnover >= p.turnover ? 'increased' : 'decreased'} by ${formatPercent(Math.abs(turnover - p.turnover) / Math.abs(p.turnover))} to ${formatCompact(turnover, c)} (previous year: ${formatCompact(p.turnover, c)}).`
      : `Turnover for the year ended ${end} was ${formatCompact(turnover, c)}.`,
    (s.operating_profit ?? 0) >= 0
      ? `Operating profit was ${formatCompact(s.operating_profit ?? 0, c)}${turnover ? `, a margin of ${formatPercent((s.operating_profit ?? 0) / turnover)}` : ''}.`
      : `The company made an operating loss of ${formatCompact(-(s.operating_profit ?? 0), c)}.`,
    `Cash at the year end was ${formatCompact(s.cash ?? 0, c)} and net ${(s.net_assets ?? 0) >= 0 ? 'assets' : 'liabilities'} were ${formatCompact(Math.abs(s.net_assets ?? 0), c)}.`,
  ].join(' ');
  const page = (n: number) => [n];
  return {
    company_number: input.company.company_number,
    document_id: input.documentId,
    fiscal_year: s.fiscal_year,
    business_overview: `The principal activity of ${input.company.company_name} during the year was ${activity}.`,
    management_discussion: { value: md, pageNumbers: page(ACCOUNTS_PAGES.strategicReport) },
    risks: [
      {
        riskCategory: 'Strategic',
        riskDescription: "Competition and the wider economy affect demand for the company's services and the prices it can charge.",
        pageNumbers: page(ACCOUNTS_PAGES.principalRisks),
      },
      {
        riskCategory: 'Operational',
        riskDescription: 'Rising costs and the availability of staff and suppliers affect margins and delivery.',
        pageNumbers: page(ACCOUNTS_PAGES.principalRisks),
      },
      {
        riskCategory: 'Financial',
        riskDescription: 'The company manages liquidity by monitoring cash flow forecasts and its available facilities.',
        pageNumbers: page(ACCOUNTS_PAGES.principalRisks),
      },
    ],
    key_highlights: [
      { highlight: `Turnover of ${formatCompact(turnover, c)}`, pageNumbers: page(ACCOUNTS_PAGES.strategicReport) },
      { highlight: `Year-end cash of ${formatCompact(s.cash ?? 0, c)}`, pageNumbers: page(ACCOUNTS_PAGES.strategicReport) },
    ],
    future_outlook: [
      {
        outlookItem: 'The directors expect the company to continue trading on a similar basis in the coming year.',
        pageNumbers: page(ACCOUNTS_PAGES.principalRisks),
      },
    ],
    accounting_policies: [
      {
        policy:
          'Basis of preparation: the financial statements are prepared under the historical cost convention in accordance with UK accounting standards and the Companies Act 2006.',
        pageNumbers: page(ACCOUNTS_PAGES.accountingPolicies),
      },
      {
        policy: 'Turnover: turnover represents amounts receivable for goods and services provided, net of VAT and trade discounts.',
        pageNumbers: page(ACCOUNTS_PAGES.accountingPolicies),
      },
    ],
    auditor_name: input.auditor?.name ?? null,
    auditor_opinion: !input.auditor
      ? null
      : input.auditor.audited
        ? `Unqualified opinion: in our opinion the financial statements give a true and fair view of the state of the company's affairs as at ${end} and of its ${(s.net_profit_loss ?? 0) >= 0 ? 'profit' : 'loss'} for the year then ended.`
        : notAuditedOpinion(input.auditor.name),
  };
}

class Renderer {
  readonly doc: PDFKit.PDFDocument;
  private readonly s: FinancialStatementRow;
  private readonly p: FinancialStatementRow | null;
  private readonly symbol: string;
  private readonly yearEnd: string;
  private readonly small: boolean;
  private readonly group: boolean;
  /** Audited accounts (an auditor's opinion), as against accountants' unaudited ones. */
  private readonly audited: boolean;

  private readonly input: AccountsPdfInput;

  constructor(given: AccountsPdfInput, pdfkit: typeof PDFDocument) {
    // A document without a stored summary gets one composed from its figures.
    const input = given.summary ? given : { ...given, summary: composeNarrative(given) };
    this.input = input;
    this.s = input.statement;
    this.p = input.previous;
    this.symbol = currencySymbol(this.s.currency);
    this.yearEnd = longDate(this.s.period_end);
    const category = input.company.accounts_category ?? '';
    this.small = !['FULL', 'GROUP', 'MEDIUM'].includes(category);
    this.group = category === 'GROUP';
    this.audited = Boolean(input.summary?.auditor_name) && !isNotAudited(input.summary?.auditor_opinion);
    const created = new Date(`${input.filedOn ?? this.s.period_end}T12:00:00Z`);
    this.doc = new pdfkit({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      autoFirstPage: false,
      compress: true,
      info: {
        Title: `${input.company.company_name}: annual report and financial statements for the year ended ${this.yearEnd} (sample data)`,
        Author: 'Credence (generated sample data)',
        Subject: `Company number ${input.company.company_number}`,
        Keywords: 'sample data',
        CreationDate: created,
        ModDate: created,
      },
    });
  }

  render(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    this.cover();
    this.information();
    this.strategicReport();
    this.principalRisks();
    this.directorsReport();
    this.auditorsReport();
    this.statementPage(
      ACCOUNTS_PAGES.incomeStatement,
      this.group ? 'Consolidated income statement' : 'Income statement',
      `for the year ended ${this.yearEnd}`,
      'income_statement',
    );
    this.statementPage(
      ACCOUNTS_PAGES.balanceSheet,
      this.group ? 'Consolidated balance sheet' : 'Balance sheet',
      `as at ${this.yearEnd}`,
      'balance_sheet',
    );
    this.statementPage(
      ACCOUNTS_PAGES.cashFlowStatement,
      this.group ? 'Consolidated statement of cash flows' : 'Statement of cash flows',
      `for the year ended ${this.yearEnd}`,
      'cash_flow',
    );
    this.accountingPolicies();
    this.notes();
    this.doc.end();
    return done;
  }

  // -- page furniture -------------------------------------------------------------------------

  private page(expected: number, title: string, subtitle?: string): number {
    this.doc.addPage();
    const doc = this.doc;
    doc.font('Helvetica').fontSize(8).fillColor(GREY);
    doc.text(`${this.input.company.company_name}`, MARGIN, 30, { width: WIDTH * 0.7, lineBreak: false });
    doc.text(`Registered number ${this.input.company.company_number}`, MARGIN + WIDTH * 0.5, 30, {
      width: WIDTH * 0.5,
      align: 'right',
      lineBreak: false,
    });
    this.footer(expected);
    doc.font('Helvetica-Bold').fontSize(15).fillColor(NAVY).text(title, MARGIN, 62, { width: WIDTH });
    let y = doc.y + 2;
    if (subtitle) {
      doc.font('Helvetica').fontSize(10).fillColor(GREY).text(subtitle, MARGIN, y, { width: WIDTH });
      y = doc.y;
    }
    doc
      .moveTo(MARGIN, y + 6)
      .lineTo(MARGIN + WIDTH, y + 6)
      .lineWidth(0.7)
      .strokeColor(NAVY)
      .stroke();
    doc.fillColor('black');
    return y + 16;
  }

  private footer(page: number): void {
    const doc = this.doc;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN, PAGE_HEIGHT - 58)
      .lineTo(MARGIN + WIDTH, PAGE_HEIGHT - 58)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#a33');
    doc.text(SAMPLE_FOOTER, MARGIN, PAGE_HEIGHT - 50, { width: WIDTH * 0.78, lineBreak: false });
    doc
      .font('Helvetica')
      .fillColor(GREY)
      .text(`Page ${page} of ${ACCOUNTS_PAGE_COUNT}`, MARGIN + WIDTH * 0.78, PAGE_HEIGHT - 50, {
        width: WIDTH * 0.22,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
    doc.fillColor('black');
  }

  /** Lays out blocks from y, at the largest font size (10 down to 6.5) that fits the page. */
  private blocks(y: number, blocks: Block[]): void {
    const doc = this.doc;
    let size = 10;
    const heightAt = (s: number) => {
      let h = 0;
      for (const b of blocks) {
        if (b.heading)
          h +=
            doc
              .font('Helvetica-Bold')
              .fontSize(s + 1)
              .heightOfString(b.heading, { width: WIDTH }) + 4;
        if (b.text) h += doc.font('Helvetica').fontSize(s).heightOfString(b.text, { width: WIDTH, lineGap: 1.5 }) + 8;
        for (const bullet of b.bullets ?? [])
          h +=
            doc
              .font('Helvetica')
              .fontSize(s)
              .heightOfString(bullet, { width: WIDTH - 14, lineGap: 1 }) + 3;
        if (b.bullets) h += 6;
        if (b.table) h += b.table.height + 8;
      }
      return h;
    };
    while (size > 6.5 && y + heightAt(size) > CONTENT_BOTTOM) size -= 0.5;
    for (const b of blocks) {
      if (b.heading) {
        doc
          .font('Helvetica-Bold')
          .fontSize(size + 1)
          .fillColor(NAVY)
          .text(b.heading, MARGIN, y, { width: WIDTH });
        y = doc.y + 4;
        doc.fillColor('black');
      }
      if (b.text) {
        doc.font('Helvetica').fontSize(size).text(b.text, MARGIN, y, { width: WIDTH, lineGap: 1.5 });
        y = doc.y + 8;
      }
      for (const bullet of b.bullets ?? []) {
        doc
          .font('Helvetica')
          .fontSize(size)
          .text('•', MARGIN + 2, y, { lineBreak: false });
        doc.text(bullet, MARGIN + 14, y, { width: WIDTH - 14, lineGap: 1 });
        y = doc.y + 3;
      }
      if (b.bullets) y += 6;
      if (b.table) y = b.table.draw(y) + 8;
    }
  }

  /** A table of statement lines with this year's and last year's figures. */
  private table(
    lines: StatementLine[],
    previous: StatementLine[] | null,
    opts: { rowHeight: number; monetaryHeader: boolean },
  ): Block['table'] {
    const doc = this.doc;
    const prior = new Map((previous ?? []).map((l) => [l.key, l]));
    const thisYear = this.s.period_end.slice(0, 4);
    const lastYear = this.p ? this.p.period_end.slice(0, 4) : '';
    const labelWidth = WIDTH - 190;
    const col1 = MARGIN + labelWidth;
    const col2 = col1 + 95;
    const height = (lines.length + 2) * opts.rowHeight;
    return {
      height,
      draw: (top: number) => {
        let y = top;
        doc.font('Helvetica-Bold').fontSize(8.5).fillColor(GREY);
        doc.text(thisYear === lastYear ? this.s.period_end : thisYear, col1, y, { width: 90, align: 'right', lineBreak: false });
        if (this.p)
          doc.text(thisYear === lastYear ? this.p.period_end : lastYear, col2, y, { width: 90, align: 'right', lineBreak: false });
        y += opts.rowHeight * 0.9;
        if (opts.monetaryHeader) {
          doc.text(this.symbol, col1, y, { width: 90, align: 'right', lineBreak: false });
          if (this.p) doc.text(this.symbol, col2, y, { width: 90, align: 'right', lineBreak: false });
        }
        y += opts.rowHeight;
        doc.fillColor('black');
        for (const line of lines) {
          const total = TOTALS.has(line.key);
          if (total)
            doc
              .moveTo(col1 + 20, y - 2)
              .lineTo(col2 + 90, y - 2)
              .lineWidth(0.4)
              .strokeColor(RULE)
              .stroke();
          doc.font(total ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
          doc.text(line.label, MARGIN, y, { width: labelWidth - 8, lineBreak: false, ellipsis: true });
          doc.text(formatLineValue(line), col1, y, { width: 90, align: 'right', lineBreak: false });
          const before = prior.get(line.key);
          if (before)
            doc
              .font('Helvetica')
              .fillColor(GREY)
              .text(formatLineValue(before), col2, y, { width: 90, align: 'right', lineBreak: false })
              .fillColor('black');
          y += opts.rowHeight;
        }
        return y;
      },
    };
  }

  // -- pages ----------------------------------------------------------------------------------

  private cover(): void {
    const doc = this.doc;
    doc.addPage();
    this.footer(ACCOUNTS_PAGES.cover);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(GREY)
      .text(`Registered number: ${this.input.company.company_number}`, MARGIN, 70, { width: WIDTH, align: 'right' });
    doc
      .font('Helvetica-Bold')
      .fontSize(24)
      .fillColor(NAVY)
      .text(this.input.company.company_name, MARGIN, 250, { width: WIDTH, align: 'center' });
    doc.moveDown(0.8);
    doc
      .font('Helvetica')
      .fontSize(14)
      .fillColor('black')
      .text(this.small ? 'Report and financial statements' : 'Annual report and financial statements', { width: WIDTH, align: 'center' });
    doc.fontSize(12).text(`for the year ended ${this.yearEnd}`, { width: WIDTH, align: 'center' });
    doc.moveDown(6);
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#a33').text('SAMPLE DATA', { width: WIDTH, align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(GREY)
      .text(
        'This document was generated by Credence from sample data for demonstration. It is not a filing of this company and was not delivered to Companies House; the company, its people and its figures are invented.',
        MARGIN + 60,
        doc.y + 4,
        { width: WIDTH - 120, align: 'center' },
      );
  }

  private directors(): AccountsPdfOfficer[] {
    return this.input.officers.filter((o) => !o.officer_role.includes('secretary'));
  }

  private information(): void {
    const y = this.page(ACCOUNTS_PAGES.companyInformation, 'Company information');
    const c = this.input.company;
    const directors = this.directors().map(
      (o) => readableName(o.name) + (o.resigned_on && o.resigned_on <= this.s.period_end ? ` (resigned ${longDate(o.resigned_on)})` : ''),
    );
    const secretaries = this.input.officers.filter((o) => o.officer_role.includes('secretary')).map((o) => readableName(o.name));
    const office = [c.address_line_1, c.address_line_2, c.post_town, c.county, c.postcode].filter(Boolean).join('\n');
    const auditor = this.input.summary?.auditor_name;
    const bankers = [...new Set(this.input.charges.flatMap((ch) => ch.persons_entitled))].slice(0, 4);
    const contents = [
      [this.small ? "Directors' report" : 'Strategic report', ACCOUNTS_PAGES.strategicReport],
      ['Principal risks and uncertainties', ACCOUNTS_PAGES.principalRisks],
      ["Directors' report", ACCOUNTS_PAGES.directorsReport],
      [this.audited ? "Independent auditor's report" : 'Audit exemption statement', ACCOUNTS_PAGES.auditorsReport],
      ['Income statement', ACCOUNTS_PAGES.incomeStatement],
      ['Balance sheet', ACCOUNTS_PAGES.balanceSheet],
      ['Statement of cash flows', ACCOUNTS_PAGES.cashFlowStatement],
      ['Notes to the financial statements', ACCOUNTS_PAGES.accountingPolicies],
    ];
    this.blocks(y, [
      { heading: 'Directors', text: directors.join('\n') || 'None' },
      ...(secretaries.length ? [{ heading: 'Secretary', text: secretaries.join('\n') }] : []),
      { heading: 'Registered number', text: c.company_number },
      { heading: 'Registered office', text: office || '-' },
      { heading: 'Principal activity', text: c.sic_texts.join('\n') || '-' },
      {
        heading: auditor ? (this.audited ? 'Independent auditor' : 'Accountants') : 'Audit',
        text: auditor ? `${auditor}\n${this.audited ? 'Statutory Auditor' : 'Chartered Accountants'}` : 'The company is exempt from audit.',
      },
      ...(bankers.length ? [{ heading: 'Bankers and secured lenders', text: bankers.join('\n') }] : []),
      { heading: 'Contents', text: contents.map(([name, page]) => `${name} .... page ${page}`).join('\n') },
    ]);
  }

  private strategicReport(): void {
    const y = this.page(
      ACCOUNTS_PAGES.strategicReport,
      this.small ? "Directors' report" : 'Strategic report',
      `for the year ended ${this.yearEnd}`,
    );
    const summary = this.input.summary;
    const kpis = this.s.key_financials ?? [];
    const monetary = kpis.some((l) => l.currency);
    this.blocks(y, [
      {
        heading: 'Business overview',
        text: summary?.business_overview ?? 'The directors present their review of the business for the year.',
      },
      { heading: 'Fair review of the business', text: summary?.management_discussion?.value ?? '' },
      {
        heading: 'Key performance indicators',
        table: this.table(kpis, this.p?.key_financials ?? null, { rowHeight: 13, monetaryHeader: monetary }),
      },
      { heading: 'Highlights of the year', bullets: (summary?.key_highlights ?? []).map((h) => h.highlight) },
    ]);
  }

  private principalRisks(): void {
    const y = this.page(
      ACCOUNTS_PAGES.principalRisks,
      'Principal risks and uncertainties',
      `${this.small ? "Directors' report" : 'Strategic report'} (continued)`,
    );
    const summary = this.input.summary;
    const risks: Block[] = (summary?.risks ?? []).map((r) => ({ heading: `${r.riskCategory} risk`, text: r.riskDescription }));
    this.blocks(y, [
      {
        text: 'The directors consider the following to be the principal risks and uncertainties facing the company, and manage them as described.',
      },
      ...risks,
      { heading: 'Future developments', bullets: (summary?.future_outlook ?? []).map((o) => o.outlookItem) },
    ]);
  }

  private directorsReport(): void {
    const y = this.page(ACCOUNTS_PAGES.directorsReport, "Directors' report", `for the year ended ${this.yearEnd}`);
    const directors = this.directors();
    const start = this.s.period_start ?? this.s.period_end;
    const changes = directors
      .map((o) => {
        const name = readableName(o.name);
        if (o.appointed_on && o.appointed_on >= start && o.appointed_on <= this.s.period_end)
          return `${name} (appointed ${longDate(o.appointed_on)})`;
        if (o.resigned_on && o.resigned_on >= start && o.resigned_on <= this.s.period_end)
          return `${name} (resigned ${longDate(o.resigned_on)})`;
        return name;
      })
      .slice(0, 16);
    const dividends = (this.s.cash_flow ?? []).find((l) => l.key === 'dividendsPaid');
    const signer = directors.find((o) => !o.resigned_on || o.resigned_on > this.s.period_end);
    const approved = this.input.filedOn ? longDate(this.input.filedOn) : this.yearEnd;
    this.blocks(y, [
      { text: `The directors present their report and the financial statements of the company for the year ended ${this.yearEnd}.` },
      {
        heading: 'Principal activity',
        text: `The principal activity of the company is ${this.input.company.sic_texts.map((t) => t.replace(/^\d+ - /, '').toLowerCase()).join('; ') || 'as described in the strategic report'}.`,
      },
      { heading: 'Directors', text: `The directors who served during the year were:\n${changes.join('\n') || 'None'}` },
      {
        heading: 'Dividends',
        text: dividends?.value
          ? `Dividends of ${this.symbol}${groupThousands(Math.abs(dividends.value))} were paid during the year.`
          : 'The directors do not recommend the payment of a dividend for the year.',
      },
      {
        heading: 'Going concern',
        text: "The directors have assessed the company's ability to continue as a going concern; see note 1 to the financial statements.",
      },
      ...(this.audited
        ? [
            {
              heading: 'Disclosure of information to the auditor',
              text: "So far as each director is aware, there is no relevant audit information of which the company's auditor is unaware.",
            },
          ]
        : []),
      {
        text: `This report was approved by the board on ${approved} and signed on its behalf by ${signer ? readableName(signer.name) : 'the directors'}, Director.`,
      },
    ]);
  }

  private auditorsReport(): void {
    const summary = this.input.summary;
    const company = this.input.company.company_name;
    if (summary?.auditor_name && this.audited) {
      const y = this.page(ACCOUNTS_PAGES.auditorsReport, `Independent auditor's report to the members of ${company}`);
      this.blocks(y, [
        { heading: 'Opinion', text: summary.auditor_opinion ?? '' },
        {
          text: `We have audited the financial statements of ${company} for the year ended ${this.yearEnd}, which comprise the income statement, the balance sheet, the statement of cash flows and the related notes, including a summary of significant accounting policies.`,
        },
        {
          heading: 'Basis for opinion',
          text: 'We conducted our audit in accordance with International Standards on Auditing (UK) and applicable law. We are independent of the company in accordance with the ethical requirements relevant to our audit, and we believe the audit evidence we have obtained is sufficient and appropriate to provide a basis for our opinion.',
        },
        {
          heading: 'Responsibilities of directors',
          text: 'The directors are responsible for the preparation of financial statements that give a true and fair view, and for such internal control as they determine is necessary.',
        },
        {
          heading: 'Auditor',
          text: `${summary.auditor_name}\nStatutory Auditor${this.input.filedOn ? `\n${longDate(this.input.filedOn)}` : ''}`,
        },
      ]);
    } else {
      const y = this.page(ACCOUNTS_PAGES.auditorsReport, 'Audit exemption statement');
      this.blocks(y, [
        {
          text: `For the year ended ${this.yearEnd} the company was entitled to exemption from audit under section 477 of the Companies Act 2006 relating to small companies.`,
        },
        {
          text: 'The members have not required the company to obtain an audit of its accounts for the year in question in accordance with section 476.',
        },
        {
          text: 'The directors acknowledge their responsibilities for complying with the requirements of the Act with respect to accounting records and the preparation of accounts.',
        },
        {
          text: 'These accounts have been prepared in accordance with the provisions applicable to companies subject to the small companies regime.',
        },
        ...(summary?.auditor_name
          ? [
              { heading: "Accountants' report", text: summary.auditor_opinion ?? '' },
              {
                heading: 'Accountants',
                text: `${summary.auditor_name}\nChartered Accountants${this.input.filedOn ? `\n${longDate(this.input.filedOn)}` : ''}`,
              },
            ]
          : []),
      ]);
    }
  }

  private statementPage(page: number, title: string, subtitle: string, key: 'income_statement' | 'balance_sheet' | 'cash_flow'): void {
    const y = this.page(page, title, subtitle);
    const lines = this.s[key] ?? [];
    const blocks: Block[] = [{ table: this.table(lines, this.p?.[key] ?? null, { rowHeight: 16, monetaryHeader: true }) }];
    if (key === 'balance_sheet') {
      const approved = this.input.filedOn ? longDate(this.input.filedOn) : this.yearEnd;
      blocks.push({
        text:
          `The financial statements were approved and authorised for issue by the board of directors on ${approved}. ` +
          `Company registration number ${this.input.company.company_number}. The notes on pages ${ACCOUNTS_PAGES.accountingPolicies} to ${ACCOUNTS_PAGES.notes} form part of these financial statements.`,
      });
    }
    if (key === 'income_statement')
      blocks.push({ text: 'All amounts relate to continuing operations. There were no items of other comprehensive income.' });
    this.blocks(y, blocks);
  }

  private accountingPolicies(): void {
    const y = this.page(ACCOUNTS_PAGES.accountingPolicies, 'Notes to the financial statements', `for the year ended ${this.yearEnd}`);
    const policies = this.input.summary?.accounting_policies ?? [];
    this.blocks(y, [
      {
        heading: '1. Accounting policies',
        text: `${this.input.company.company_name} is a company registered in the United Kingdom (registered number ${this.input.company.company_number}). The principal accounting policies are set out below.`,
      },
      ...policies.map((p) => ({ text: p.policy })),
    ]);
  }

  private notes(): void {
    const y = this.page(ACCOUNTS_PAGES.notes, 'Notes to the financial statements (continued)');
    const s = this.s;
    const line = (key: string) => [...(s.balance_sheet ?? []), ...(s.income_statement ?? [])].find((l) => l.key === key);
    const employees = s.employees ?? 0;
    const prior = this.p?.employees;
    const lenders = [...new Set(this.input.charges.flatMap((c) => c.persons_entitled))];
    const shareCapital = line('shareCapital');
    const blocks: Block[] = [
      {
        heading: '2. Employees',
        text: `Average number of employees: ${groupThousands(employees)}${prior !== null && prior !== undefined ? ` (previous year: ${groupThousands(prior)})` : ''}. This is the average monthly number of persons, including directors, employed by the company during the year.`,
      },
    ];
    const tangible = line('tangibleAssets') ?? line('fixedAssets');
    if (tangible)
      blocks.push({
        heading: '3. Fixed assets',
        text: `The net book value of fixed assets at ${this.yearEnd} was ${this.symbol}${formatAmount(tangible.value)}.`,
      });
    const within = line('creditorsWithinOneYear');
    blocks.push({
      heading: '4. Creditors and security',
      text:
        (within ? `Creditors falling due within one year amount to ${this.symbol}${formatAmount(Math.abs(within.value ?? 0))}. ` : '') +
        (lenders.length
          ? `Bank borrowings are secured by ${this.input.charges.length === 1 ? 'a charge' : `${this.input.charges.length} charges`} registered at Companies House in favour of ${lenders.join(', ')}.`
          : "No charges over the company's assets were outstanding at the year end."),
    });
    if (shareCapital)
      blocks.push({
        heading: '5. Called up share capital',
        text: `Allotted, called up and fully paid: ${this.symbol}${formatAmount(shareCapital.value)}.`,
      });
    blocks.push({
      heading: `${shareCapital ? 6 : 5}. Post balance sheet events`,
      text: 'There have been no significant events affecting the company since the year end.',
    });
    this.blocks(y, blocks);
  }
}

/** Renders the accounts PDF of one sample company's year (about 10-20 ms). */
export async function renderAccountsPdf(input: AccountsPdfInput): Promise<Buffer> {
  // pdfkit loads with the first sample PDF, never at the API's start (about 220 ms of CPU)
  const { default: pdfkit } = await import('pdfkit');
  return new Renderer(input, pdfkit).render();
}

type Queryable = Pick<DataSource | EntityManager, 'query'>;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function statementFrom(row: Record<string, unknown>): FinancialStatementRow {
  return {
    company_number: row.company_number as string,
    period_end: row.period_end as string,
    period_start: (row.period_start as string | null) ?? null,
    fiscal_year: Number(row.fiscal_year),
    currency: row.currency as string,
    document_id: (row.document_id as string | null) ?? null,
    source: row.source as string,
    turnover: num(row.turnover),
    operating_profit: num(row.operating_profit),
    net_profit_loss: num(row.net_profit_loss),
    ebitda: num(row.ebitda),
    total_assets: num(row.total_assets),
    total_liabilities: num(row.total_liabilities),
    net_assets: num(row.net_assets),
    cash: num(row.cash),
    employees: num(row.employees),
    earnings_per_share: num(row.earnings_per_share),
    debt_to_equity_ratio: num(row.debt_to_equity_ratio),
    page_numbers: (row.page_numbers as Record<string, number>) ?? {},
    terms: (row.terms as Record<string, string>) ?? {},
    balance_sheet: (row.balance_sheet as StatementLine[]) ?? [],
    income_statement: (row.income_statement as StatementLine[]) ?? [],
    cash_flow: (row.cash_flow as StatementLine[]) ?? [],
    key_financials: (row.key_financials as StatementLine[]) ?? [],
  };
}

const STATEMENT_COLUMNS = `company_number, period_end::text AS period_end, period_start::text AS period_start, fiscal_year, currency, document_id, source,
  turnover, operating_profit, net_profit_loss, ebitda, total_assets, total_liabilities, net_assets, cash, employees, earnings_per_share,
  debt_to_equity_ratio, page_numbers, terms, balance_sheet, income_statement, cash_flow, key_financials`;

/**
 * What renderAccountsPdf needs for a sample company's accounts document, read from the database;
 * null when the company has no sample financial statement with that document id (imported
 * accounts are documents of their own, never rendered).
 */
export async function accountsPdfInputFor(db: Queryable, companyNumber: string, documentId: string): Promise<AccountsPdfInput | null> {
  const [statementRow] = await db.query(
    `SELECT ${STATEMENT_COLUMNS} FROM financial_statements WHERE company_number = $1 AND document_id = $2 AND source = 'sample'`,
    [companyNumber, documentId],
  );
  if (!statementRow) return null;
  const statement = statementFrom(statementRow);
  const [company] = await db.query(
    `SELECT company_number, company_name, company_category, accounts_category, address_line_1, address_line_2, post_town, county, postcode, sic_texts
       FROM companies WHERE company_number = $1`,
    [companyNumber],
  );
  if (!company) return null;
  const [previousRow] = await db.query(
    `SELECT ${STATEMENT_COLUMNS} FROM financial_statements WHERE company_number = $1 AND period_end < $2 ORDER BY period_end DESC LIMIT 1`,
    [companyNumber, statement.period_end],
  );
  const [summary] = await db.query(
    `SELECT company_number, document_id, fiscal_year, business_overview, management_discussion, risks, key_highlights, future_outlook, accounting_policies, auditor_name, auditor_opinion
       FROM document_summaries WHERE company_number = $1 AND document_id = $2`,
    [companyNumber, documentId],
  );
  const start = statement.period_start ?? statement.period_end;
  const officers = await db.query(
    `SELECT name, officer_role, appointed_on::text AS appointed_on, resigned_on::text AS resigned_on FROM officers
      WHERE company_number = $1 AND (appointed_on IS NULL OR appointed_on <= $2) AND (resigned_on IS NULL OR resigned_on >= $3)
      ORDER BY appointed_on NULLS FIRST, name`,
    [companyNumber, statement.period_end, start],
  );
  const charges = await db.query(
    `SELECT persons_entitled, classification_description, created_on::text AS created_on FROM charges
      WHERE company_number = $1 AND created_on <= $2 AND (satisfied_on IS NULL OR satisfied_on > $2)
      ORDER BY created_on, charge_number`,
    [companyNumber, statement.period_end],
  );
  const [filing] = await db.query(`SELECT date::text AS date FROM filings WHERE company_number = $1 AND document_id = $2 LIMIT 1`, [
    companyNumber,
    documentId,
  ]);
  const [latest] = summary
    ? []
    : await db.query(
        `SELECT auditor_name, auditor_opinion FROM document_summaries WHERE company_number = $1 AND auditor_name IS NOT NULL ORDER BY fiscal_year DESC LIMIT 1`,
        [companyNumber],
      );
  return {
    company: { ...company, sic_texts: company.sic_texts ?? [] },
    documentId,
    statement,
    previous: previousRow ? statementFrom(previousRow) : null,
    summary: summary ?? null,
    officers,
    charges,
    filedOn: filing?.date ?? null,
    auditor: latest ? { name: latest.auditor_name, audited: !isNotAudited(latest.auditor_opinion) } : null,
  };
}
