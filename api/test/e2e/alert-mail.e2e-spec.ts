/**
 * Alert e-mail (issue 29 section 5): two users watching overlapping companies each get only their
 * own alerts in the outbox; a burst is one mail, sent once the grouping window has passed; a daily
 * digest arrives at the configured hour and not before (the app's clock moved on); each mail names
 * the count and companies, carries every alert's kind, company, change, time and source, keeps
 * register text inert in HTML, and has a one-click unsubscribe that works without signing in; a
 * tampered link changes nothing; a list whose e-mail is off is sent nothing.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { outboxMails, type OutboxMail } from '@credence/shared/mail';
import { CLOCK, type Clock } from '../../src/core/clock.js';
import { writeProfiles } from '../../src/modules/companies-house/import/ch-api.writer.js';
import { writeAlerts, type Change } from '../../src/modules/watchlists/alerts/alert-writer.js';
import { AlertMailService } from '../../src/modules/watchlists/mail/alert-mail.service.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const [C1, C2, C3] = ['32000001', '32000002', '32000003'];
const NAMES: Record<string, string> = {
  [C1]: 'FIRST MAIL LIMITED',
  [C2]: '<script>alert(1)</script> & <b>BOLD</b> LIMITED',
  [C3]: 'THIRD MAIL LIMITED',
};
const A = 'mail-a@credence.test';
const B = 'mail-b@credence.test';
/** Two hours on from now: the digest is due neither at the start nor within the run. */
const DIGEST_HOUR = (new Date().getUTCHours() + 2) % 24;
let serial = 0;

function change(company: string, kind: Change['kind'] = 'charge-created'): Change {
  serial += 1;
  return {
    company_number: company,
    kind,
    summary: `Charge ${company}000${serial} created, in favour of Shawbrook Bank <i>Limited</i>`,
    published_at: '2026-11-28T09:01:00.000Z',
    resource_uri: `/company/${company}/charges/mail${serial}`,
    dedupe_key: `mail-test:${serial}`,
  };
}

