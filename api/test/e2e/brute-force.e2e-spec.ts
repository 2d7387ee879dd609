import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { ACCOUNT_MESSAGES } from '@credence/shared';
import { startTestApi, type Reply, type TestApi } from '../support/test-api.js';

const PASSWORD = 'a perfectly fine passphrase';
const WRONG = 'definitely not the password';
const INVALID = { error: ACCOUNT_MESSAGES.invalidCredentials, statusCode: 401 };
const TOO_MANY = { error: ACCOUNT_MESSAGES.tooManyAttempts, statusCode: 429 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

describe('sign-in brute-force limits (behind a trusted proxy)', () => {
  let t: TestApi;
  before(async () => {
    // The client address comes from X-Forwarded-For, so each limit can be exercised on its own.
    t = await startTestApi({ TRUST_PROXY: 'true' });
  });
  after(() => t.close());

  it('blocks an account after 5 failures within a minute: the 6th attempt answers 429 with Retry-After, even with the right password', async () => {
    const email = 'victim@example.com';
    await t.activeUser(email);
    for (let i = 0; i < 5; i++) {
      // Each guess from a different address: only the per-account counter reaches the limit.
      const reply = await signIn(t, email, WRONG, freshAddress());
      expect({ status: reply.status, body: reply.body }).toEqual({ status: 401, body: INVALID });
    }
    expectBlocked(await signIn(t, email, PASSWORD, freshAddress()));
    expectBlocked(await signIn(t, email, WRONG, freshAddress()));
    // The same account written differently is the same account.
    expectBlocked(await signIn(t, '  Victim@EXAMPLE.com ', PASSWORD, freshAddress()));
    // The right password while blocked did not clear the block.
    expectBlocked(await signIn(t, email, PASSWORD, freshAddress()));
  });

  it('blocks only that account: another account signs in from the addresses the guesses came from', async () => {
    const target = 'target.only@example.com';
    const neighbour = 'neighbour@example.com';
    await t.activeUser(target);
    await t.activeUser(neighbour);
    const addresses = Array.from({ length: 5 }, freshAddress);
    for (const address of addresses) expect((await signIn(t, target, WRONG, address)).status).toBe(401);
    expectBlocked(await signIn(t, target, PASSWORD, freshAddress()));
    for (const address of addresses) expect((await signIn(t, neighbour, PASSWORD, address)).status).toBe(200);
  });

  it('blocks an address after 5 failures across different accounts, for every account', async () => {
    const address = freshAddress();
    const emails = ['spray.1@example.com', 'spray.2@example.com', 'spray.3@example.com', 'spray.4@example.com', 'spray.5@example.com'];
    const innocent = 'innocent@example.com';
    await t.activeUser(emails[0]);
    await t.activeUser(innocent);
    for (const email of emails) {
      const reply = await signIn(t, email, WRONG, address);
      expect({ status: reply.status, body: reply.body }).toEqual({ status: 401, body: INVALID });
    }
    // No single account has more than one failure, yet this address is blocked, right password or not.
    expectBlocked(await signIn(t, innocent, PASSWORD, address));
    expectBlocked(await signIn(t, 'spray.6@example.com', WRONG, address));
    // The accounts themselves are not blocked from elsewhere.
    expect((await signIn(t, innocent, PASSWORD, freshAddress())).status).toBe(200);
    expect((await signIn(t, emails[0], PASSWORD, freshAddress())).status).toBe(200);
  });

  it('a successful sign-in before the limit resets the account counter', async () => {
    const email = 'clumsy@example.com';
    await t.activeUser(email);
    for (let i = 0; i < 4; i++) expect((await signIn(t, email, WRONG, freshAddress())).status).toBe(401);
    expect((await signIn(t, email, PASSWORD, freshAddress())).status).toBe(200);
    // Counting starts again: five more failures are answered 401, the next one is blocked.
    for (let i = 0; i < 5; i++) {
      const reply = await signIn(t, email, WRONG, freshAddress());
      expect({ attempt: i + 1, status: reply.status }).toEqual({ attempt: i + 1, status: 401 });
    }
    expectBlocked(await signIn(t, email, PASSWORD, freshAddress()));
  });

  it('counts unknown e-mails like known ones, with the same 401 body', async () => {
    await t.activeUser('known.account@example.com');
    const known = await signIn(t, 'known.account@example.com', WRONG, freshAddress());
    const unknown = await signIn(t, 'no.such.account@example.com', WRONG, freshAddress());
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body).toEqual(INVALID);

    for (let i = 0; i < 4; i++) expect((await signIn(t, 'no.such.account@example.com', WRONG, freshAddress())).body).toEqual(INVALID);
    expectBlocked(await signIn(t, 'no.such.account@example.com', WRONG, freshAddress()));
  });

  it('does not let parallel guesses get past the limit: of 12 simultaneous wrong attempts at most 5 are checked', async () => {
    const email = 'parallel.target@example.com';
    await t.activeUser(email);
    const replies = await Promise.all(Array.from({ length: 12 }, () => signIn(t, email, WRONG, freshAddress())));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expectBlocked(await signIn(t, email, PASSWORD, freshAddress()));
  });
});

describe('sign-in brute-force limits (no trusted proxy)', () => {
  let t: TestApi;
  before(async () => {
    t = await startTestApi();
  });
  after(() => t.close());

  it('ignores X-Forwarded-For: rotating it does not escape the per-address limit', async () => {
    await t.activeUser('direct.user@example.com');
    for (let i = 1; i <= 5; i++) {
      const reply = await signIn(t, `sprayed.${i}@example.com`, WRONG, freshAddress());
      expect(reply.body).toEqual(INVALID);
    }
    expectBlocked(await signIn(t, 'direct.user@example.com', PASSWORD, freshAddress()));
    expectBlocked(await signIn(t, 'direct.user@example.com', PASSWORD));
  });
});

describe('sign-in brute-force limits (short window)', () => {
  const WINDOW_SECONDS = 3;
  let t: TestApi;
  before(async () => {
    t = await startTestApi({ TRUST_PROXY: 'true', LOGIN_FAILURE_LIMIT: `5/${WINDOW_SECONDS}s` });
  });
  after(() => t.close());

  it('lifts the block once the window has passed', async () => {
    const email = 'patient@example.com';
    await t.activeUser(email);
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await signIn(t, email, WRONG, address)).status).toBe(401);
    const blocked = await signIn(t, email, PASSWORD, address);
    expectBlocked(blocked, WINDOW_SECONDS);

    await sleep(Number(blocked.headers.get('retry-after')) * 1000 + 300);
    const after = await signIn(t, email, PASSWORD, address);
    expect(after.status).toBe(200);
    expect(after.body.access_token).toEqual(expect.any(String));
  });
});
