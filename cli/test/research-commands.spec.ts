/**
 * `credence ask` and `credence chats` as a spawned binary against a fake research API that
 * streams real Server-Sent Events: steps on stderr, the answer with numbered footnotes on stdout,
 * --json and --stream for scripts, a resumed connection, and the exit codes.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credence } from './support/processes.js';
import { GOOD_TOKEN, startFakeResearchApi, type FakeResearchApi } from './support/research-fake-api.js';

describe('credence ask and chats against a fake research API', () => {
  let api: FakeResearchApi;
  let env: Record<string, string>;

  before(async () => {
    api = await startFakeResearchApi();
    env = { CREDENCE_API_URL: api.url, CREDENCE_TOKEN: GOOD_TOKEN };
  });
  after(() => api.close());
  beforeEach(() => {
    api.asked.length = 0;
    api.quotaExceeded = false;
    api.cutAfter = null;
  });

  it('ticks the plan on stderr and prints the answer with numbered footnotes and its table on stdout', async () => {
    const run = await credence(['ask', 'Create', 'a', 'summary', 'sheet', '--company', '1234567'], env);
    expect(run.code).toBe(0);
    expect(api.asked[0].request).toEqual({ query: 'Create a summary sheet', company_number: '1234567', model: 'flash' });
    expect(run.stderr).toContain('✓ Read the accounts\n✓ Read the charges register\n✓ Write the summary\n');
    expect(run.stderr).not.toMatch(/⠋|\u001b/); // no spinner or colour in a pipe
    expect(run.stdout).toContain('── Key Findings');
    expect(run.stdout).toContain('Turnover was £12.3m[1] in 2024, up from £11.0m[1].');
    expect(run.stdout).toContain('• 2 outstanding charges[2], both held by HSBC UK BANK PLC.');
    expect(run.stdout).toMatch(/Turnover \(£\) \[1\]\n\s+Year\s+Turnover\n\s+2024\s+12,345,000\n\s+2023\s+11,002,000/);
    expect(run.stdout).toContain('[1] Full accounts made up to 31/12/2024, page 7\n[2] Register of charges');
    expect(run.stdout).toContain('• Who are the directors?');
    expect(run.stderr).toContain('continue with --chat chat-');
  });

  it('--json prints one document at the end: the chat id and the stored answer', async () => {
    const run = await credence(['ask', 'Summary', '--company', '01234567', '--json', '--model', 'pro'], env);
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as { chat_id: string; answer: { text: string; citations: { id: string }[] } };
    expect(doc.chat_id).toMatch(/^chat-\d+$/);
    expect(doc.answer.text).toContain('**£12.3m**[^c1]');
    expect(doc.answer.citations.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(api.asked[0].request.model).toBe('pro');
  });

  it('--stream prints each event as a line of JSON, ending with done', async () => {
    const run = await credence(['ask', 'Summary', '--stream'], env);
    expect(run.code).toBe(0);
    const events = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; type: string });
    expect(events[0]).toMatchObject({ id: '1', type: 'plan' });
    expect(events.at(-1)?.type).toBe('done');
    expect(events.map((e) => e.type)).toContain('citation');
  });

  it('resumes a cut connection from the last event id and prints each part of the answer once', async () => {
    api.cutAfter = 5;
    const run = await credence(['ask', 'Summary'], env);
    expect(run.code).toBe(0);
    expect(api.asked.map((a) => a.lastEventId)).toEqual([undefined, '5']);
    expect(run.stdout.match(/Turnover was/g)).toHaveLength(1);
    expect(run.stdout).toContain('[2] Register of charges');
  });

  it('an error event fails with its message (exit 1), the failed step marked', async () => {
    const run = await credence(['ask', 'engine error please'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('✗ Read the accounts — no accounts');
    expect(run.stderr).toContain('credence: No accounts could be read for this company.');
  });

  it('the quota reads "You have exceeded your quota!" (exit 1); no token is exit 4; bad flags exit 2', async () => {
    api.quotaExceeded = true;
    const quota = await credence(['ask', 'Summary'], env);
    expect({ code: quota.code, stderr: quota.stderr.trim() }).toEqual({ code: 1, stderr: 'credence: You have exceeded your quota!' });
    const unsigned = await credence(['ask', 'Summary'], { CREDENCE_API_URL: api.url });
    expect(unsigned.code).toBe(4);
    const refused = await credence(['ask', 'Summary'], { ...env, CREDENCE_TOKEN: 'wrong' });
    expect(refused.code).toBe(4);
    for (const args of [
      ['ask', '  '],
      ['ask', 'q', '--pdf', 'report.pdf'],
      ['ask', 'q', '--company', 'not-a-number'],
      ['ask', 'q', '--company', '01234567', '--cik', '320193'],
      ['ask', 'q', '--json', '--stream'],
      ['ask', 'q', '--model', 'max'],
    ]) {
      const run = await credence(args, env);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
    }
    const missing = await credence(['ask', 'q', '--pdf', 'a.pdf'], env);
    expect({ code: missing.code, stderr: missing.stderr }).toEqual({ code: 2, stderr: 'credence: --pdf a.pdf: no such file\n' });
    const both = await credence(['ask', 'q', '--pdf', 'a.pdf', '--company', '00445790'], env);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--pdf');
  });

  it('ask --pdf names each file the API refused with its reason wrapped to the terminal, keeps uploading the others, and asks nothing (exit 1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'credence-upload-'));
    try {
      const paths = ['good.pdf', 'locked.pdf', 'crash.pdf'].map((name) => join(dir, name));
      for (const path of paths) writeFileSync(path, '%PDF-1.7 test');
      api.uploaded.length = 0;
      const run = await credence(['ask', 'What is this document?', ...paths.flatMap((p) => ['--pdf', p])], { ...env, COLUMNS: '60' });
      expect(run.code).toBe(1);
      expect(api.uploaded).toEqual(['good.pdf']);
      expect(api.asked).toEqual([]);
      const lines = run.stderr.trimEnd().split('\n');
      const text = (from: string) => {
        const start = lines.findIndex((l) => l.startsWith(from));
        const rest = lines.slice(start + 1);
        const end = rest.findIndex((l) => !l.startsWith('  '));
        return [lines[start], ...rest.slice(0, end < 0 ? rest.length : end)].map((l) => l.trim()).join(' ');
      };
      expect(run.stderr).toContain('✓ good.pdf: 3 pages');
      expect(text('✗ locked.pdf')).toBe('✗ locked.pdf is encrypted (password-protected): remove the password and upload it again.');
      expect(text('✗ crash.pdf')).toMatch(
        /^✗ crash\.pdf was not uploaded: the server failed while reading it \(500\)\. Try again; .*upload that copy/,
      );
      // the reasons wrap at the terminal's 60 columns, never one long line
      for (const line of lines.filter((l) => !l.startsWith('credence:'))) expect(line.length).toBeLessThanOrEqual(60);
      expect(lines.at(-1)).toMatch(
        /^credence: Not uploaded: locked\.pdf, crash\.pdf \(the reason is above\), so the question was not asked\..* is in chat /,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('chats list, show and delete', async () => {
    api.chats.length = 0;
    const empty = await credence(['chats', 'list'], env);
    expect({ code: empty.code, stdout: empty.stdout }).toEqual({ code: 0, stdout: '' });
    expect(empty.stderr).toContain('No chats found.');
    const long = 'What are all of the covenants, the security and the lenders of this company in detail?';
    await credence(['ask', long, '--company', '01234567'], env);
    const list = await credence(['chats', 'list'], env);
    expect(list.code).toBe(0);
    const id = api.chats[0].chat_id;
    expect(list.stdout).toMatch(/^Id\s+Title\s+Company or files\s+Updated/);
    expect(list.stdout).toContain(`${id}  ${long.slice(0, 50).trimEnd()}...`);
    expect(list.stdout).toContain('ACME WIDGETS LIMITED (01234567)');
    const json = JSON.parse((await credence(['chats', 'list', '--json'], env)).stdout) as { chat_id: string }[];
    expect(json.map((c) => c.chat_id)).toEqual([id]);

    const show = await credence(['chats', 'show', id], env);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('✓ Read the accounts');
    expect(show.stdout).toContain('Turnover was £12.3m[1]');
    expect(show.stdout).toContain('[1] Full accounts made up to 31/12/2024, page 7');

    expect((await credence(['chats', 'delete', id], env)).code).toBe(0);
    const gone = await credence(['chats', 'show', id], env);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('Chat not found');
  });
});