describe('alert e-mail: immediate and daily digest, each user only their own, one-click unsubscribe', () => {
  let t: TestApi;
  let a = '';
  let b = '';
  let listA = '';
  let listB = '';
  let clock: Clock;
  let mailer: AlertMailService;
  const realNow = () => Date.now();
  const alertMails = async (to: string) => (await outboxMails(t.environment.dataDir, to)).filter((m) => /alert/i.test(m.subject));
  /** Waits until `to` has `count` alert mails (the mail job runs in the background), answers them. */
  async function waitMails(to: string, count: number): Promise<OutboxMail[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const mails = await alertMails(to);
      if (mails.length >= count) return mails;
      if (Date.now() > deadline) throw new Error(`${to} has ${mails.length} alert mails, not ${count}, after 15 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const raise = (...changes: Change[]) => t.api.dataSource.transaction((m) => writeAlerts(m, changes));
  const roundAt = (ms: number) => {
    clock.now = () => ms;
    return mailer.round();
  };
  const emailOf = async (token: string, id: string) =>
    (await t.request('GET', `/api/watchlists/${id}`, { token })).body.data.watchlist.email as string;

  before(async () => {
    // RUN_JOBS off: no background round; the test runs each round on the clock it sets.
    t = await startTestApi({ RUN_JOBS: 'false', ALERT_DIGEST_HOUR: String(DIGEST_HOUR), ALERT_MAIL_WINDOW_SECONDS: '60' });
    clock = t.api.app.get(CLOCK);
    mailer = t.api.app.get(AlertMailService);
    a = await t.activeUser(A);
    b = await t.activeUser(B);
    await t.api.dataSource.transaction((m) =>
      writeProfiles(
        m,
        [C1, C2, C3].map((n) => ({ company_number: n, company_name: NAMES[n], company_status: 'Active', source: 'api' as const })),
      ),
    );
    const make = async (token: string, name: string, numbers: string[]) => {
      const made = await t.request('POST', '/api/watchlists', { token, body: { name, email: 'immediate' } });
      expect(made.status).toBe(201);
      const id = made.body.data.watchlist.id as string;
      expect((await t.request('POST', `/api/watchlists/${id}/add`, { token, body: { company_numbers: numbers } })).status).toBeLessThan(
        300,
      );
      return id;
    };
    listA = await make(a, 'Lenders', [C1, C2]);
    listB = await make(b, 'Borrowers', [C2, C3]);
  });
  after(async () => {
    if (clock) clock.now = realNow;
    await t?.close();
  });

  it('mails a burst as one mail per user after the window, with only their own alerts, inert in HTML', async () => {
    expect(await raise(change(C1), change(C2), change(C3), change(C1, 'officer-appointed'))).toBe(5);
    expect(await roundAt(Date.now())).toEqual({ mails: 0, alerts: 0 });
    expect(await roundAt(Date.now() + 61_000)).toEqual({ mails: 2, alerts: 5 });
    const [mailA] = await waitMails(A, 1);
    const [mailB] = await waitMails(B, 1);
    expect(await alertMails(A)).toHaveLength(1);

    expect(mailA.subject).toBe(`3 alerts: ${C1} FIRST MAIL LIMITED, ${C2} <script>alert(1)</script> & <b>BOLD</b> LIMITED`);
    expect(mailA.text).toContain(`New charge: ${C1} FIRST MAIL LIMITED`);
    expect(mailA.text).toContain('Officer appointed');
    expect(mailA.text).toContain('published 2026-11-28 09:01');
    expect(mailA.text).toMatch(
      /Source on Companies House: https:\/\/find-and-update\.company-information\.service\.gov\.uk\/company\/32000001\/charges\/mail\d/,
    );
    expect(mailA.text).not.toContain(C3);
    expect(mailB.subject).toMatch(/^2 alerts: /);
    expect(mailB.text).toContain(C3);
    expect(mailB.text).not.toContain(C1);

    // Register text is inert in the HTML part: escaped, never markup.
    expect(mailA.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;BOLD&lt;/b&gt;');
    expect(mailA.html).not.toMatch(/<script|<b>|<i>/);
    expect(mailA.html).toContain('Shawbrook Bank &lt;i&gt;Limited&lt;/i&gt;');
    expect(mailA.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mailA.headers['list-unsubscribe']).toMatch(/^<http:\/\/credence\.test\/api\/alerts\/unsubscribe\?token=[^>]+>$/);

    // Mailed once: a later round finds nothing more.
    expect(await roundAt(Date.now() + 3_600_000)).toEqual({ mails: 0, alerts: 0 });
  });

  it('sends the daily digest at the configured hour, not before, with the alerts raised before it', async () => {
    const set = await t.request('POST', `/api/watchlists/${listB}/update`, { token: b, body: { email: 'digest' } });
    expect(set.status).toBeLessThan(300);
    expect(await emailOf(b, listB)).toBe('digest');
    await raise(change(C3), change(C2, 'charge-satisfied'));
    const day = new Date();
    let due = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), DIGEST_HOUR);
    if (due <= Date.now()) due += 86_400_000;

    expect(await roundAt(due - 60_000)).toEqual({ mails: 1, alerts: 1 }); // A's immediate alert for C2, not B's digest
    expect(await alertMails(B)).toHaveLength(1);
    expect(await roundAt(due + 60_000)).toEqual({ mails: 1, alerts: 2 });
    const mails = await waitMails(B, 2);
    expect(mails[1].subject).toMatch(/^Daily digest: 2 alerts: /);
    expect(mails[1].text).toContain('Charge satisfied');
    expect(mails[1].text).toContain('since the last digest');
    await waitMails(A, 2);
  });

  it('unsubscribes with one click without signing in; a tampered or missing token is refused and changes nothing', async () => {
    const [mail] = await alertMails(A);
    const link = /^<(http:\/\/credence\.test)(\/api\/alerts\/unsubscribe\?token=([^>]+))>$/.exec(mail.headers['list-unsubscribe'])!;
    expect(mail.text).toContain(`${link[1]}${link[2]}`);
    const path = link[2];
    const token = decodeURIComponent(link[3]);
    const tampered = `/api/alerts/unsubscribe?token=${encodeURIComponent(token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'))}`;
    const otherList = `/api/alerts/unsubscribe?token=${encodeURIComponent(`${listB}.${token.split('.')[1]}`)}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };

    for (const bad of [tampered, otherList]) {
      expect((await t.request('POST', bad, { body: 'List-Unsubscribe=One-Click', headers: form })).status).toBe(404);
      expect((await t.request('GET', bad)).status).toBe(404);
    }
    const missing = await t.request('POST', '/api/alerts/unsubscribe', { body: 'List-Unsubscribe=One-Click', headers: form });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('token must be');
    expect(await emailOf(a, listA)).toBe('immediate');
    expect(await emailOf(b, listB)).toBe('digest');

    // The link's page asks first (a mail scanner following it changes nothing) ...
    const page = await t.request('GET', path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('Stop alert e-mails?');
    expect(page.body).toContain('method="post"');
    expect(await emailOf(a, listA)).toBe('immediate');
    // ... and the one-click POST (RFC 8058), as a mail client sends it, turns the list's mail off.
    const done = await t.request('POST', path, { body: 'List-Unsubscribe=One-Click', headers: form });
    expect(done.status).toBe(200);
    expect(done.body).toContain('Unsubscribed');
    expect(await emailOf(a, listA)).toBe('off');
    expect(await emailOf(b, listB)).toBe('digest');

    // Off sends nothing: A's new alerts are settled unmailed, however long one waits.
    const before = (await alertMails(A)).length;
    await raise(change(C1), change(C1, 'officer-resigned'));
    expect(await roundAt(Date.now() + 86_400_000 * 2)).toEqual({ mails: 0, alerts: 0 });
    expect(await alertMails(A)).toHaveLength(before);
    const [{ count }] = await t.api.dataSource.query(
      `SELECT count(*)::int AS count FROM alerts a JOIN watchlists w ON w.id = a.watchlist_id WHERE w.id = $1 AND a.mail_done_at IS NULL`,
      [listA],
    );
    expect(count).toBe(0);
  });
});
