/**
 * Lenders and people on a watchlist from the terminal (issue 29 section 3) end to end: the real API
 * on the embedded database with sample data, consuming the Companies House streams from the test's
 * live stand-in. Ann watches a lender and a person with `credence watch add --lender/--person`;
 * a charge to that lender on a company she does not watch, and that person resigning, each reach
 * her `credence alerts` once, saying why; Ben, who watches neither, gets nothing (exit 3). Bad
 * flags exit 2 naming the fix; `watch rm --lender/--person` takes them off.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { rmSync } from 'node:fs';
import type { CompanyOverview, OfficersResponse } from '@credence/shared';
import { LiveChStream } from '@credence/shared/live-ch-stream';
import { credence, signedInUser, startApi, type ApiServer } from '../support/processes.js';

const COMPANY = '00123456';

interface Alerted {
  kind: string;
  company_number: string;
  via: string | null;
}

describe('credence watch add --lender/--person: alerts through a lender and a person, each user their own', () => {
  const stream = new LiveChStream('cli-e2e-people-key');
  let api: ApiServer;
  let ann: Record<string, string>;
  let ben: Record<string, string>;
  let lender = '';
  let person = { link: '', name: '' };
  let other = '';

  before(async () => {
    const url = await stream.listen();
    api = await startApi({ CH_STREAM_KEY: stream.key, CH_STREAM_URL: url });
    const signedAnn = await signedInUser(api, { email: 'ann@people.test', password: 'a long and unusual people passphrase', name: 'Ann' });
    ann = signedAnn.env;
    ({ env: ben } = await signedInUser(api, { email: 'ben@people.test', password: 'another long people passphrase', name: 'Ben' }));
    const get = async <T>(path: string): Promise<T> => {
      const reply = await fetch(`${api.url}/api/${path}`, { headers: { authorization: `Bearer ${signedAnn.token}` } });
      if (!reply.ok) throw new Error(`${path} answered ${reply.status}`);
      return (await reply.json()) as T;
    };
    const overview = await get<CompanyOverview>(`companies_house/get_overview?company_number=${COMPANY}`);
    lender = overview.charges.charges.flatMap((c) => c.persons_entitled)[0].name;
    const officers = await get<OfficersResponse>(`companies_house/officers?company_number=${COMPANY}`);
    const officer = officers.officers.data.find((o) => o.links.officer.appointments)!;
    person = { link: officer.links.officer.appointments!, name: officer.name };
    const top = await get<{ data: { companies: { company_number: string }[] } }>(
      'companies_house/get-screener-info?page=1&page_size=10&sort_by=turnover&sort_order=desc',
    );
    other = top.data.companies.map((c) => c.company_number).find((n) => n !== COMPANY)!;
  });
  after(async () => {
    await stream.close();
    await api?.stop();
    if (api) rmSync(api.dataDir, { recursive: true, force: true });
  });

  it('adds a lender and a person, lists them, and alerts through each once, saying why', async () => {
    const added = await credence(['watch', 'add', '--lender', lender, '--person', person.link, '--list', 'Book'], ann);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(`Watching lenders ${lender} in "Book"`);
    expect(added.stdout).toContain(`Watching people ${person.link.split('/')[2]} in "Book"`);
    const unknown = await credence(['watch', 'add', '--lender', 'Nobody Lends Here Ltd', '--list', 'Book'], ann);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Not added (no charge Credence holds names them): Nobody Lends Here Ltd');
    const bad = await credence(['watch', 'add', '--person', 'not an id!'], ann);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--person "not an id!" is not an officer id');

    const lists = await credence(['watch', 'ls'], ann);
    expect(lists.stdout).toMatch(/Book\s+0\s+1\s+1\s+/);
    const book = await credence(['watch', 'ls', '--list', 'Book'], ann);
    expect(book.stdout).toContain('Lenders (every company whose charges name one)');
    expect(book.stdout).toContain(lender);
    expect(book.stdout).toContain(person.name);
    expect(book.stdout).toMatch(/appointments? held · officer id/);

    await stream.connected('charges');
    await stream.connected('officers');
    stream.publish('charges', `/company/${other}/charges/viaLender1`, {
      charge_code: `${other}0077`,
      status: 'outstanding',
      created_on: '2026-11-28',
      persons_entitled: [{ name: `${lender.toUpperCase()} as Security Agent` }],
      links: { self: `/company/${other}/charges/viaLender1` },
    });
    stream.publish('officers', `/company/${other}/appointments/viaPerson1`, {
      name: person.name,
      officer_role: 'director',
      appointed_on: '2020-01-01',
      resigned_on: '2026-11-28',
      links: { self: `/company/${other}/appointments/viaPerson1`, officer: { appointments: person.link } },
    });
    let mine: Alerted[] = [];
    const deadline = Date.now() + 60_000;
    while (mine.filter((a) => a.company_number === other).length < 2) {
      if (Date.now() > deadline) throw new Error(`the alerts never came: ${JSON.stringify(mine)}`);
      const run = await credence(['alerts', '--json'], ann);
      mine = run.code === 0 ? JSON.parse(run.stdout) : [];
    }
    expect(
      mine
        .filter((a) => a.company_number === other)
        .map((a) => `${a.kind} ${a.via}`)
        .sort(),
    ).toEqual([`charge-created lender ${lender}`, `officer-resigned person ${person.name}`]);
    const words = await credence(['alerts'], ann);
    expect(words.stdout).toContain(`via lender ${lender}`);
    const theirs = await credence(['alerts', '--json'], ben);
    expect(theirs.code).toBe(3);
    expect(JSON.parse(theirs.stdout)).toEqual([]);

    const rm = await credence(['watch', 'rm', '--lender', lender, '--person', person.link, '--list', 'Book'], ann);
    expect(rm.code).toBe(0);
    expect(rm.stdout).toContain(`No longer watching ${lender}, ${person.link.split('/')[2]}`);
    expect((await credence(['watch', 'ls'], ann)).stdout).toMatch(/Book\s+0\s+0\s+0\s+/);
  });
});
