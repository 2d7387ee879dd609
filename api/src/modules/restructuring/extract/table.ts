/**
 * The restructuring table without a model: a row per instrument or facility the documents define,
 * a column per chosen field, each cell the documents' words cited to their page (or "Not found in
 * the documents"), and observations that say what was found and what was not.
 */
import {
  RESTRUCTURING_TEXTS,
  type RestructuringCell,
  type RestructuringObservation,
  type RestructuringRow,
  type RestructuringTable,
} from '@credence/shared';
import type { StoredPage } from '../../../platform/ai/evidence/document-pages.js';
import { debtTableInstruments, listedInTable } from './debt-table.js';
import { fieldKind, readField, type FieldKind, type FieldValue } from './fields.js';
import { findInstruments, type Instrument } from './instruments.js';
import { dateValue } from './patterns.js';
import { textUnits, type TextUnit } from './units.js';

const CELL_MAX = 600;
const ROW_FIELDS = new Set<FieldKind>(['amount', 'margin', 'maturity']);

export interface ExtractedTable {
  table: RestructuringTable;
  observations: RestructuringObservation[];
}

function cell(found: FieldValue | null): RestructuringCell {
  if (!found) return { text: RESTRUCTURING_TEXTS.notFound, pdf_file_name: null, pageNumber: null };
  const text = found.text.length > CELL_MAX ? `${found.text.slice(0, CELL_MAX - 1).trimEnd()}…` : found.text;
  return {
    text,
    pdf_file_name: found.unit.fileName,
    pageNumber: found.unit.page,
    document_id: found.unit.documentId,
    quote: found.unit.text.slice(0, CELL_MAX),
  };
}

function byDocument(pages: readonly StoredPage[]): Map<string, StoredPage[]> {
  const docs = new Map<string, StoredPage[]>();
  for (const page of pages) docs.set(page.documentId, [...(docs.get(page.documentId) ?? []), page]);
  return docs;
}

/** Reads the table from the pages of the workspace's documents (in upload order). */
export function extractTable(pages: readonly StoredPage[], columns: readonly string[], title: string): ExtractedTable {
  const rows: RestructuringRow[] = [];
  const found: { instrument: Instrument; row: RestructuringRow }[] = [];
  const empty: string[] = [];
  const files = new Set<string>();
  for (const docPages of byDocument(pages).values()) {
    const units: TextUnit[] = textUnits(docPages);
    // a filing's debt note lists its instruments in a table; the text names the rest (facilities, term sheets)
    const tabled = debtTableInstruments(docPages);
    const instruments = [...tabled.map((t) => t.instrument), ...findInstruments(units).filter((i) => !listedInTable(i, tabled))];
    files.add(docPages[0]!.fileName);
    if (!instruments.length) empty.push(docPages[0]!.fileName);
    for (const instrument of instruments) {
      const others = instruments.filter((i) => i !== instrument);
      const own = tabled.find((t) => t.instrument === instrument);
      const row: RestructuringRow = {};
      for (const column of columns) {
        const kind = fieldKind(column);
        // a table row's own terms come from its row only: another row's figure is never borrowed
        row[column] = cell(
          own && ROW_FIELDS.has(kind) ? (own.fields[kind] ?? null) : readField(units, instrument, others, column, tabled.length > 0),
        );
      }
      rows.push(row);
      found.push({ instrument, row });
    }
  }
  // the loans first, then the notes and bonds (each in the order of their documents)
  found.sort((a, b) => (a.instrument.kind === b.instrument.kind ? 0 : a.instrument.kind === 'facility' ? -1 : 1));
  rows.splice(0, rows.length, ...found.map((f) => f.row));
  return { table: { table_title: title, columns: [...columns], rows }, observations: observe(found, columns, files.size, empty) };
}

function observe(
  found: { instrument: Instrument; row: RestructuringRow }[],
  columns: readonly string[],
  documents: number,
  empty: string[],
): RestructuringObservation[] {
  const out: RestructuringObservation[] = [];
  const amountColumn = columns.find((c) => fieldKind(c) === 'amount');
  const maturityColumn = columns.find((c) => fieldKind(c) === 'maturity');
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  out.push({
    title: 'Instruments found',
    details: found.length
      ? `${plural(found.length, 'instrument')} across ${plural(documents, 'document')}: ` +
        found
          .map(({ instrument, row }) => {
            const amount = amountColumn && row[amountColumn]?.pageNumber ? `${row[amountColumn]!.text}, ` : '';
            return `${instrument.name} (${amount}${instrument.fileName})`;
          })
          .join('; ') +
        '.'
      : `No instrument or facility is named in the ${plural(documents, 'document')} of this workspace.`,
  });
  if (maturityColumn) {
    const dated = found
      .map(({ instrument, row }) => ({ name: instrument.name, text: row[maturityColumn]!.text, at: dateValue(row[maturityColumn]!.text) }))
      .filter((d): d is { name: string; text: string; at: number } => d.at !== null)
      .sort((a, b) => a.at - b.at);
    if (dated.length)
      out.push({
        title: 'Maturity profile',
        details: dated.map((d) => `${d.name}: ${d.text}`).join('; ') + `. ${dated[0]!.name} matures first.`,
      });
  }
  const missing = found.flatMap(({ instrument, row }) =>
    columns.filter((c) => !row[c]?.pageNumber).map((c) => `${c} of ${instrument.name}`),
  );
  out.push({
    title: 'Not stated in the documents',
    details: missing.length ? `${missing.join('; ')}.` : 'Every column was found in the documents, each cell cited to its page.',
  });
  if (empty.length)
    out.push({ title: 'Documents without an instrument', details: `${empty.join(', ')}: no facility, loan, notes or bonds named.` });
  return out;
}
