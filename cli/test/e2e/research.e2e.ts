/**
 * `credence ask`, `credence chats` and the chat screen against the real API on the embedded
 * database with the sample data and the built-in analyst (no model): the plan ticks on stderr,
 * the answer's footnotes on stdout are the stored answer's citations, --json and --stream for
 * scripts, the chat kept and deleted, the quota's 402, and the chat screen in tmux at 80x24 from
 * a company to a cited page.
 */
import { before, describe, it } from 'node:test';
import { expect } from 'expect';
import {
  DEFAULT_SAMPLE_COMPANY_NUMBER,
  SUGGESTED_COMPANIES,
  citationFootnotes,
  footnoteLine,
  type ResearchAnswer,
  type SavedChat,
} from '@credence/shared';
import { API_ADMIN, BIN, credence, runNode, signedInUser, type ApiServer } from '../support/processes.js';
import { sharedApi } from '../support/shared-api.js';
import { Tmux } from './tmux.js';

const EMAIL = 'research.tester@example.com';
const PASSWORD = 'a long and unusual research passphrase';
const COMPANY = DEFAULT_SAMPLE_COMPANY_NUMBER;
const COMPANY_NAME = SUGGESTED_COMPANIES.find((c) => c.company_number === COMPANY)?.company_name ?? '';

