/**
 * Alerts in the full-screen UI (issue 29 §3 and §5) end to end: the real API on the embedded
 * database with sample data, consuming the Companies House streams from the test's live stand-in
 * (CH_STREAM_URL), two users signed in, each with `credence` open in a real terminal (tmux), one
 * at 120x40 and one at 80x24. Ann watches a company with `credence watch add`; Ben watches another
 * with w on its page. A charge published on each company's stream reaches its watcher's alerts
 * view live (no key pressed) and never the other's; the register's text in it is inert (a title
 * sequence does not retitle the terminal, a clear-screen does not clear it).
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { rmSync } from 'node:fs';
import { LiveChStream } from '@credence/shared/live-ch-stream';
import { BIN, credence, signedInUser, startApi, type ApiServer } from '../support/processes.js';
import { Tmux } from './tmux.js';

const ANN_COMPANY = '00123456';
const ANN_NAME = 'BRITANNIA ENGINEERING GROUP PLC';

function charge(number: string, id: string, lender: string) {
  return {
    charge_code: `${number}0099`,
    status: 'outstanding',
    created_on: '2026-11-27',
    classification: { type: 'charge-description', description: 'A registered charge' },
    persons_entitled: [{ name: lender }],
    links: { self: `/company/${number}/charges/${id}` },
  };
}

/** Every row of the screen within the terminal, and exactly its rows. */
function fitsTerminal(screen: string, columns: number, rows: number): void {
  const lines = screen.replace(/\n$/, '').split('\n');
  expect(lines).toHaveLength(rows);
  for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(columns);
}

/**
 * Selects the first alert whose row holds `text` and answers the screen. The list is newest first,
 * and the hourly dated-alerts job's first run (5 s after the API starts) can raise the company's
 * identity-verification alerts after a charge the test published, above it, on a machine quick
 * enough to get there within those 5 s. A move selects by alert, so rows that come later no longer
 * move the selection: k first pins it even when the alert is already on top.
 */
async function selectAlert(term: Tmux, text: string): Promise<string> {
  term.type('k');
  let screen = term.screen();
  for (let moves = 0; moves < 20; moves++) {
    if (screen.split('\n').some((line) => line.includes('›●') && line.includes(text))) return screen;
    term.type('j');
    screen = await term.waitForChange(screen, `the selection moving down to "${text}"`);
  }
  throw new Error(`No alert row holds "${text}":\n${screen}`);
}

