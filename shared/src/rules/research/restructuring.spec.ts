import { describe, it } from 'node:test';
import { expect } from 'expect';
import { DEFAULT_RESTRUCTURING_COLUMNS, RESTRUCTURING_TEXTS } from '../../contracts/restructuring.js';
import {
  allPdf,
  cellSource,
  cellText,
  checkColumnList,
  checkColumnName,
  chosenColumns,
  columnsStep,
  exportFileName,
  planColumns,
  planWithColumns,
  restructuringRunOf,
  uploadProgress,
} from './restructuring.js';
import type { ChatDetail } from '../../contracts/research.js';

describe('restructuring rules', () => {
  it('Add Column: names trimmed; empty and duplicate (any case) refused with the spec texts', () => {
    const existing = ['Instrument / Facility', 'Maturity'];
    expect(checkColumnName('   ', existing)).toEqual({ ok: false, error: RESTRUCTURING_TEXTS.columnEmpty });
    expect(checkColumnName('', existing)).toEqual({ ok: false, error: RESTRUCTURING_TEXTS.columnEmpty });
    expect(checkColumnName('  maturity ', existing)).toEqual({ ok: false, error: RESTRUCTURING_TEXTS.columnExists });
    expect(checkColumnName('  Governing   law ', existing)).toEqual({ ok: true, name: 'Governing law' });
    expect(checkColumnName('a, b', existing)).toEqual({ ok: false, error: RESTRUCTURING_TEXTS.columnCharacters });
    expect(checkColumnName('x'.repeat(61), existing).ok).toBe(false);
  });

  it('a column list from the terminal: each checked against the ones before it', () => {
    expect(checkColumnList([' Borrower ', 'Maturity'])).toEqual({ ok: true, columns: ['Borrower', 'Maturity'] });
    expect(checkColumnList(['Borrower', 'borrower'])).toEqual({ ok: false, error: `${RESTRUCTURING_TEXTS.columnExists} ("borrower")` });
    expect(checkColumnList([])).toEqual({ ok: false, error: RESTRUCTURING_TEXTS.columnEmpty });
  });

  it("the plan's last step lists the chosen columns in brackets; without one the defaults", () => {
    const plan = ['Read the documents', columnsStep(['Borrower', 'Maturity'])];
    expect(planColumns(plan)).toEqual(['Borrower', 'Maturity']);
    expect(planColumns(['Read the documents'])).toBeNull();
    expect(chosenColumns(['Read the documents'])).toEqual(DEFAULT_RESTRUCTURING_COLUMNS);
    const edited = planWithColumns(plan, ['Borrower', 'Maturity', 'Governing law']);
    expect(edited).toHaveLength(3);
    expect(chosenColumns(edited)).toEqual(['Borrower', 'Maturity', 'Governing law']);
  });

  it('the export is named from the table title, else research_data', () => {
    expect(exportFileName('Capital Structure')).toBe('Capital_Structure.xlsx');
    expect(exportFileName('  ')).toBe('research_data.xlsx');
    expect(exportFileName(null)).toBe('research_data.xlsx');
    expect(exportFileName('../../etc/passwd')).toBe('etcpasswd.xlsx');
  });

  it('upload progress rises a tenth a tick, held at 90% until the server answers', () => {
    expect([0, 1, 5, 9, 10, 30].map((t) => uploadProgress(t, false))).toEqual([0, 10, 50, 90, 90, 90]);
    expect(uploadProgress(2, true)).toBe(100);
  });

  it('only PDFs are accepted; a cell reads as its text and its page', () => {
    expect(allPdf([{ name: 'a.pdf' }, { name: 'B.PDF', type: 'application/pdf' }])).toBe(true);
    expect(allPdf([{ name: 'a.pdf' }, { name: 'notes.docx', type: 'application/msword' }])).toBe(false);
    expect(allPdf([])).toBe(false);
    const cell = { text: 'EUR 450,000,000', pdf_file_name: 'sfa.pdf', pageNumber: 2 };
    expect(cellText(cell)).toBe('EUR 450,000,000');
    expect(cellSource(cell)).toBe('sfa.pdf p. 2');
    expect(cellSource({ text: RESTRUCTURING_TEXTS.notFound, pdf_file_name: null, pageNumber: null })).toBe('');
    expect(cellText('plain')).toBe('plain');
  });

  it('reads a saved restructuring run from its chat detail (the table object, the observations list), and nothing else as a table', () => {
    const table = {
      table_title: 'Capital structure',
      columns: ['Facility'],
      rows: [{ Facility: { text: 'Term Facility', pdf_file_name: 'sfa.pdf', pageNumber: 2 } }],
    };
    const detail = {
      id: 'run-1',
      query_str: 'Capital structure',
      thought_process: ['Read the documents', 'Columns [Facility]'],
      observations: [{ title: 'Instruments found', details: 'One facility.' }],
      table_data: table,
      created_at: '2026-11-28T10:00:00Z',
    } as unknown as ChatDetail;
    expect(restructuringRunOf(detail)).toEqual({
      runId: 'run-1',
      query: 'Capital structure',
      plan: ['Read the documents', 'Columns [Facility]'],
      observations: [{ title: 'Instruments found', details: 'One facility.' }],
      table,
    });
    // a research answer's detail: a list of tables and an answer object
    const research = { ...detail, table_data: [], observations: { text: 'An answer' } } as unknown as ChatDetail;
    expect(restructuringRunOf(research)).toMatchObject({ observations: [], table: null });
  });
});
