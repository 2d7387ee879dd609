import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeToken, isExpired, TOKEN_STORAGE_KEY } from '../../src/features/session/token.ts';
import {
  createSessionStore,
  EXPIRY_CHECK_EVERY_MS,
  EXPIRY_FIRST_CHECK_MS,
  watchExpiry,
  type TokenStorage,
} from '../../src/features/session/session-store.ts';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
export function jwt(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;
}
const NOW = 1_800_000_000_000;
const live = jwt({ full_name: 'Ada Lovelace', email: 'ada@example.com', company_name: 'Engines', role: 'analyst', exp: NOW / 1000 + 3600 });
const expired = jwt({ full_name: 'Ada', email: 'ada@example.com', exp: NOW / 1000 - 1 });

function memoryStorage(initial: Record<string, string> = {}): TokenStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('decodeToken', () => {
  it('reads the claims of a JWT, accents and all', () => {
    const user = decodeToken(
      jwt({ full_name: 'Zoë Brontë', email: 'z@example.com', company_name: 'Ünïcode Ltd', role: 'admin', exp: 2_000_000_000 }),
    );
    assert.deepEqual(user, {
      full_name: 'Zoë Brontë',
      email: 'z@example.com',
      company_name: 'Ünïcode Ltd',
      role: 'admin',
      exp: 2_000_000_000,
    });
  });

  it('defaults missing strings to empty and an unknown role to null', () => {
    assert.deepEqual(decodeToken(jwt({ exp: 5, role: 'owner' })), { full_name: '', email: '', company_name: '', role: null, exp: 5 });
  });

  it('answers null for anything that is not a JWT with a numeric exp', () => {
    for (const token of [
      null,
      undefined,
      '',
      'abc',
      'a.b',
      'a..c',
      `x.${b64url('str')}.y`,
      `x.${b64url({ exp: '5' })}.y`,
      'x.%%%.y',
      jwt({ email: 'a@b.c' }),
    ]) {
      assert.equal(decodeToken(token), null, String(token));
    }
  });

  it('counts a token as expired from its exp second on', () => {
    const user = decodeToken(jwt({ exp: 100 }))!;
    assert.equal(isExpired(user, 99_999), false);
    assert.equal(isExpired(user, 100_000), true);
  });
});

describe('session store', () => {
  it('starts from the stored token when it is live', () => {
    const store = createSessionStore({ storage: memoryStorage({ [TOKEN_STORAGE_KEY]: live }), now: () => NOW });
    assert.equal(store.getState().token, live);
    assert.equal(store.getState().user?.email, 'ada@example.com');
  });

  it('clears an expired or undecodable stored token at once (spec 1 section 4)', () => {
    for (const token of [expired, 'garbage']) {
      const storage = memoryStorage({ [TOKEN_STORAGE_KEY]: token });
      const store = createSessionStore({ storage, now: () => NOW });
      assert.equal(store.getState().token, null);
      assert.equal(store.getState().endedBy, 'expired');
      assert.equal(storage.data.has(TOKEN_STORAGE_KEY), false);
    }
  });

  it('stores a new token, tells subscribers, and ends with a reason', () => {
    const storage = memoryStorage();
    const store = createSessionStore({ storage, now: () => NOW });
    let calls = 0;
    store.subscribe(() => calls++);
    store.setToken(live);
    assert.equal(storage.data.get(TOKEN_STORAGE_KEY), live);
    assert.equal(store.getState().user?.full_name, 'Ada Lovelace');
    store.setToken(live);
    assert.equal(calls, 1, 'the same token again is no change');
    store.end('logout');
    assert.deepEqual(store.getState(), { token: null, user: null, endedBy: 'logout' });
    assert.equal(storage.data.has(TOKEN_STORAGE_KEY), false);
    assert.equal(calls, 2);
  });

  it('refuses to store a token that has already expired', () => {
    const storage = memoryStorage();
    const store = createSessionStore({ storage, now: () => NOW });
    store.setToken(expired);
    assert.equal(store.getState().token, null);
    assert.equal(storage.data.size, 0);
  });

  it('check() ends the session once exp has passed', () => {
    let now = NOW;
    const store = createSessionStore({ storage: memoryStorage({ [TOKEN_STORAGE_KEY]: live }), now: () => now });
    assert.equal(store.check(), true);
    now = NOW + 3600 * 1000;
    assert.equal(store.check(), false);
    assert.equal(store.getState().endedBy, 'expired');
  });

  it('reload() follows another tab signing in and out', () => {
    const storage = memoryStorage();
    const store = createSessionStore({ storage, now: () => NOW });
    storage.data.set(TOKEN_STORAGE_KEY, live);
    store.reload();
    assert.equal(store.getState().token, live);
    storage.data.delete(TOKEN_STORAGE_KEY);
    store.reload();
    assert.deepEqual(store.getState(), { token: null, user: null, endedBy: 'logout' });
  });

  it('keeps working in memory when storage throws (storage disabled)', () => {
    const broken: TokenStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createSessionStore({ storage: broken, now: () => NOW });
    store.setToken(live);
    assert.equal(store.getState().token, live);
  });
});

describe('watchExpiry', () => {
  it('checks 2.5 s after start, then every 5 s, and stops when asked', () => {
    const scheduled: { kind: 'timeout' | 'interval'; ms: number; run: () => void }[] = [];
    const cleared: unknown[] = [];
    const timers = {
      setTimeout: (run: () => void, ms: number) => scheduled.push({ kind: 'timeout', ms, run }) - 1,
      setInterval: (run: () => void, ms: number) => scheduled.push({ kind: 'interval', ms, run }) - 1,
      clearTimeout: (handle: unknown) => cleared.push(handle),
      clearInterval: (handle: unknown) => cleared.push(handle),
    };
    let checks = 0;
    const store = { check: () => (checks++, true) } as unknown as Parameters<typeof watchExpiry>[0];
    const stop = watchExpiry(store, timers);
    assert.deepEqual(
      scheduled.map(({ kind, ms }) => [kind, ms]),
      [['timeout', EXPIRY_FIRST_CHECK_MS]],
    );
    assert.equal(EXPIRY_FIRST_CHECK_MS, 2500);
    scheduled[0].run();
    assert.equal(checks, 1);
    assert.deepEqual(
      scheduled.map(({ kind, ms }) => [kind, ms]),
      [
        ['timeout', 2500],
        ['interval', EXPIRY_CHECK_EVERY_MS],
      ],
    );
    assert.equal(EXPIRY_CHECK_EVERY_MS, 5000);
    scheduled[1].run();
    assert.equal(checks, 2);
    stop();
    assert.deepEqual(cleared, [0, 1]);
  });
});
