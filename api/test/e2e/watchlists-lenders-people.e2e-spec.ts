/**
 * Lenders and people in watchlists (issue 29 section 3): a list that watches a lender is alerted
 * to every company's charges naming it, one that watches a person to their appointments and PSC
 * entries, through the real stream consumer; each change once per user however many ways it is
 * watched, the alert saying why; the other user sees none; another user's list is a 404.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { DataSource } from 'typeorm';
import { lenderKey } from '@credence/shared';
import { writeProfiles } from '../../src/modules/companies-house/import/ch-api.writer.js';
import { StreamServer, type Day } from '../support/ch-stream-server.js';
import { consume, dayBuilder } from '../support/stream-consume.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const [L1, L2, L3, L4] = ['32000001', '32000002', '32000003', '32000004'];
const FIONA = 'FionaReidOfficerId01';
const OTHER = 'SomeoneElseOfficer02';

/** The day: charges to Barclays (new, on a watched company, satisfied), to HSBC, and Fiona Reid resigning and becoming a PSC. */
function day(): Day {
  const { day: events, emit } = dayBuilder(7000);
  const charge = (n: string, id: string, data: Record<string, unknown>) =>
    emit('charges', `/company/${n}/charges/${id}`, { links: { self: `/company/${n}/charges/${id}` }, ...data });
  charge(L2, 'newL2', {
    charge_code: `${L2}0002`,
    status: 'outstanding',
    persons_entitled: [{ name: 'Barclays Bank PLC as Security Agent' }],
  });
  charge(L1, 'newL1', { charge_code: `${L1}0002`, status: 'outstanding', persons_entitled: [{ name: 'BARCLAYS BANK PLC' }] });
  charge(L3, 'oldL3', { charge_code: `${L3}0001`, status: 'fully-satisfied', satisfied_on: '2026-11-26' });
  charge(L4, 'newL4', { charge_code: `${L4}0002`, status: 'outstanding', persons_entitled: [{ name: 'HSBC UK Bank PLC' }] });
  const appointment = (n: string, key: string, officerId: string, data: Record<string, unknown>) =>
    emit('officers', `/company/${n}/appointments/${key}`, {
      officer_role: 'director',
      links: { self: `/company/${n}/appointments/${key}`, officer: { appointments: `/officers/${officerId}/appointments` } },
      ...data,
    });
  appointment(L2, 'fionaL2', FIONA, { name: 'REID, Fiona', appointed_on: '2019-01-01', resigned_on: '2026-11-27' });
  appointment(L2, 'otherL2', OTHER, { name: 'JONES, Mark', appointed_on: '2026-11-27' });
  emit('pscs', `/company/${L3}/persons-with-significant-control/individual/pscFiona`, {
    kind: 'individual-person-with-significant-control',
    name: 'Mrs Fiona Jane Reid',
    name_elements: { title: 'Mrs', forename: 'Fiona', middle_name: 'Jane', surname: 'Reid' },
    date_of_birth: { month: 5, year: 1970 },
    notified_on: '2026-11-27',
    natures_of_control: ['ownership-of-shares-25-to-50-percent'],
  });
  return events;
}

async function seed(db: DataSource): Promise<void> {
  await db.transaction((m) =>
    writeProfiles(
      m,
      [L1, L2, L3, L4].map((n) => ({
        company_number: n,
        company_name: `LENT ${n} LIMITED`,
        company_status: 'Active',
        source: 'api' as const,
      })),
    ),
  );
  for (const [id, n, lender] of [
    ['oldL1', L1, 'Barclays Bank PLC'],
    ['oldL3', L3, 'BARCLAYS BANK PLC'],
  ]) {
    await db.query(`INSERT INTO charges (charge_id, company_number, status, charge_code) VALUES ($1, $2, 'outstanding', $3)`, [
      id,
      n,
      `${n}0001`,
    ]);
    await db.query(`INSERT INTO charge_lenders (charge_id, position, raw_name, lender_key) VALUES ($1, 0, $2, $3)`, [
      id,
      lender,
      lenderKey(lender),
    ]);
  }
  for (const [n, key, id, name] of [
    [L2, 'fionaL2', FIONA, 'REID, Fiona'],
    [L1, 'fionaL1', FIONA, 'REID, Fiona'],
  ])
    await db.query(
      `INSERT INTO officers (company_number, officer_key, name, officer_role, appointed_on, birth_month, birth_year, appointments_link)
       VALUES ($1, $2, $3, 'director', '2019-01-01', 5, 1970, $4)`,
      [n, key, name, `/officers/${id}/appointments`],
    );
}