describe('credence ask, chats and the chat screen against the real API', () => {
  let api: ApiServer;
  let env: Record<string, string>;

  before(async () => {
    api = await sharedApi();
    ({ env } = await signedInUser(api, { email: EMAIL, password: PASSWORD, name: 'Research Tester' }));
  });
  let chatId = '';

  it('ask: the plan ticks on stderr, the answer prints with the stored answer’s citations as numbered footnotes', async () => {
    const run = await credence(['ask', 'Create a summary sheet', '--company', COMPANY], env);
    expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
    const ticks = run.stderr.split('\n').filter((l) => /^[✓✗·] /.test(l));
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.every((l) => l.startsWith('✓ '))).toBe(true);
    chatId = /continue with --chat (\S+)/.exec(run.stderr)?.[1] ?? '';
    expect(chatId).not.toBe('');

    // the stored answer, as get_chat restores it, is what the footnotes number
    const shown = await credence(['chats', 'show', chatId, '--json'], env);
    const chat = JSON.parse(shown.stdout) as SavedChat;
    const answer = chat.details[0].observations;
    const footnotes = citationFootnotes(answer);
    expect(footnotes.length).toBeGreaterThan(0);
    for (const footnote of footnotes) expect(run.stdout).toContain(footnoteLine(footnote));
    expect(footnotes.some((f) => /, page \d+$/.test(f.label))).toBe(true);
    expect(run.stdout).toMatch(/\[1\]/);
    expect(run.stdout).not.toContain('[^c');
    expect(ticks.map((l) => l.slice(2))).toEqual(answer.thoughtProcess);
  });

  it('ask --json prints one document with the chat id and the answer; --stream prints the events as JSON Lines', async () => {
    const json = await credence(['ask', 'Capital structure analysis', '--company', COMPANY, '--json'], env);
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout) as { chat_id: string; answer: ResearchAnswer };
    expect(doc.chat_id).toMatch(/\S/);
    expect(doc.answer.citations.length).toBeGreaterThan(0);
    expect(doc.answer.text).toMatch(/\[\^c\d+\]/);

    const stream = await credence(['ask', 'Covenant summary', '--company', COMPANY, '--stream'], env);
    expect(stream.code).toBe(0);
    const events = stream.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; type: string; data: unknown });
    expect(events[0].type).toBe('plan');
    expect(events.at(-1)?.type).toBe('done');
    expect(events.every((e) => /\S+:\d+/.test(e.id))).toBe(true);
  });

  it('chats list shows the chats; delete removes one', async () => {
    const list = await credence(['chats', 'list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(chatId);
    expect(list.stdout).toContain('Create a summary sheet');
    expect(list.stdout).toContain(COMPANY);
    const json = JSON.parse((await credence(['chats', 'list', '--json'], env)).stdout) as { chat_id: string }[];
    expect(json.length).toBe(3);
    const last = json.find((c) => c.chat_id !== chatId)!.chat_id;
    expect((await credence(['chats', 'delete', last], env)).code).toBe(0);
    const gone = await credence(['chats', 'show', last], env);
    expect(gone.code).toBe(1);
  });

  it('the chat screen at 80x24: from a company, a question, the plan and answer, Enter on a source shows its page text', async () => {
    const term = new Tmux();
    try {
      // without colours a highlighted figure shows as »figure«, which the screen's text keeps
      term.start([process.execPath, BIN, '--no-color'], env, 80, 24);
      await term.waitFor((s) => s.includes('Choose a database'), 'home');
      term.keys('/');
      await term.waitFor((s) => s.includes('Search: '), 'the search');
      term.type(COMPANY);
      await term.waitFor((s) => new RegExp(`›\\s*${COMPANY_NAME}`).test(s), 'the company chosen in the results', 20_000);
      term.keys('Enter');
      await term.waitFor((s) => s.includes('Key Figures'), 'the company', 20_000);
      term.keys('a');
      await term.waitFor((s) => s.includes(`Ask about ${COMPANY_NAME}`), 'the chat about the company');
      term.type('Create a summary sheet');
      term.keys('Enter');
      await term.waitFor((s) => s.includes('── Sources') && !s.includes('answering…'), 'the whole answer and its sources', 30_000);
      expect(term.lines()).toHaveLength(24);
      expect(term.lines().every((l) => [...l].length <= 80)).toBe(true);
      // the plan above the answer, every step ticked
      term.keys('Tab');
      term.keys('g');
      const head = await term.waitFor((s) => s.includes('› Create a summary sheet'), 'the top of the chat');
      expect(head).toMatch(/\n\s+✓ \S/);
      expect(head).not.toMatch(/\n\s+[✗·] \S/);
      // up from the last target (a related question) to a source that cites a page of a filing
      const onPage = /› (\[\d+\] .*, page (\d+))/;
      // one step at a time, each drawn before the next: keys sent faster than a loaded machine
      // draws them would pass the sources and stop on the question at the top
      let screen = head;
      for (let i = 0; i < 40 && !onPage.test(screen); i++) {
        term.keys('k');
        screen = await term.waitForChange(screen, 'the selection one step up');
      }
      const chosen = onPage.exec(await term.waitFor((s) => onPage.test(s), 'a source on a page chosen'))!;
      term.keys('Enter');
      // the page's whole text read from the API ("Page n of m"), not the citation's quote alone
      const page = await term.waitFor((s) => new RegExp(`Page ${chosen[2]} of \\d+`).test(s), 'the cited page', 20_000);
      expect(page).toContain(chosen[1].slice(0, 40));
      expect(page).not.toContain('Could not read the page');
      expect(page).toContain('Esc back to the answer');
      const body = term.lines().slice(5, -3);
      expect(body.filter((l) => l.trim() !== '').length).toBeGreaterThanOrEqual(10);
      // the figure highlighted where the page prints it
      expect(page).toMatch(/»[^«\n]*\d[^«\n]*«/);
      expect(term.lines()).toHaveLength(24);
      expect(term.lines().every((l) => [...l].length <= 80)).toBe(true);
      // the page scrolls: its top, then a screen down
      term.keys('g');
      const pageTop = await term.waitFor((s) => /lines 1-\d+ of \d+/.test(s), 'the top of the page');
      term.keys('PageDown');
      await term.waitFor((s) => s !== pageTop && !/lines 1-\d+ of/.test(s), 'a screen down');
      term.keys('Escape');
      await term.waitFor((s) => s.includes('── Sources'), 'the answer again');
      term.keys('Escape');
      await term.waitFor((s) => s.includes('Key Figures'), 'back at the company');
      term.keys('q');
      await term.waitFor((s) => s.includes('EXIT=0'), 'the exit');
    } finally {
      term.stop();
    }
  });

  it('a user over the allowance is told "You have exceeded your quota!" (exit 1)', async () => {
    const set = await runNode(API_ADMIN, ['user', 'credits', EMAIL, '0'], api.env);
    expect(set.code).toBe(0);
    const run = await credence(['ask', 'Create a summary sheet', '--company', COMPANY], env);
    expect({ code: run.code, stderr: run.stderr.trim() }).toEqual({ code: 1, stderr: 'credence: You have exceeded your quota!' });
  });
});
