/**
 * The document of a sample company's filing other than rendered accounts (confirmation
 * statements, appointments, PSC notices, share allotments, charges, resolutions, dormant
 * accounts...), rendered on request like the accounts (never stored) with pdfkit's built-in
 * Helvetica, the same bytes every time for the same filing: the form, its description in the
 * register's words, its dates and particulars, on as many pages as the filing list says it has.
 * Every page says it is sample data.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { describeFiling, longDate } from '@credence/shared';
import { PDF_PAGE, SAMPLE_FOOTER } from './accounts-layout.js';

export interface FilingPdfInput {
  company: { company_number: string; company_name: string };
  filing: {
    transaction_id: string;
    document_id: string;
    category: string;
    type: string;
    date: string | null;
    action_date: string | null;
    description: string;
    description_values: Record<string, unknown>;
    pages: number | null;
    barcode: string | null;
  };
}

const { navy: NAVY, grey: GREY, margin: MARGIN, width: PAGE_WIDTH, height: PAGE_HEIGHT } = PDF_PAGE;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** A filing list may say a form runs to many pages; the document stops at this many. */
const MAX_PAGES = 12;

/** Particulars worth printing: scalar values, in words, keyed by a readable label. */
function particulars(values: Record<string, unknown>): [string, string][] {
  const rows: [string, string][] = [];
  for (const [key, value] of Object.entries(values)) {
    if (key === 'description' || value === null || value === undefined || value === '') continue;
    const label = key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      rows.push([label, /date$/.test(key) ? longDate(String(value)) : String(value)]);
    else if (Array.isArray(value))
      for (const item of value)
        if (item && typeof item === 'object')
          rows.push([
            label,
            Object.values(item as Record<string, unknown>)
              .filter((v) => typeof v === 'string' || typeof v === 'number')
              .join(' '),
          ]);
  }
  return rows;
}

export async function renderFilingPdf(input: FilingPdfInput): Promise<Buffer> {
  // pdfkit loads with the first sample PDF, never at the API's start (about 220 ms of CPU)
  const { default: PDFDocument } = await import('pdfkit');
  const { company, filing } = input;
  const created = new Date(`${filing.date ?? '2000-01-01'}T12:00:00Z`);
  const title = describeFiling(filing.description, filing.description_values);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    autoFirstPage: false,
    compress: true,
    info: {
      Title: `${company.company_name}: ${filing.type} ${title} (sample data)`,
      Author: 'Credence (generated sample data)',
      Subject: `Company number ${company.company_number}`,
      Keywords: 'sample data',
      CreationDate: created,
      ModDate: created,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pages = Math.min(MAX_PAGES, Math.max(1, filing.pages ?? 1));
  const footer = (page: number) => {
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#a33');
    doc.text(SAMPLE_FOOTER, MARGIN, PAGE_HEIGHT - 50, { width: WIDTH * 0.78, lineBreak: false });
    doc
      .font('Helvetica')
      .fillColor(GREY)
      .text(`Page ${page} of ${pages}`, MARGIN + WIDTH * 0.78, PAGE_HEIGHT - 50, { width: WIDTH * 0.22, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  };

  doc.addPage();
  footer(1);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(GREY)
    .text(`Company number ${company.company_number}`, MARGIN, 60, { width: WIDTH, align: 'right' });
  doc.font('Helvetica-Bold').fontSize(28).fillColor(NAVY).text(filing.type, MARGIN, 90);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(GREY)
    .text(filing.category.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()));
  doc.moveDown(1.2);
  doc.font('Helvetica-Bold').fontSize(16).fillColor('black').text(company.company_name, { width: WIDTH });
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(12).text(title, { width: WIDTH });
  doc.moveDown(1.2);
  const facts: [string, string][] = [
    ['Received for filing', filing.date ? longDate(filing.date) : '-'],
    ...(filing.action_date && filing.action_date !== filing.date
      ? ([['Date of the event', longDate(filing.action_date)]] as [string, string][])
      : []),
    ['Transaction id', filing.transaction_id],
    ...(filing.barcode ? ([['Barcode', filing.barcode]] as [string, string][]) : []),
    ...particulars(filing.description_values),
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(GREY).text(label, MARGIN, y, { width: 160 });
    doc
      .font('Helvetica')
      .fillColor('black')
      .text(value, MARGIN + 170, y, { width: WIDTH - 170 });
    doc.moveDown(0.4);
  }
  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#a33').text('SAMPLE DATA', MARGIN, doc.y, { width: WIDTH, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text(
      'This document was generated by Credence from sample data for demonstration. It is not a filing of this company and was not delivered to Companies House; the company, its people and its particulars are invented.',
      MARGIN + 60,
      doc.y + 4,
      { width: WIDTH - 120, align: 'center' },
    );
  for (let page = 2; page <= pages; page++) {
    doc.addPage();
    footer(page);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(GREY)
      .text(`${company.company_name} · ${company.company_number} · ${filing.type} (continued)`, MARGIN, 60, { width: WIDTH });
  }
  doc.end();
  return done;
}

type Queryable = Pick<DataSource | EntityManager, 'query'>;

/** What renderFilingPdf needs for a sample company's filing with that document id; null when there is none. */
export async function filingPdfInputFor(db: Queryable, companyNumber: string, documentId: string): Promise<FilingPdfInput | null> {
  const [row] = await db.query(
    `SELECT c.company_number, c.company_name, f.transaction_id, f.document_id, f.category, f.type, f.date::text AS date,
            f.action_date::text AS action_date, f.description, f.description_values, f.pages, f.barcode
       FROM filings f JOIN companies c ON c.company_number = f.company_number
      WHERE f.company_number = $1 AND f.document_id = $2 AND c.source = 'sample'`,
    [companyNumber, documentId],
  );
  if (!row) return null;
  const { company_number, company_name, ...filing } = row as FilingPdfInput['filing'] & FilingPdfInput['company'];
  return { company: { company_number, company_name }, filing: { ...filing, description_values: filing.description_values ?? {} } };
}
