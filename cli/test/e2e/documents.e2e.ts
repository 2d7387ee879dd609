/**
 * `credence ask --pdf` and `credence docs` against the real API (embedded database, built-in
 * analyst, no model): PDFs made here with pdfkit are uploaded with their progress on stderr,
 * indexed, and asked about; the answer's figure is the statement row's, cited to its page; the
 * documents are listed and deleted; a missing file is a usage error and a file that is not a PDF
 * is refused with the spec's words.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResearchAnswer, UploadedPdf } from '@credence/shared';
import { statementPdf } from '../support/pdfs.js';
import { credence, signedInUser, type ApiServer } from '../support/processes.js';
import { sharedApi } from '../support/shared-api.js';

describe('credence ask --pdf and credence docs against the real API', () => {
  let api: ApiServer;
  let env: Record<string, string>;
  let dir: string;
  let first: string;
  let second: string;

  before(async () => {
    api = await sharedApi({ SAMPLE_COMPANIES: '0' });
    ({ env } = await signedInUser(api, { email: 'docs.tester@example.com', password: 'a long and unusual docs passphrase', name: 'Docs' }));
    dir = mkdtempSync(join(tmpdir(), 'credence-docs-'));
    first = join(dir, 'northwind.pdf');
    second = join(dir, 'southwind.pdf');
    writeFileSync(first, await statementPdf('Northwind', ['260,174', '265,595']));
    writeFileSync(second, await statementPdf('Southwind', ['12,001', '11,500']));
    writeFileSync(join(dir, 'notes.pdf'), 'meeting notes, not a pdf');
  });
  after(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('ask --pdf: uploads with progress on stderr, indexes, then prints the cited figure on stdout', async () => {
    const run = await credence(['ask', '--pdf', first, 'What were net sales in 2018?'], env);
    expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stderr).toMatch(/↑ northwind\.pdf \([\d.]+ KB\) 1\/1/);
    expect(run.stderr).toContain('✓ northwind.pdf: 2 pages');
    expect(run.stderr).toContain('✓ indexed 1 document, 2 pages');
    expect(run.stdout).toContain('265,595');
    expect(run.stdout).toMatch(/\[1\]/);
    expect(run.stdout).toMatch(/northwind\.pdf, page 1/);
    expect(run.stdout).not.toContain('[^c');
  });

  it('ask --pdf twice --json: one document whose answer cites an upload page, verified', async () => {
    const run = await credence(['ask', '--pdf', first, '--pdf', second, 'What was EBITDA in 2019?', '--json'], env);
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as { chat_id: string; answer: ResearchAnswer };
    // EBITDA needs operating income and D&A, which these statements do not print: declined, nothing stated
    expect(doc.answer.declined?.missing.join(' ')).toMatch(/operating income/);
    const sales = await credence(['ask', '--chat', doc.chat_id, 'Net sales in 2019?', '--json'], env);
    const answer = (JSON.parse(sales.stdout) as { answer: ResearchAnswer }).answer;
    expect(answer.citations.some((c) => c.kind === 'upload' && c.verified && c.page === 1)).toBe(true);
  });

  it('docs list shows the uploads; delete needs --chat when a name is in several chats, then removes it', async () => {
    const listed = await credence(['docs', 'list', '--json'], env);
    const docs = JSON.parse(listed.stdout) as UploadedPdf[];
    expect(docs.filter((d) => d.file_name === 'northwind.pdf')).toHaveLength(2);
    const table = await credence(['docs', 'list'], env);
    expect(table.stdout).toMatch(/File\s+Chat\s+Pages\s+Size\s+Uploaded/);
    expect(table.stdout).toContain('southwind.pdf');
    // whole chat keys, as --chat takes them (issue 27)
    for (const d of docs) expect(table.stdout).toContain(d.chat_key);
    const ambiguous = await credence(['docs', 'delete', 'northwind.pdf'], env);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(/is in 2 chats .*--chat <key>/);
    const chat = docs.find((d) => d.file_name === 'southwind.pdf')!.chat_key;
    const deleted = await credence(['docs', 'delete', 'southwind.pdf'], env);
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toContain('Deleted southwind.pdf.');
    const after = JSON.parse((await credence(['docs', 'list', '--chat', chat, '--json'], env)).stdout) as UploadedPdf[];
    expect(after.map((d) => d.file_name)).toEqual(['northwind.pdf']);
  });

  it('a missing file is a usage error (exit 2); a file that is not a PDF is refused with the spec words (exit 1)', async () => {
    const missing = await credence(['ask', '--pdf', join(dir, 'nope.pdf'), 'anything'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--pdf .*nope\.pdf: no such file/);
    const notPdf = await credence(['ask', '--pdf', join(dir, 'notes.pdf'), 'anything'], env);
    expect(notPdf.code).toBe(1);
    // the reason is wrapped to the terminal under "✗ notes.pdf", and the question is not asked
    expect(notPdf.stderr.replace(/\s+/g, ' ')).toContain(
      '✗ notes.pdf is not a PDF (it does not start with %PDF-). Please select only PDF files.',
    );
    expect(notPdf.stderr).toMatch(/credence: Not uploaded: notes\.pdf .*so the question was not asked/);
  });
});
