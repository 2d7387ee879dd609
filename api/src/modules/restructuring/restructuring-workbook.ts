/**
 * The restructuring table as an xlsx workbook (spec 3 sections 5 and 9): sheet "Table" with the
 * columns and a row per instrument, each cited cell carrying its source ("file.pdf, page 3") as a
 * note; sheet "Observations" with each observation's title and details.
 */
import {
  cellSource,
  cellText,
  RESTRUCTURING_CONSTANTS,
  type RestructuringCell,
  type RestructuringObservation,
  type RestructuringTable,
} from '@credence/shared';
import { escapeFormula } from '../../core/export/index.js';
import { newWorkbook } from '../../core/export/xlsx.js';

const SHEETS = RESTRUCTURING_CONSTANTS.exportSheets;
const TEXT_MAX = 32_000;

function text(value: string): string {
  return escapeFormula(value.slice(0, TEXT_MAX));
}

export async function restructuringWorkbook(table: RestructuringTable, observations: readonly RestructuringObservation[]): Promise<Buffer> {
  const book = await newWorkbook();
  const sheet = book.addWorksheet(SHEETS.table, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((c) => ({ header: text(c), width: Math.min(60, Math.max(18, c.length + 4)) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    const added = sheet.addRow(table.columns.map((c) => text(cellText(row[c] as RestructuringCell | string | undefined))));
    added.alignment = { wrapText: true, vertical: 'top' };
    table.columns.forEach((c, i) => {
      const source = cellSource(row[c] as RestructuringCell | string | undefined);
      if (source) added.getCell(i + 1).note = source;
    });
  }
  const notes = book.addWorksheet(SHEETS.observations);
  notes.columns = [
    { header: 'Title', width: 32 },
    { header: 'Details', width: 100 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const o of observations)
    notes.addRow([text(String(o.title ?? '')), text(String(o.details ?? ''))]).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await book.xlsx.writeBuffer());
}
