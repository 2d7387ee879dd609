/**
 * `credence ask --pdf` on the model path (issue 26 §10): the real API with a model configured (a
 * local OpenAI-compatible server of this suite's own), a PDF made here uploaded and asked about.
 * The model receives the page's cells with their references; the figure it cites to its cell is
 * shown with its citation, and a figure it writes without citing a cell that prints it is shown
 * "(unverified)" in the terminal, as on the web.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResearchAnswer } from '@credence/shared';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { statementPdf } from '../support/pdfs.js';
import { credence, signedInUser, startApi, type ApiServer } from '../support/processes.js';

describe('credence ask --pdf through a model: each figure stands on the cell it cites', () => {
  let model: ModelServer;
  let api: ApiServer;
  let env: Record<string, string>;
  let dir: string;
  let pdf: string;

  before(async () => {
    // the model cites the 2018 net sales cell for its first figure, and no cell for its second (which no page prints)
    model = await startModelServer((facts) => {
      const cell = facts.find((f) => f.label === 'Net sales' && f.printed === '265,595');
      return `Net sales were 265,595 million in 2018 ${cell?.ref ?? ''}. Operating income was 70,898 million in 2018.`;
    });
    api = await startApi({
      SAMPLE_COMPANIES: '0',
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'cli-model',
      LLM_MODEL_FAST: 'cli-model',
      LLM_MAX_RETRIES: '0',
    });
    ({ env } = await signedInUser(api, {
      email: 'docs.model@example.com',
      password: 'a long and unusual model passphrase',
      name: 'Model',
    }));
    dir = mkdtempSync(join(tmpdir(), 'credence-docs-model-'));
    pdf = join(dir, 'northwind.pdf');
    writeFileSync(pdf, await statementPdf('Northwind', ['260,174', '265,595']));
  });
  after(async () => {
    await api?.stop();
    if (api) rmSync(api.dataDir, { recursive: true, force: true });
    if (dir) rmSync(dir, { recursive: true, force: true });
    await model?.close();
  });

  it('prints the cited figure with its page, and "(unverified)" after the figure that cites no cell', async () => {
    const run = await credence(['ask', '--pdf', pdf, 'What were net sales and operating income in 2018?'], env);
    expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
    // the model was sent the page's cells, each with its reference
    expect(model.requests.some((r) => r.messages.some((m) => m.role === 'tool' && m.content?.includes('265,595')))).toBe(true);
    expect(run.stdout).toMatch(/265,595 million\S*\[1\]/);
    // the page once ("northwind.pdf, page 1", not "…, page 1, page 1")
    expect(run.stdout).toMatch(/\[1\] northwind\.pdf, page 1\s/);
    // the terminal may wrap the line between the figure and its mark
    expect(run.stdout).toMatch(/70,898 million\s+\(unverified\)/);
    expect(run.stdout).not.toContain('[^');
  });

  it('--json: the cited figure is a verified upload citation; the other is marked in the text', async () => {
    const run = await credence(['ask', '--pdf', pdf, 'What were net sales and operating income in 2018?', '--json'], env);
    expect(run.code).toBe(0);
    const { answer } = JSON.parse(run.stdout) as { answer: ResearchAnswer };
    expect(answer.text).toContain('70,898 million (unverified)');
    expect(answer.citations).toEqual([expect.objectContaining({ kind: 'upload', page: 1, verified: true })]);
  });
});