describe('alerts in the full-screen UI, live, each user their own', () => {
  const stream = new LiveChStream('cli-e2e-stream-key');
  let api: ApiServer;
  let ann: Record<string, string>;
  let ben: Record<string, string>;
  let benCompany: { number: string; name: string };

  before(async () => {
    const url = await stream.listen();
    api = await startApi({ CH_STREAM_KEY: stream.key, CH_STREAM_URL: url });
    ({ env: ann } = await signedInUser(api, {
      email: 'ann@alerts.test',
      password: 'a long and unusual alerts passphrase',
      name: 'Ann Alerts',
    }));
    const signedBen = await signedInUser(api, { email: 'ben@alerts.test', password: 'another long alerts passphrase', name: 'Ben Alerts' });
    ben = signedBen.env;
    const top = await fetch(`${api.url}/api/companies_house/get-screener-info?page=1&page_size=10&sort_by=turnover&sort_order=desc`, {
      headers: { authorization: `Bearer ${signedBen.token}` },
    });
    const body = (await top.json()) as { data?: { companies: { company_number: string; company_name: string }[] } };
    if (!body.data) throw new Error(`the screener answered ${top.status}: ${JSON.stringify(body)}`);
    const companies = body.data.companies;
    const other = companies.find((c) => c.company_number !== ANN_COMPANY)!;
    benCompany = { number: other.company_number, name: other.company_name };
  });
  after(async () => {
    await stream.close();
    await api?.stop();
    if (api) rmSync(api.dataDir, { recursive: true, force: true });
  });

  it("shows a watched company's new charge live to its watcher only, with its source, inert, at 120x40 and 80x24", async () => {
    const added = await credence(['watch', 'add', ANN_COMPANY], ann);
    expect(added.code).toBe(0);
    const annTerm = new Tmux();
    const benTerm = new Tmux();
    try {
      annTerm.start([process.execPath, BIN], ann, 120, 40);
      benTerm.start([process.execPath, BIN], ben, 80, 24);

      // Ann: A from home, the key help names it
      await annTerm.waitFor((s) => s.includes('Choose a database') && s.includes('Ann Alerts') && s.includes('A alerts'), 'home');
      annTerm.type('?');
      await annTerm.waitFor((s) => /A\s+alerts: your watched companies' changes, live/.test(s), 'the key help');
      // ? closes it (an Esc then A at once would read as Alt-A)
      annTerm.type('?');
      await annTerm.waitFor((s) => s.includes('Choose a database'), 'home again');
      annTerm.type('A');
      await annTerm.waitFor((s) => s.includes('Credence › Databases › Alerts') && /unread alert/.test(s), "Ann's alerts");

      // Ben: his company by number, w on its page, then A
      await benTerm.waitFor((s) => s.includes('Choose a database') && s.includes('Ben Alerts'), "Ben's home");
      benTerm.type('/');
      await benTerm.waitFor((s) => s.includes('Search: '), 'the search field');
      benTerm.type(benCompany.number);
      await benTerm.waitFor((s) => new RegExp(`›.*${benCompany.number}`).test(s), 'the result');
      benTerm.keys('Enter');
      await benTerm.waitFor((s) => s.includes(`· ${benCompany.number}`) && s.includes('not watched'), 'the company, not watched');
      benTerm.type('w');
      let screen = await benTerm.waitFor((s) => s.includes('★ watched') && s.includes(`Watching ${benCompany.number}`), 'watched');
      fitsTerminal(screen, 80, 24);
      const lists = await credence(['watch', 'ls', '--list', 'Watchlist', '--json'], ben);
      expect(JSON.parse(lists.stdout).company_list.map((c: { company_number: string }) => c.company_number)).toEqual([benCompany.number]);
      benTerm.type('A');
      await benTerm.waitFor((s) => s.includes('Alerts · ') && s.includes('unread alert'), "Ben's alerts");

      // the server follows the charges stream: a charge on Ann's company, with escape codes in the lender's name
      await stream.connected('charges');
      stream.publish(
        'charges',
        `/company/${ANN_COMPANY}/charges/tuiA1`,
        charge(ANN_COMPANY, 'tuiA1', 'EVIL\u001b]0;pwned\u0007 BANK\u001b[2J PLC'),
      );
      screen = await annTerm.waitFor(
        (s) => s.includes(`New charge · ${ANN_COMPANY} ${ANN_NAME}`) && s.includes('EVIL'),
        "Ann's alert, live",
        30_000,
      );
      fitsTerminal(screen, 120, 40);
      screen = await selectAlert(annTerm, `New charge · ${ANN_COMPANY}`);
      expect(screen).toContain('Source on Companies House:');
      expect(annTerm.joinedScreen().replace(/\s+/g, '')).toContain(
        `https://find-and-update.company-information.service.gov.uk/company/${ANN_COMPANY}/charges/tuiA1`,
      );
      // inert: the codes are shown, the terminal is neither retitled nor cleared
      expect(screen).toContain('EVIL^[]0;pwned^G BANK^[[2J PLC');
      expect(annTerm.title()).not.toContain('pwned');
      expect(screen).toContain('Credence › Databases › Alerts');

      // a charge on Ben's company reaches Ben; by then Ann's would have come too: neither sees the other's
      stream.publish(
        'charges',
        `/company/${benCompany.number}/charges/tuiB1`,
        charge(benCompany.number, 'tuiB1', 'Shawbrook Bank Limited'),
      );
      screen = await benTerm.waitFor((s) => s.includes(`New charge · ${benCompany.number}`), "Ben's alert, live", 30_000);
      fitsTerminal(screen, 80, 24);
      expect(screen).not.toContain(ANN_COMPANY);
      expect(screen).toContain('Shawbrook Bank Limited');
      expect(annTerm.screen()).not.toContain(benCompany.number);
      const annAlerts = JSON.parse((await credence(['alerts', '--json'], ann)).stdout) as { company_number: string }[];
      expect(new Set(annAlerts.map((a) => a.company_number))).toEqual(new Set([ANN_COMPANY]));
      const benAlerts = JSON.parse((await credence(['alerts', '--json'], ben)).stdout) as { company_number: string }[];
      expect(new Set(benAlerts.map((a) => a.company_number))).toEqual(new Set([benCompany.number]));

      expect(await selectAlert(benTerm, `New charge · ${benCompany.number}`)).toMatch(/›● New charge · /);
      // R marks Ann's read; Enter opens the company
      annTerm.type('R');
      await annTerm.waitFor((s) => s.includes('No unread alerts'), 'read');
      annTerm.keys('Enter');
      await annTerm.waitFor((s) => s.includes(`${ANN_NAME} · ${ANN_COMPANY}`) && s.includes('★ watched (Watchlist)'), 'the company');
    } finally {
      annTerm.stop();
      benTerm.stop();
    }
  });
});