describe('watchlists of lenders and people: the real stream consumer, one alert per user and change, saying why', () => {
  let t: TestApi;
  let a: string;
  let b: string;
  let listA = '';
  let listB = '';
  const server = new StreamServer(day());
  let url = '';

  before(async () => {
    t = await startTestApi();
    url = await server.listen();
    a = await t.activeUser('lenders-a@credence.test');
    b = await t.activeUser('lenders-b@credence.test');
    await seed(t.api.dataSource);
  });
  after(async () => {
    await server.close();
    await t?.close();
  });

  it('adds lenders by the name charges file and people by officer id, answers names it does not hold, and keeps lists private', async () => {
    listA = (await t.request('POST', '/api/watchlists', { token: a, body: { name: 'Lenders' } })).body.data.watchlist.id;
    listB = (await t.request('POST', '/api/watchlists', { token: b, body: { name: 'Lenders' } })).body.data.watchlist.id;
    await t.request('POST', `/api/watchlists/${listA}/add`, { token: a, body: { company_numbers: [L1] } });
    const lenders = await t.request('POST', `/api/watchlists/${listA}/lenders/add`, {
      token: a,
      body: { lenders: ['BARCLAYS BANK PLC', 'Barclays Bank plc', 'Nobody Bank Ltd'] },
    });
    expect(lenders.body.data).toEqual({ added: ['BARCLAYS BANK PLC'], already: [], unknown: ['Nobody Bank Ltd'], total: 1 });
    const people = await t.request('POST', `/api/watchlists/${listA}/people/add`, {
      token: a,
      body: { officer_ids: [`/officers/${FIONA}/appointments`, 'UnknownOfficer99'] },
    });
    expect(people.body.data).toEqual({ added: [FIONA], already: [], unknown: ['UnknownOfficer99'], total: 1 });
    const again = await t.request('POST', `/api/watchlists/${listA}/people/add`, { token: a, body: { officer_ids: [FIONA] } });
    expect(again.body.data).toEqual({ added: [], already: [FIONA], unknown: [], total: 1 });

    const detail = (await t.request('GET', `/api/watchlists/${listA}`, { token: a })).body.data.watchlist;
    expect(detail).toEqual(expect.objectContaining({ companies: 1, lenders: 1, people: 1 }));
    expect(detail.lender_list).toEqual([
      expect.objectContaining({ lender_name: 'BARCLAYS BANK PLC', lender_key: 'BARCLAYS BANK', companies: 2 }),
    ]);
    expect(detail.people_list).toEqual([expect.objectContaining({ officer_id: FIONA, name: 'REID, Fiona', appointments: 2 })]);

    for (const path of ['lenders/add', 'lenders/remove', 'people/add', 'people/remove']) {
      const body = path.startsWith('lenders') ? { lenders: ['Barclays Bank PLC'] } : { officer_ids: [FIONA] };
      const other = await t.request('POST', `/api/watchlists/${listA}/${path}`, { token: b, body });
      expect(other.status).toBe(404);
    }
    const blank = await t.request('POST', `/api/watchlists/${listA}/lenders/add`, { token: a, body: { lenders: ['  '] } });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toMatch(/lenders must be a list of 1 to 100 lender names/);
    const badId = await t.request('POST', `/api/watchlists/${listA}/people/add`, { token: a, body: { officer_ids: ['not an id!'] } });
    expect(badId.status).toBe(400);
    expect(JSON.stringify(badId.body)).toMatch(/officer_ids must be a list of 1 to 100 officer ids/);
    const badList = await t.request('POST', `/api/watchlists/not-a-list/lenders/add`, {
      token: a,
      body: { lenders: ['Barclays Bank PLC'] },
    });
    expect(badList.status).toBe(400);
    expect(JSON.stringify(badList.body)).toMatch(/id must be a watchlist id/);
    const extra = await t.request('POST', `/api/watchlists/${listA}/lenders/add`, {
      token: a,
      body: { lenders: ['Barclays Bank PLC'], x: 1 },
    });
    expect(extra.status).toBe(400);
  });

  it('raises one alert for each change to a watched lender or person, saying why, and none for the other user', async () => {
    await t.request('POST', `/api/watchlists/${listB}/add`, { token: b, body: { company_numbers: [L4] } });
    await consume(t.api.dataSource, url, server.day);
    const mine = (await t.request('GET', '/api/alerts?limit=500', { token: a })).body.data.alerts as {
      kind: string;
      company_number: string;
      via: string | null;
      watchlist: string;
    }[];
    const shape = mine.map((x) => `${x.company_number} ${x.kind} ${x.via ?? 'the company'}`).sort();
    expect(shape).toEqual(
      [
        `${L1} charge-created the company`,
        `${L2} charge-created lender BARCLAYS BANK PLC`,
        `${L2} officer-resigned person REID, Fiona`,
        `${L3} charge-satisfied lender BARCLAYS BANK PLC`,
        `${L3} psc-change person REID, Fiona`,
      ].sort(),
    );
    expect(mine.every((x) => x.watchlist === 'Lenders')).toBe(true);
    const theirs = (await t.request('GET', '/api/alerts?limit=500', { token: b })).body.data.alerts as {
      kind: string;
      company_number: string;
    }[];
    expect(theirs.map((x) => `${x.company_number} ${x.kind}`)).toEqual([`${L4} charge-created`]);

    // The day again (a restart from an older position): nothing new.
    await t.api.dataSource.query(`UPDATE ch_stream_positions SET timepoint = NULL`);
    await consume(t.api.dataSource, url, server.day);
    expect((await t.request('GET', '/api/alerts?limit=500', { token: a })).body.data.alerts).toHaveLength(5);
  });

  it('takes lenders, people and companies off a list, answering what it took', async () => {
    const lender = await t.request('POST', `/api/watchlists/${listA}/lenders/remove`, {
      token: a,
      body: { lenders: ['Barclays Bank PLC'] },
    });
    expect(lender.body.data).toEqual({ removed: ['BARCLAYS BANK PLC'], total: 0 });
    const person = await t.request('POST', `/api/watchlists/${listA}/people/remove`, { token: a, body: { officer_ids: [FIONA] } });
    expect(person.body.data).toEqual({ removed: [FIONA], total: 0 });
    const company = await t.request('POST', `/api/watchlists/${listA}/remove`, { token: a, body: { company_numbers: [L1] } });
    expect(company.body.data).toEqual({ removed: [L1], companies: 0 });
    expect((await t.request('GET', '/api/watchlists', { token: a })).body.data.watchlists).toEqual([
      expect.objectContaining({ name: 'Lenders', companies: 0, lenders: 0, people: 0 }),
    ]);
  });
});
