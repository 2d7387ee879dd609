/**
 * The restructuring workspace over real PDFs (spec 3 sections 4, 5, 7 and 9): a senior
 * facilities agreement and a notes offering memorandum uploaded to one workspace; the plan lists
 * the columns in brackets; start_query's job (polled through check_query) answers a row per
 * instrument, each cell the documents' words cited to the page that states them; a column the
 * documents do not state says so; Add Column re-runs with the new column; the chat is saved in
 * history and exported as xlsx (read back with exceljs); an instruction planted in a PDF changes
 * nothing; another user's workspace is a 404; an older run of the chat is exported by its run_id.
 */
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { expect } from 'expect';
import {
  checkColumnName,
  chosenColumns,
  DEFAULT_RESTRUCTURING_COLUMNS,
  planWithColumns,
  RESTRUCTURING_TEXTS,
  type RestructuringResult,
  type RestructuringRow,
} from '@credence/shared';
import { CREDIT, facilitiesAgreementPdf, notesOfferingPdf } from '../support/credit-documents.js';
import { uploadPdfs } from '../support/documents-client.js';
import { runRestructuring } from '../support/restructuring-client.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const A = CREDIT.agreement;
const N = CREDIT.notes;
const KEY = 'harbour-workspace';

describe('restructuring: a table of the instruments across uploaded credit documents, each cell cited to its page', () => {
  let t: TestApi;
  let token: string;
  let other: string;
  let result: RestructuringResult;

  before(async () => {
    t = await startTestApi();
    token = await t.activeUser('restructuring@credence.test');
    other = await t.activeUser('intruder@credence.test');
    const uploaded = await uploadPdfs(t, token, KEY, [
      { name: A.file, bytes: await facilitiesAgreementPdf() },
      { name: N.file, bytes: await notesOfferingPdf() },
    ]);
    if (uploaded.status !== 200) throw new Error(JSON.stringify(uploaded.body));
  });
  after(() => t.close());

  async function plan(query: string, auth = token, key = KEY) {
    const q = new URLSearchParams({ query, chat_id: key, workflow_category: 'restructuring' });
    return t.request('GET', `/api/generate_thought_process?${q}`, { token: auth });
  }

  const run = (thoughts: string[]) => runRestructuring(t, token, KEY, thoughts);

  const rowOf = (name: string): RestructuringRow => {
    const row = result.table_data.rows.find((r) => r['Instrument / Facility']!.text === name);
    if (!row) throw new Error(`no row ${name}: ${result.table_data.rows.map((r) => r['Instrument / Facility']!.text).join(', ')}`);
    return row;
  };

  it('the plan names the documents and ends with the default columns in brackets', async () => {
    const reply = await plan('Capital structure of Harbour Logistics');
    expect(reply.status).toBe(200);
    const steps: string[] = reply.body.thought_process;
    expect(steps[0]).toContain(A.file);
    expect(steps[0]).toContain(N.file);
    expect(chosenColumns(steps)).toEqual(DEFAULT_RESTRUCTURING_COLUMNS);
    expect(steps.at(-1)).toMatch(/\[Instrument \/ Facility, Borrower \/ Issuer, .*Ranking\]$/);
    result = await run(steps);
  });

  it('a row per instrument across both documents, in the columns of the plan', () => {
    expect(result.table_data.columns).toEqual(DEFAULT_RESTRUCTURING_COLUMNS);
    expect(result.table_data.rows.map((r) => r['Instrument / Facility']!.text)).toEqual([A.term.name, A.rcf.name, N.name]);
    expect(result.engine).toBe('built-in');
  });

  it('the facilities: amount, margin and maturity each from its own facility, cited to the page that states it', () => {
    const term = rowOf(A.term.name);
    expect(term['Amount']).toMatchObject({ text: A.term.amount, pdf_file_name: A.file, pageNumber: A.term.page });
    expect(term['Margin / Coupon']).toMatchObject({ text: A.term.margin, pdf_file_name: A.file, pageNumber: A.definitionsPage });
    expect(term['Maturity']).toMatchObject({ text: A.term.maturity, pageNumber: A.definitionsPage });
    const rcf = rowOf(A.rcf.name);
    expect(rcf['Amount']).toMatchObject({ text: A.rcf.amount, pageNumber: A.rcf.page });
    expect(rcf['Margin / Coupon']).toMatchObject({ text: A.rcf.margin, pageNumber: A.definitionsPage });
    expect(rcf['Maturity']).toMatchObject({ text: A.rcf.maturity, pageNumber: A.definitionsPage });
    for (const row of [term, rcf]) {
      expect(row['Borrower / Issuer']).toMatchObject({ text: A.borrower, pageNumber: 1 });
      expect(row['Lenders / Agent']!.text).toContain(`${A.agent} (Agent and Security Agent)`);
      expect(row['Lenders / Agent']!.text).toContain(`${A.arranger} (Arranger)`);
      expect(row['Security']!.text).toContain('first-ranking share pledges');
      expect(row['Security']!.pageNumber).toBe(A.securityPage);
      expect(row['Ranking']).toMatchObject({ pageNumber: A.rankingPage });
      expect(row['Ranking']!.text).toContain('pari passu');
      expect(row['Financial Covenants']!.text).toContain('shall not exceed 5.50:1');
      expect(row['Financial Covenants']!.text).toContain('shall not be less than 2.50:1');
      expect(row['Financial Covenants']!.pageNumber).toBe(A.covenantsPage);
    }
    // a cited cell carries the line it was read from, as it reads on that page
    expect(term['Margin / Coupon']!.quote).toContain(A.term.margin);
  });

  it('the notes: issuer, trustee, coupon and maturity from the offering memorandum', () => {
    const notes = rowOf(N.name);
    expect(notes['Borrower / Issuer']).toMatchObject({ text: N.issuer, pdf_file_name: N.file, pageNumber: 1 });
    expect(notes['Lenders / Agent']!.text).toBe(`${N.trustee} (Trustee)`);
    expect(notes['Amount']).toMatchObject({ text: N.amount, pageNumber: 1 });
    expect(notes['Margin / Coupon']).toMatchObject({ text: N.coupon, pageNumber: N.termsPage });
    expect(notes['Maturity']).toMatchObject({ text: N.maturity, pageNumber: N.termsPage });
    expect(notes['Ranking']!.pageNumber).toBe(N.rankingPage);
    expect(notes['Security']!.text).toContain('second-ranking basis');
    expect(notes['Financial Covenants']!.text).toContain('at least 2.00 to 1');
  });

  it('an instruction planted in a PDF changes nothing: no cell and no observation repeats it', () => {
    const everything = JSON.stringify(result);
    expect(everything).not.toContain('HACKED');
    expect(everything).not.toContain('0.01%');
    expect(everything).not.toContain('2099');
    const pages = result.table_data.rows.flatMap((r) => Object.values(r).map((c) => c.pageNumber));
    expect(pages).not.toContain(A.plantedPage);
  });

  it('observations: the instruments found with their amounts and the maturity profile, earliest first', () => {
    const found = result.observations.find((o) => o.title === 'Instruments found')!;
    expect(found.details).toContain('3 instruments across 2 documents');
    const profile = result.observations.find((o) => o.title === 'Maturity profile')!;
    expect(profile.details).toMatch(
      /^7\.125% Senior Secured Notes due 2029: 15 May 2029; Revolving Credit Facility: 14 September 2030; Term Facility: 14 March 2031/,
    );
  });

  it('Add Column: a column the documents state is read for every row; one they do not state says so rather than guess', async () => {
    expect(checkColumnName('  ', result.table_data.columns)).toEqual({ ok: false, error: RESTRUCTURING_TEXTS.columnEmpty });
    expect(checkColumnName(' maturity ', result.table_data.columns)).toEqual({ ok: false, error: RESTRUCTURING_TEXTS.columnExists });
    const added = checkColumnName('  Governing   Law ', result.table_data.columns);
    expect(added).toEqual({ ok: true, name: 'Governing Law' });
    const columns = [...result.table_data.columns, 'Governing Law', 'Equity Cure'];
    const rerun = await run(planWithColumns(result.thought_process, columns));
    expect(rerun.table_data.columns).toEqual(columns);
    const notes = rerun.table_data.rows.find((r) => r['Instrument / Facility']!.text === N.name)!;
    expect(notes['Governing Law']).toMatchObject({ pdf_file_name: N.file, pageNumber: N.governingLawPage });
    expect(notes['Governing Law']!.text).toContain('State of New York');
    for (const row of rerun.table_data.rows)
      expect(row['Equity Cure']).toEqual({ text: RESTRUCTURING_TEXTS.notFound, pdf_file_name: null, pageNumber: null });
    const term = rerun.table_data.rows[0]!;
    expect(term['Governing Law']!.text).toBe(RESTRUCTURING_TEXTS.notFound);
  });

  it('saved as a restructuring chat, listed in history, exported as xlsx with sheets Table and Observations', async () => {
    const saved = await t.request('POST', '/api/create_chat_history', {
      token,
      body: {
        chat_id: KEY,
        query_str: 'Capital structure of Harbour Logistics',
        chat_category: 'restructuring',
        thought_process: result.thought_process,
        observations: result.observations,
        table_data: result.table_data,
      },
    });
    expect(saved.status).toBe(200);
    const history = await t.request('GET', '/api/get_chat_history', { token });
    expect(history.body).toEqual(expect.arrayContaining([expect.objectContaining({ chat_id: KEY, chat_category: 'restructuring' })]));

    const response = await fetch(`${t.url}/api/restructuring/export_excel?chat_id=${KEY}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Capital_Structure.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Table', 'Observations']);
    const table = book.getWorksheet('Table')!;
    expect(table.getRow(1).values).toEqual([undefined, ...DEFAULT_RESTRUCTURING_COLUMNS]);
    expect(table.rowCount).toBe(4);
    expect(table.getRow(2).getCell(1).value).toBe(A.term.name);
    expect(table.getRow(2).getCell(5).value).toBe(A.term.margin);
    expect(table.getRow(2).getCell(5).note).toBe(`${A.file} p. ${A.definitionsPage}`);
    expect(table.getRow(4).getCell(6).value).toBe(N.maturity);
    const observations = book.getWorksheet('Observations')!;
    expect(observations.getRow(1).values).toEqual([undefined, 'Title', 'Details']);
    expect(observations.getRow(2).getCell(1).value).toBe('Instruments found');
  });

  it("another user's workspace: its documents are never read (404 for the plan, the query and the export)", async () => {
    expect((await plan('Capital structure', other)).status).toBe(404);
    const started = await t.request('POST', '/api/start_query', {
      token: other,
      body: { query: 'x', thoughts: ['read'], chat_key: KEY, workflow_category: 'restructuring' },
    });
    expect(started.status).toBe(404);
    expect(started.body.error).toBe(RESTRUCTURING_TEXTS.noDocuments);
    const exported = await fetch(`${t.url}/api/restructuring/export_excel?chat_id=${KEY}`, {
      headers: { authorization: `Bearer ${other}` },
    });
    expect(exported.status).toBe(404);
  });

  it('refuses what it cannot run with a 400 naming the field, never a 500', async () => {
    const bad = [
      { query: '  ', thoughts: ['a'], chat_key: KEY, workflow_category: 'restructuring' },
      { query: 'q', thoughts: [], chat_key: KEY, workflow_category: 'restructuring' },
      { query: 'q', thoughts: ['a'], chat_key: '../x', workflow_category: 'restructuring' },
      { query: 'q', thoughts: ['a'], chat_key: KEY, workflow_category: 'equity' },
      { query: 'q', thoughts: [{ x: 1 }], chat_key: KEY, workflow_category: 'private_credit' },
    ];
    for (const body of bad) {
      const reply = await t.request('POST', '/api/start_query', { token, body });
      expect(reply.status).toBe(400);
      expect(typeof reply.body.error).toBe('string');
    }
    expect((await t.request('GET', '/api/generate_thought_process?query=x&chat_id=k', { token })).status).toBe(400);
    expect((await t.request('GET', '/api/restructuring/export_excel?chat_id=a%2Fb', { token })).status).toBe(400);
  });

  it('private_credit runs the same reading under its own title', async () => {
    const q = new URLSearchParams({ query: 'Credit terms', chat_id: KEY, workflow_category: 'private_credit' });
    const planned = await t.request('GET', `/api/generate_thought_process?${q}`, { token });
    expect(planned.status).toBe(200);
    const credit = await runRestructuring(t, token, KEY, planned.body.thought_process, {
      query: 'Credit terms',
      category: 'private_credit',
    });
    expect(credit.workflow_category).toBe('private_credit');
    expect(credit.table_data.table_title).toBe('Credit Terms');
    expect(credit.table_data.rows.map((r) => r['Instrument / Facility']!.text)).toEqual([A.term.name, A.rcf.name, N.name]);
  });

  it("exports an older run by run_id: that run's columns and cells, not the latest; a run of no chat of yours is a 404", async () => {
    const columns = ['Instrument / Facility', 'Maturity'];
    const q = new URLSearchParams({ query: 'Maturities', chat_id: KEY, workflow_category: 'private_credit' });
    const planned = await t.request('GET', `/api/generate_thought_process?${q}`, { token });
    const latest = await runRestructuring(t, token, KEY, planWithColumns(planned.body.thought_process, columns), {
      query: 'Maturities',
      category: 'private_credit',
    });
    const saved = await t.request('POST', '/api/create_chat_history', {
      token,
      body: { chat_id: KEY, query_str: 'Maturities', chat_category: 'restructuring', ...pick(latest) },
    });
    expect(saved.status).toBe(200);
    const details: { id: string; query_str: string }[] = (await t.request('GET', `/api/get_chat?chat_id=${KEY}`, { token })).body.details;
    expect(details.map((d) => d.query_str)).toEqual(['Capital structure of Harbour Logistics', 'Maturities']);

    const book = async (query: string, auth = token) => {
      const response = await fetch(`${t.url}/api/restructuring/export_excel?${query}`, { headers: { authorization: `Bearer ${auth}` } });
      if (response.status !== 200) return { status: response.status, body: (await response.json()) as { error: string } };
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
      return { status: 200, name: response.headers.get('content-disposition'), table: workbook.getWorksheet('Table')! };
    };
    const newest = await book(`chat_id=${KEY}`);
    expect(newest.name).toBe('attachment; filename="Credit_Terms.xlsx"');
    expect(newest.table!.getRow(1).values).toEqual([undefined, ...columns]);

    const older = await book(`chat_id=${KEY}&run_id=${details[0]!.id}`);
    expect(older.name).toBe('attachment; filename="Capital_Structure.xlsx"');
    expect(older.table!.getRow(1).values).toEqual([undefined, ...DEFAULT_RESTRUCTURING_COLUMNS]);
    expect(older.table!.getRow(2).getCell(5).value).toBe(A.term.margin);
    expect(older.table!.getRow(4).getCell(6).value).toBe(N.maturity);

    const theirs = await t.request('POST', '/api/create_chat_history', {
      token: other,
      body: { chat_id: 'their-chat', query_str: 'Theirs', chat_category: 'restructuring', ...pick(result) },
    });
    expect(theirs.status).toBe(200);
    const theirRun: string = (await t.request('GET', '/api/get_chat?chat_id=their-chat', { token: other })).body.details[0].id;
    for (const runId of [theirRun, '00000000-0000-4000-8000-000000000000']) {
      const refused = await book(`chat_id=${KEY}&run_id=${runId}`);
      expect(refused.status).toBe(404);
      expect(refused.body!.error).toMatch(/^run_id is not a run of this chat/);
    }
    expect((await book(`chat_id=their-chat&run_id=${details[0]!.id}`)).status).toBe(404);
    const malformed = await book(`chat_id=${KEY}&run_id=latest`);
    expect(malformed.status).toBe(400);
    expect(malformed.body!.error).toMatch(/run_id must be/);
  });
});

function pick(run: RestructuringResult) {
  return { thought_process: run.thought_process, observations: run.observations, table_data: run.table_data };
}
