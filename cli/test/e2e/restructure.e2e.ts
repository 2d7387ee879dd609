/**
 * `credence restructure` against the real API (embedded database, no model): a facilities
 * agreement and a notes memorandum made here with pdfkit are uploaded with progress on stderr,
 * read into a row per instrument whose cells cite their pages, written to an xlsx read back with
 * exceljs (sheets Table and Observations), re-run over the same workspace with chosen columns,
 * and refused with exit 2 for bad columns or no documents.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { MERIDIAN, renderPdf } from '@credence/shared/credit-pdfs';
import { RESTRUCTURING_STAGE_TEXTS, RESTRUCTURING_TEXTS, type RestructuringResult } from '@credence/shared';
import { credence, signedInUser, type ApiServer } from '../support/processes.js';
import { sharedApi } from '../support/shared-api.js';

describe('credence restructure against the real API', () => {
  let api: ApiServer;
  let env: Record<string, string>;
  let dir: string;
  let key: string;

  before(async () => {
    api = await sharedApi({ SAMPLE_COMPANIES: '0' });
    ({ env } = await signedInUser(api, { email: 'restructure@example.com', password: 'a long and unusual restructure phrase', name: 'R' }));
    dir = mkdtempSync(join(tmpdir(), 'credence-restructure-'));
    writeFileSync(join(dir, MERIDIAN.agreement.file), await renderPdf(PDFDocument, MERIDIAN.agreement.pages));
    writeFileSync(join(dir, MERIDIAN.notes.file), await renderPdf(PDFDocument, MERIDIAN.notes.pages));
  });
  after(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('--pdf twice --output: uploads with progress, writes the workbook atomically, stdout stays empty', async () => {
    const out = join(dir, 'table.xlsx');
    const run = await credence(
      ['restructure', '--pdf', join(dir, 'facility-agreement.pdf'), '--pdf', join(dir, 'notes.pdf'), '--output', out],
      env,
    );
    expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/↑ facility-agreement\.pdf \([\d.]+ KB\) 1\/2/);
    expect(run.stderr).toContain('✓ indexed 2 documents');
    // the run's stages in the words the web page shows while it runs (the shared restructuring view model)
    for (const stage of ['plan', 'query', 'save'] as const) expect(run.stderr).toContain(`· ${RESTRUCTURING_STAGE_TEXTS[stage]}`);
    expect(run.stderr).toContain(`✓ 2 rows → ${out}`);
    key = /Workspace (\S+):/.exec(run.stderr)![1]!;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(out) as never);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Table', 'Observations']);
    const table = book.getWorksheet('Table')!;
    expect(table.getRow(1).getCell(1).value).toBe('Instrument / Facility');
    expect(table.getRow(2).getCell(1).value).toBe('Term Facility');
    expect(table.getRow(2).getCell(2).value).toBe('MERIDIAN FOODS LIMITED');
    expect(table.getRow(2).getCell(4).value).toBe('GBP 120,000,000');
    expect(table.getRow(2).getCell(4).note).toBe('facility-agreement.pdf p. 2');
    expect(table.getRow(3).getCell(1).value).toBe('6.5% Senior Notes due 2031');
    expect(table.getRow(3).getCell(6).value).toBe('1 April 2031');
    expect(book.getWorksheet('Observations')!.getRow(2).getCell(1).value).toBe('Instruments found');
  });

  it('--chat --columns: the same workspace with the chosen columns; a block per instrument, each cell with its page', async () => {
    const run = await credence(['restructure', '--chat', key, '--columns', ' Facility , Margin,Governing law '], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Term Facility\n  Margin: 3.75 per cent. per annum  [facility-agreement.pdf p. 3]');
    expect(run.stdout).toContain(`  Governing law: ${RESTRUCTURING_TEXTS.notFound}\n`);
    expect(run.stdout).toContain('6.5% Senior Notes due 2031\n  Margin: 6.5% per annum  [notes.pdf p. 2]');
    const json = await credence(['restructure', '--chat', key, '--columns', 'Facility,Maturity', '--json'], env);
    const result = JSON.parse(json.stdout) as RestructuringResult;
    expect(result.table_data.columns).toEqual(['Facility', 'Maturity']);
    expect(result.table_data.rows[0]!['Maturity']).toMatchObject({
      text: '30 June 2030',
      pdf_file_name: 'facility-agreement.pdf',
      pageNumber: 3,
    });
    expect(result.chat_key).toBe(key);
    const chats = JSON.parse((await credence(['chats', 'list', '--json'], env)).stdout) as { chat_id: string; chat_category: string }[];
    expect(chats).toEqual(expect.arrayContaining([expect.objectContaining({ chat_id: key, chat_category: 'restructuring' })]));
  });

  it('chats show lists the runs with their ids; chats export writes an earlier run, or the latest without --run', async () => {
    const shown = await credence(['chats', 'show', key], env);
    expect(shown.code).toBe(0);
    const runs = [...shown.stdout.matchAll(/^run (\S+)$/gm)].map((m) => m[1]!);
    // the three runs so far: the first (default columns), then two with chosen columns
    expect(runs).toHaveLength(3);
    // each run's table as `credence restructure` prints it, every cell with its page
    expect(shown.stdout).toContain('Term Facility\n  Margin: 3.75 per cent. per annum  [facility-agreement.pdf p. 3]');
    expect(shown.stdout).toContain('  Maturity: 30 June 2030  [facility-agreement.pdf p. 3]');
    expect(shown.stderr).toContain(`credence chats export ${key} --run <run> -o table.xlsx`);
    const columnsOf = async (file: string) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(readFileSync(file) as never);
      return (book.getWorksheet('Table')!.getRow(1).values as unknown[]).filter(Boolean);
    };
    const first = join(dir, 'first.xlsx');
    const earlier = await credence(['chats', 'export', key, '--run', runs[0]!, '-o', first], env);
    expect({ code: earlier.code, stderr: earlier.stderr }).toEqual({ code: 0, stderr: `✓ run ${runs[0]} → ${first}\n` });
    expect(await columnsOf(first)).toEqual(expect.arrayContaining(['Instrument / Facility', 'Maturity', 'Ranking']));
    const latest = join(dir, 'latest.xlsx');
    expect((await credence(['chats', 'export', key, '-o', latest], env)).code).toBe(0);
    expect(await columnsOf(latest)).toEqual(['Facility', 'Maturity']);

    const unknown = await credence(
      ['chats', 'export', key, '--run', '00000000-0000-4000-8000-000000000000', '-o', join(dir, 'x.xlsx')],
      env,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/run/i);
    expect(existsSync(join(dir, 'x.xlsx'))).toBe(false);
    const csv = await credence(['chats', 'export', key, '-o', join(dir, 'x.csv')], env);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('give a file name ending in .xlsx');
  });

  it('usage errors exit 2 and name the problem: an empty or repeated column, no documents, --output not .xlsx', async () => {
    const empty = await credence(['restructure', '--chat', key, '--columns', 'Facility, ,Margin'], env);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain(RESTRUCTURING_TEXTS.columnEmpty);
    const twice = await credence(['restructure', '--chat', key, '--columns', 'Margin, margin '], env);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain(RESTRUCTURING_TEXTS.columnExists);
    const none = await credence(['restructure'], env);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--pdf .*--chat <key>/);
    const csv = await credence(['restructure', '--chat', key, '--output', join(dir, 't.csv')], env);
    expect(csv.code).toBe(2);
    expect(existsSync(join(dir, 't.csv'))).toBe(false);
  });

  it("a workspace that holds none of the user's documents fails with the step's words (exit 1)", async () => {
    const run = await credence(['restructure', '--chat', 'nobody-uploaded-here'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(RESTRUCTURING_TEXTS.thoughtProcessFailed(RESTRUCTURING_TEXTS.noDocuments));
  });
});
