/**
 * Filing-like PDFs for the document retrieval evaluation (issue 15): a 10-K, a 10-Q, an earnings
 * release and an 8-K, each laid out as filings are (running headers and footers on every page, a
 * table of contents naming every statement, statements with multi-year and three/nine-month
 * columns, MD&A prose with figures in sentences, notes mixing prose and tables, a two-column
 * page), made with pdfkit. The questions (filing-questions.ts) know which page holds each answer.
 */
import PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;
export type Row = [string, ...string[]];

export function renderPdf(draw: (doc: Doc) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, autoFirstPage: false, info: { CreationDate: new Date(Date.UTC(2026, 0, 1)) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc);
  doc.end();
  return done;
}

/** A page with the running header and footer filings print. */
export function page(doc: Doc, company: string, form: string, n: number): void {
  doc.addPage();
  doc.font('Helvetica').fontSize(8).text(`${company} | ${form}`, 50, 30, { lineBreak: false });
  doc.text(String(n), 300, 750, { lineBreak: false });
}

export function heading(doc: Doc, text: string, y = 60): void {
  doc.font('Helvetica-Bold').fontSize(12).text(text, 50, y, { width: 510 });
}

export function paragraphs(doc: Doc, texts: string[], y = 90): void {
  doc.font('Helvetica').fontSize(10);
  doc.text('', 50, y);
  for (const t of texts) doc.text(t, { width: 510 }).moveDown(0.6);
}

/** Two columns of prose (as newsletters, some releases and risk sections print them). */
export function twoColumns(doc: Doc, left: string[], right: string[], y = 90): void {
  doc.font('Helvetica').fontSize(10);
  doc.text('', 50, y);
  for (const t of left) doc.text(t, { width: 240 }).moveDown(0.6);
  doc.text('', 320, y);
  for (const t of right) doc.text(t, 320, undefined, { width: 240 }).moveDown(0.6);
}

/**
 * A statement: title, unit note, the period header (one or two lines), then rows with the label
 * left and one right-aligned column per period; `$` signs printed apart as EDGAR renders them.
 */
export function statement(
  doc: Doc,
  o: { title: string; unit?: string; over?: string; periods: string[]; rows: Row[]; y?: number; dollars?: boolean },
): void {
  let y = o.y ?? 60;
  doc.font('Helvetica-Bold').fontSize(11).text(o.title, 50, y, { width: 510 });
  y += 16;
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(o.unit ?? '(In millions, except per share amounts)', 50, y);
  y += 18;
  const width = Math.min(80, 300 / o.periods.length);
  const x = (i: number) => 560 - (o.periods.length - i) * width;
  doc.font('Helvetica-Bold').fontSize(9);
  if (o.over) {
    doc.text(o.over, x(0), y, { width: width * o.periods.length, align: 'center', lineBreak: false });
    y += 13;
  }
  o.periods.forEach((p, i) => doc.text(p, x(i), y, { width: width - 6, align: 'right', lineBreak: false }));
  doc.font('Helvetica').fontSize(9);
  o.rows.forEach(([label, ...values], r) => {
    y += 14;
    doc.text(label, 50, y, { width: 560 - o.periods.length * width - 60, lineBreak: false });
    values.forEach((v, i) => {
      if (o.dollars && (r === 0 || /^total/i.test(label)) && v) doc.text('$', x(i) + 4, y, { lineBreak: false });
      doc.text(v, x(i), y, { width: width - 6, align: 'right', lineBreak: false });
    });
  });
}

/** A table of contents: every item and statement with its page number, as 10-Ks open. */
export function contents(doc: Doc, entries: [string, number][]): void {
  heading(doc, 'TABLE OF CONTENTS');
  doc.font('Helvetica').fontSize(10);
  entries.forEach(([name, n], i) => {
    doc.text(name, 60, 90 + i * 16, { width: 400, lineBreak: false });
    doc.text(String(n), 500, 90 + i * 16, { width: 40, align: 'right', lineBreak: false });
  });
}
