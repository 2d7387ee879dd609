import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { ACCOUNT_MESSAGES } from '@credence/shared';
import { useManualClock, type ManualClock } from '../support/manual-clock.js';
import { startTestApi, type Reply, type TestApi } from '../support/test-api.js';

/**
 * Sign-in brute-force protection (issue 13, security point 1): brute force is kept out without
 * handing attackers a lockout. Time is a manual clock: windows end when the test moves it on, and
 * the progressive delays are recorded instead of waited for.
 */

const PASSWORD = 'a perfectly fine passphrase';
const WRONG = 'definitely not the password';
const INVALID = { error: ACCOUNT_MESSAGES.invalidCredentials, statusCode: 401 };
const TOO_MANY = { error: ACCOUNT_MESSAGES.tooManyAttempts, statusCode: 429 };

let lastAddress = 0;
/** A client address no other request of this file has used. */
function freshAddress(): string {
  lastAddress += 1;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}

function signIn(t: TestApi, email: string, password: string, address?: string): Promise<Reply> {
  return t.request('POST', '/api/login', { body: { email, password }, headers: address ? { 'x-forwarded-for': address } : {} });
}

function expectBlocked(reply: Reply, windowSeconds = 60): void {
  expect({ status: reply.status, body: reply.body }).toEqual({ status: 429, body: TOO_MANY });
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

function expectSignedIn(reply: Reply): void {
  expect({ status: reply.status, token: reply.body.access_token }).toEqual({ status: 200, token: expect.any(String) });
}

describe('sign-in brute-force protection (behind a trusted proxy)', () => {
  let t: TestApi;
  let clock: ManualClock;
  before(async () => {
    // The client address comes from X-Forwarded-For, so each limit can be exercised on its own.
    t = await startTestApi({ TRUST_PROXY: 'true', LOGIN_ADDRESS_FAILURE_LIMIT: '40/60s' });
    clock = useManualClock(t);
  });
  after(() => t.close());

  it('never refuses the right password from an address that has not been failing, however many failures came from elsewhere', async () => {
    const email = 'victim@example.com';
    await t.activeUser(email);
    for (let i = 0; i < 12; i++) {
      const reply = await signIn(t, email, WRONG, freshAddress());
      expect({ attempt: i + 1, status: reply.status, body: reply.body }).toEqual({ attempt: i + 1, status: 401, body: INVALID });
    }
    expectSignedIn(await signIn(t, email, PASSWORD, freshAddress()));
    // The same account written differently is the same account.
    for (let i = 0; i < 6; i++) expect((await signIn(t, '  Victim@EXAMPLE.com ', WRONG, freshAddress())).status).toBe(401);
    expectSignedIn(await signIn(t, 'VICTIM@example.com', PASSWORD, freshAddress()));
  });

  it('slows an account under attack instead: from the 6th failure on, each attempt waits 1 s, then 2, 4, up to 8 s', async () => {
    const email = 'slowed@example.com';
    await t.activeUser(email);
    clock.takeWaits();
    for (let i = 0; i < 5; i++) expect((await signIn(t, email, WRONG, freshAddress())).status).toBe(401);
    expect(clock.takeWaits()).toEqual([]);
    for (let i = 0; i < 5; i++) expect((await signIn(t, email, WRONG, freshAddress())).status).toBe(401);
    expect(clock.takeWaits()).toEqual([1000, 2000, 4000, 8000, 8000]);
    // The owner waits too, but gets in; a success ends the slowing down.
    expectSignedIn(await signIn(t, email, PASSWORD, freshAddress()));
    expect(clock.takeWaits()).toEqual([8000]);
    expectSignedIn(await signIn(t, email, PASSWORD, freshAddress()));
    expect(clock.takeWaits()).toEqual([]);
  });

  it('refuses an address that keeps failing on one account, for that account only, until its window ends', async () => {
    const target = 'target.only@example.com';
    const neighbour = 'neighbour@example.com';
    await t.activeUser(target);
    await t.activeUser(neighbour);
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) expect((await signIn(t, target, WRONG, attacker)).body).toEqual(INVALID);
    expectBlocked(await signIn(t, target, WRONG, attacker));
    // Even the right password from that address: it has been guessing.
    expectBlocked(await signIn(t, target, PASSWORD, attacker));
    // The account from anywhere else, and other accounts from that address, are not refused.
    expectSignedIn(await signIn(t, target, PASSWORD, freshAddress()));
    expectSignedIn(await signIn(t, neighbour, PASSWORD, attacker));
    clock.advance(60_000);
    expectSignedIn(await signIn(t, target, PASSWORD, attacker));
  });

  it('does not let colleagues behind one office address lock each other out with typos', async () => {
    const office = freshAddress();
    const colleagues = Array.from({ length: 8 }, (_, i) => `colleague.${i + 1}@example.com`);
    for (const email of colleagues) await t.activeUser(email);
    // 32 failures from one address, 4 per person: the old limit (5 per address) locked everyone out at the 6th.
    for (const email of colleagues) {
      for (let i = 0; i < 4; i++) expect((await signIn(t, email, WRONG, office)).body).toEqual(INVALID);
    }
    for (const email of colleagues) expectSignedIn(await signIn(t, email, PASSWORD, office));
  });

  it('refuses an address spraying guesses over many accounts once it passes the per-address ceiling', async () => {
    const sprayer = freshAddress();
    const innocent = 'innocent@example.com';
    await t.activeUser(innocent);
    // 40 accounts, one guess each (unknown e-mails count like known ones).
    for (let i = 1; i <= 40; i++) expect((await signIn(t, `sprayed.${i}@example.com`, WRONG, sprayer)).body).toEqual(INVALID);
    expectBlocked(await signIn(t, 'sprayed.41@example.com', WRONG, sprayer));
    expectBlocked(await signIn(t, innocent, PASSWORD, sprayer));
    expectSignedIn(await signIn(t, innocent, PASSWORD, freshAddress()));
    clock.advance(60_000);
    expectSignedIn(await signIn(t, innocent, PASSWORD, sprayer));
  });

  it('keeps password reset possible for an account under attack, and the new password works', async () => {
    const email = 'reset.under.attack@example.com';
    await t.activeUser(email);
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) await signIn(t, email, WRONG, attacker);
    for (let i = 0; i < 5; i++) await signIn(t, email, WRONG, freshAddress());
    expectBlocked(await signIn(t, email, WRONG, attacker));
    const requested = await t.request('POST', '/api/request-reset', { body: { email }, headers: { 'x-forwarded-for': attacker } });
    expect(requested.status).toBe(200);
    const token = new URL(await t.mailLink(email, /Reset/)).pathname.split('/').pop();
    const reset = await t.request('POST', '/api/reset-password', { body: { token, email, password: 'a brand new passphrase' } });
    expect(reset.status).toBe(200);
    expectSignedIn(await signIn(t, email, 'a brand new passphrase', freshAddress()));
  });

  it('answers unknown e-mails like known ones, with the same 401 body and the same limits', async () => {
    await t.activeUser('known.account@example.com');
    const known = await signIn(t, 'known.account@example.com', WRONG, freshAddress());
    const unknown = await signIn(t, 'no.such.account@example.com', WRONG, freshAddress());
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(unknown.body).toEqual(INVALID);
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await signIn(t, 'no.such.account@example.com', WRONG, address)).body).toEqual(INVALID);
    expectBlocked(await signIn(t, 'no.such.account@example.com', WRONG, address));
  });

  it('does not let parallel guesses from one address get past the limit: of 12 simultaneous wrong attempts at most 5 are checked', async () => {
    const email = 'parallel.target@example.com';
    await t.activeUser(email);
    const address = freshAddress();
    const replies = await Promise.all(Array.from({ length: 12 }, () => signIn(t, email, WRONG, address)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expectBlocked(await signIn(t, email, PASSWORD, address));
  });
});

describe('sign-in brute-force protection (no trusted proxy)', () => {
  let t: TestApi;
  before(async () => {
    t = await startTestApi();
    useManualClock(t);
  });
  after(() => t.close());

  it('ignores X-Forwarded-For: rotating it does not escape the per-address limit', async () => {
    await t.activeUser('direct.user@example.com');
    for (let i = 1; i <= 5; i++) expect((await signIn(t, 'direct.user@example.com', WRONG, freshAddress())).body).toEqual(INVALID);
    expectBlocked(await signIn(t, 'direct.user@example.com', PASSWORD, freshAddress()));
    expectBlocked(await signIn(t, 'direct.user@example.com', PASSWORD));
  });
});
