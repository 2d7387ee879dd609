import PDFDocument from 'pdfkit';

/**
 * A one-page statement of operations (net sales by year) and a page of text, made with pdfkit;
 * `secondPage` replaces the default second page's sentence (e.g. an instruction a third party planted).
 */
export function statementPdf(company: string, sales: [string, string], secondPage?: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(13).text(`${company} CONSOLIDATED STATEMENTS OF OPERATIONS`, 50, 80);
  doc.font('Helvetica').fontSize(9).text('(In millions of U.S. dollars)', 50, 100);
  doc.fontSize(10);
  ['2019', '2018'].forEach((y, i) => doc.text(y, 330 + i * 80, 130, { width: 70, align: 'right', lineBreak: false }));
  doc.text('Net sales', 50, 150, { lineBreak: false });
  sales.forEach((v, i) => doc.text(v, 330 + i * 80, 150, { width: 70, align: 'right', lineBreak: false }));
  doc.addPage();
  doc.text(secondPage ?? `${company} sells devices through retail stores and online.`, 50, 80);
  doc.end();
  return done;
}
