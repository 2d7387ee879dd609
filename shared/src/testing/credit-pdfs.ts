/**
 * The small credit documents the web and terminal restructuring tests upload (a facility
 * agreement and a notes memorandum of Meridian Foods, known words on known pages), rendered by
 * the pdfkit the caller passes in (shared does not depend on it), and the statement table the
 * API and web document tests draw in their annual reports. Node only: exported as
 * `@credence/shared/credit-pdfs`, never from the package's main entry.
 */

interface PdfDoc {
  on(event: string, listener: (chunk?: Buffer) => void): unknown;
  addPage(): PdfDoc;
  fontSize(size: number): PdfDoc;
  text(text: string, options: { width: number }): PdfDoc;
  moveDown(lines?: number): PdfDoc;
  end(): void;
}

/** pdfkit's PDFDocument (or anything constructed the same way). */
export type PdfKit = new (options: { size: string; margin: number; autoFirstPage: boolean }) => unknown;

/** A PDF with a page per list of paragraphs (10 pt, A4). */
export function renderPdf(PDFDocument: PdfKit, pages: readonly (readonly string[])[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, autoFirstPage: false }) as PdfDoc;
  const chunks: Buffer[] = [];
  doc.on('data', (chunk) => chunks.push(chunk!));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const page of pages) {
    doc.addPage().fontSize(10);
    for (const p of page) doc.text(p, { width: 495 }).moveDown(0.6);
  }
  doc.end();
  return done;
}

/** The pdfkit calls statementTable makes. */
interface TableDoc {
  font(name: string): unknown;
  fontSize(size: number): unknown;
  text(text: string, x: number, y: number, options?: { width: number; align?: 'right'; lineBreak?: boolean }): unknown;
}

/**
 * A financial statement on the current page: its title, the unit note, then a label column and a
 * column per year, each row on one baseline (so the PDF's text reads a row as one line).
 */
export function statementTable(
  doc: TableDoc,
  title: string,
  unitNote: string,
  years: readonly string[],
  rows: readonly (readonly [string, ...string[]])[],
): void {
  doc.font('Helvetica-Bold');
  doc.fontSize(13);
  doc.text(title, 50, 80);
  doc.font('Helvetica');
  doc.fontSize(9);
  doc.text(unitNote, 50, 100);
  let y = 130;
  doc.font('Helvetica-Bold');
  doc.fontSize(10);
  years.forEach((year, i) => doc.text(year, 330 + i * 80, y, { width: 70, align: 'right', lineBreak: false }));
  doc.font('Helvetica');
  for (const [label, ...values] of rows) {
    y += 20;
    doc.text(label, 50, y, { width: 270, lineBreak: false });
    values.forEach((value, i) => doc.text(value, 330 + i * 80, y, { width: 70, align: 'right', lineBreak: false }));
  }
}

/** What each document says, page by page (1-based in the comments). */
export const MERIDIAN = {
  agreement: {
    file: 'facility-agreement.pdf',
    pages: [
      // page 1: the parties
      ['FACILITY AGREEMENT', 'for MERIDIAN FOODS LIMITED as the Borrower', 'with ALPINE LOAN AGENCY LIMITED as Agent'],
      // page 2: the facility and its amount
      [
        'The Lenders make available to the Borrower a sterling term loan facility (the "Term Facility") in an aggregate amount equal to GBP 120,000,000.',
      ],
      // page 3: margin and termination date
      ['Margin: 3.75 per cent. per annum.', 'Termination Date: 30 June 2030.'],
    ],
  },
  notes: {
    file: 'notes.pdf',
    pages: [
      ['GBP 200,000,000 6.5% Senior Notes due 2031', 'issued by Meridian Foods Finance plc (the "Issuer")'],
      ['The Notes will bear interest at a rate of 6.5% per annum.', 'The Notes will mature on 1 April 2031.'],
    ],
  },
} as const;
