import { after, before, describe, it } from 'node:test';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'expect';
import jwt from 'jsonwebtoken';
import { ACCOUNT_MESSAGES } from '@credence/shared';
import { UsersService } from '../../src/core/users/users.service.js';
import { TEST_ADMIN, TEST_JWT_SECRET } from '../support/environment.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const PASSWORD = 'a perfectly fine passphrase';
const SESSION_INVALID = { error: ACCOUNT_MESSAGES.sessionInvalid, statusCode: 401 };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const lastSegment = (link: string) => new URL(link).pathname.split('/').pop()!;
const escape = (text: string) => text.replace(/[.+]/g, '\\$&');

/** E-mailed link tokens (verify, approve) and the bearer tokens of sessions. */
describe('link tokens and sessions over HTTP', () => {
  let t: TestApi;
  before(async () => {
    t = await startTestApi();
  });
  after(() => t.close());

  /** Signs up; answers the token of the verification link. */
  async function signup(email: string): Promise<string> {
    const reply = await t.request('POST', '/api/signup', {
      body: { email, password: PASSWORD, full_name: 'Token Tester', company_name: 'Tokens Ltd' },
    });
    expect(reply.status).toBe(201);
    return lastSegment(await t.mailLink(email, /Verify your email/));
  }

  /** Signs up and verifies; answers the token of the approval link mailed to the admin. */
  async function verified(email: string): Promise<string> {
    const verify = await t.request('POST', `/api/verify/${await signup(email)}`);
    expect(verify.status).toBe(200);
    return lastSegment(await t.mailLink(TEST_ADMIN.email, new RegExp(escape(email))));
  }

  async function login(email: string, password = PASSWORD) {
    return t.request('POST', '/api/login', { body: { email, password } });
  }

  const me = (token: string) => t.request('GET', '/api/me', { token });

  describe('verification links', () => {
    it('work once: a reused link answers 400 verifyLinkInvalid', async () => {
      const token = await signup('reuse@example.com');
      const first = await t.request('POST', `/api/verify/${token}`);
      expect(first.status).toBe(200);
      expect(first.body.message).toBe(ACCOUNT_MESSAGES.emailVerified);
      const second = await t.request('POST', `/api/verify/${token}`);
      expect(second.status).toBe(400);
      expect(second.body).toEqual({ error: ACCOUNT_MESSAGES.verifyLinkInvalid, statusCode: 400 });
    });

    it('expire: an expired link answers 400 and leaves the address unverified', async () => {
      const token = await signup('expired.verify@example.com');
      await t.api.dataSource.query(`UPDATE account_tokens SET expires_at = now() - interval '1 hour' WHERE token_hash = $1`, [
        sha256(token),
      ]);
      const reply = await t.request('POST', `/api/verify/${token}`);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe(ACCOUNT_MESSAGES.verifyLinkInvalid);
      const signin = await login('expired.verify@example.com');
      expect(signin.status).toBe(403);
      expect(signin.body.error).toBe(ACCOUNT_MESSAGES.emailNotVerified);
    });

    for (const [label, token] of [
      ['too short', 'not-a-token'],
      ['44 characters', 'A'.repeat(44)],
      ['with characters outside base64url', `${'A'.repeat(42)}.`],
      ['unknown but well-formed', randomBytes(32).toString('base64url')],
    ] as const) {
      it(`refuse a ${label} token with 400 verifyLinkInvalid`, async () => {
        const reply = await t.request('POST', `/api/verify/${encodeURIComponent(token)}`);
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({ error: ACCOUNT_MESSAGES.verifyLinkInvalid, statusCode: 400 });
      });
    }

    it('do not accept an approval token, and trying does not use it up', async () => {
      const approveToken = await verified('cross.purpose@example.com');
      const reply = await t.request('POST', `/api/verify/${approveToken}`);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe(ACCOUNT_MESSAGES.verifyLinkInvalid);
      const approve = await t.request('POST', `/api/approve/${approveToken}`, { token: await t.adminToken() });
      expect(approve.status).toBe(200);
    });

    it('are stored hashed: the raw token of a mailed link appears nowhere in account_tokens', async () => {
      const verifyToken = await signup('hashed@example.com');
      await t.request('POST', `/api/verify/${verifyToken}`);
      const approveToken = lastSegment(await t.mailLink(TEST_ADMIN.email, /hashed@example\.com/));
      for (const raw of [verifyToken, approveToken]) {
        const [{ raw_rows }] = await t.api.dataSource.query(
          `SELECT count(*)::int AS raw_rows FROM account_tokens t WHERE strpos(t::text, $1) > 0`,
          [raw],
        );
        expect(raw_rows).toBe(0);
        const [{ hashed_rows }] = await t.api.dataSource.query(
          `SELECT count(*)::int AS hashed_rows FROM account_tokens WHERE token_hash = $1`,
          [sha256(raw)],
        );
        expect(hashed_rows).toBe(1);
      }
    });
  });

  describe('approval links', () => {
    it('need a session: without a token both routes answer 401 signInRequired', async () => {
      const token = await verified('needs.admin@example.com');
      for (const [method, path] of [
        ['GET', `/api/user_by_token/${token}`],
        ['POST', `/api/approve/${token}`],
      ]) {
        const reply = await t.request(method, path);
        expect(reply.status).toBe(401);
        expect(reply.body).toEqual({ error: ACCOUNT_MESSAGES.signInRequired, statusCode: 401 });
      }
    });

    it('are for admins only: an analyst gets 403 adminOnly, and the link still works for an admin afterwards', async () => {
      const token = await verified('approve.me@example.com');
      const analyst = await t.activeUser('nosy.analyst@example.com');
      for (const [method, path] of [
        ['GET', `/api/user_by_token/${token}`],
        ['POST', `/api/approve/${token}`],
      ]) {
        const reply = await t.request(method, path, { token: analyst });
        expect(reply.status).toBe(403);
        expect(reply.body).toEqual({ error: ACCOUNT_MESSAGES.adminOnly, statusCode: 403 });
      }
      expect((await login('approve.me@example.com')).body.error).toBe(ACCOUNT_MESSAGES.underReview);
      expect((await t.request('POST', `/api/approve/${token}`, { token: await t.adminToken() })).status).toBe(200);
      expect((await login('approve.me@example.com')).status).toBe(200);
    });

    it('expire: an expired link answers 400 approveLinkInvalid and the applicant stays under review', async () => {
      const token = await verified('late.approval@example.com');
      await t.api.dataSource.query(`UPDATE account_tokens SET expires_at = now() - interval '1 hour' WHERE token_hash = $1`, [
        sha256(token),
      ]);
      const admin = await t.adminToken();
      const record = await t.request('GET', `/api/user_by_token/${token}`, { token: admin });
      expect(record.status).toBe(400);
      expect(record.body.error).toBe(ACCOUNT_MESSAGES.approveLinkInvalid);
      const approve = await t.request('POST', `/api/approve/${token}`, { token: admin });
      expect(approve.status).toBe(400);
      expect(approve.body).toEqual({ error: ACCOUNT_MESSAGES.approveLinkInvalid, statusCode: 400 });
      expect((await login('late.approval@example.com')).body.error).toBe(ACCOUNT_MESSAGES.underReview);
    });

    it('refuse a malformed or unknown token with 400 approveLinkInvalid', async () => {
      const admin = await t.adminToken();
      for (const token of ['garbage', randomBytes(32).toString('base64url')]) {
        const reply = await t.request('POST', `/api/approve/${token}`, { token: admin });
        expect(reply.status).toBe(400);
        expect(reply.body.error).toBe(ACCOUNT_MESSAGES.approveLinkInvalid);
      }
    });
  });

  describe('access tokens', () => {
    let token: string;
    let claims: jwt.JwtPayload;
    before(async () => {
      token = await t.activeUser('bearer@example.com');
      claims = jwt.decode(token) as jwt.JwtPayload;
    });

    /** A token signed like the API signs them, with some claims changed. */
    const forge = (changes: Record<string, unknown>, algorithm: jwt.Algorithm = 'HS256', secret = TEST_JWT_SECRET) =>
      jwt.sign({ ...claims, ...changes }, secret, { algorithm });

    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

    it('a token forged with the right secret, algorithm, issuer, audience and a live session works (control)', async () => {
      const reply = await me(forge({}));
      expect(reply.status).toBe(200);
      expect(reply.body.email).toBe('bearer@example.com');
    });

    it('refuses a tampered payload that keeps the original signature with 401 sessionInvalid', async () => {
      const [header, , signature] = token.split('.');
      const tampered = `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`;
      expect(await me(tampered)).toMatchObject({ status: 401, body: SESSION_INVALID });
      const adminRoute = await t.request('GET', `/api/user_by_token/${randomBytes(32).toString('base64url')}`, { token: tampered });
      expect(adminRoute).toMatchObject({ status: 401, body: SESSION_INVALID });
    });

    it('refuses an expired token (exp in the past) with 401 sessionInvalid, though its session is live', async () => {
      const now = Math.floor(Date.now() / 1000);
      expect(await me(forge({ iat: now - 3600, exp: now - 60 }))).toMatchObject({ status: 401, body: SESSION_INVALID });
    });

    it("refuses alg 'none' with 401 sessionInvalid", async () => {
      const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
      expect(await me(unsigned)).toMatchObject({ status: 401, body: SESSION_INVALID });
      expect(await me(unsigned.slice(0, -1))).toMatchObject({ status: 401 });
    });

    it('refuses a token signed with HS512 (same secret) with 401 sessionInvalid', async () => {
      expect(await me(forge({}, 'HS512'))).toMatchObject({ status: 401, body: SESSION_INVALID });
    });

    it('refuses a token signed with another secret with 401 sessionInvalid', async () => {
      expect(await me(forge({}, 'HS256', 'another-secret-that-is-long-enough-for-hs256'))).toMatchObject({
        status: 401,
        body: SESSION_INVALID,
      });
    });

    it('refuses a wrong issuer or a wrong audience with 401 sessionInvalid', async () => {
      expect(await me(forge({ iss: 'someone-else' }))).toMatchObject({ status: 401, body: SESSION_INVALID });
      expect(await me(forge({ aud: 'another-api' }))).toMatchObject({ status: 401, body: SESSION_INVALID });
    });

    it('refuses a validly signed token whose session does not exist, or is not its subject’s, with 401 sessionInvalid', async () => {
      expect(await me(forge({ jti: randomUUID() }))).toMatchObject({ status: 401, body: SESSION_INVALID });
      // Another user's live session, presented under this user's id.
      const other = jwt.decode(await t.activeUser('someone.else@example.com')) as jwt.JwtPayload;
      expect(await me(forge({ jti: other.jti }))).toMatchObject({ status: 401, body: SESSION_INVALID });
    });

    it('refuses a validly signed token whose session id is not even a UUID with 401 sessionInvalid, not a server error', async () => {
      expect(await me(forge({ jti: 'not-a-session-id' }))).toMatchObject({ status: 401, body: SESSION_INVALID });
    });

    it('refuses a garbage bearer with 401 sessionInvalid, and other schemes with 401', async () => {
      expect(await me('garbage')).toMatchObject({ status: 401, body: SESSION_INVALID });
      expect(await me('a.b.c')).toMatchObject({ status: 401, body: SESSION_INVALID });
      expect(await me(`${token}.${token.split('.')[2]}`)).toMatchObject({ status: 401, body: SESSION_INVALID });
      const basic = await t.request('GET', '/api/me', {
        headers: { authorization: `Basic ${Buffer.from('bearer@example.com:x').toString('base64')}` },
      });
      expect(basic.status).toBe(401);
      expect([ACCOUNT_MESSAGES.signInRequired, ACCOUNT_MESSAGES.sessionInvalid]).toContain(basic.body.error);
      // The genuine token under another scheme name is no bearer token.
      expect((await t.request('GET', '/api/me', { headers: { authorization: `Token ${token}` } })).status).toBe(401);
    });

    it('refuses a request without an Authorization header with 401 signInRequired', async () => {
      expect(await t.request('GET', '/api/me')).toMatchObject({
        status: 401,
        body: { error: ACCOUNT_MESSAGES.signInRequired, statusCode: 401 },
      });
    });

    it("accepts the scheme name in any case ('bearer', RFC 7235: auth schemes are case-insensitive)", async () => {
      for (const scheme of ['bearer', 'BEARER']) {
        const reply = await t.request('GET', '/api/me', { headers: { authorization: `${scheme} ${token}` } });
        expect({ scheme, status: reply.status }).toEqual({ scheme, status: 200 });
      }
    });

    it('the genuine token still works after all these attempts', async () => {
      expect((await me(token)).status).toBe(200);
    });
  });

  describe('sessions', () => {
    it('logout ends only that session: a second sign-in keeps working', async () => {
      const first = await t.activeUser('two.devices@example.com');
      const second = (await login('two.devices@example.com')).body.access_token as string;
      expect((await me(first)).status).toBe(200);
      expect((await me(second)).status).toBe(200);

      expect((await t.request('POST', '/api/logout', { token: first })).body).toEqual({ message: ACCOUNT_MESSAGES.loggedOut });
      expect(await me(first)).toMatchObject({ status: 401, body: SESSION_INVALID });
      expect((await me(second)).status).toBe(200);
      // The ended session cannot sign out again either.
      expect((await t.request('POST', '/api/logout', { token: first })).status).toBe(401);
    });

    it('disabling the account ends all its sessions at once and refuses sign-in with 403 accountDisabled', async () => {
      const email = 'to.disable@example.com';
      const first = await t.activeUser(email);
      const second = (await login(email)).body.access_token as string;
      const bystander = await t.activeUser('bystander@example.com');
      // Warm: both sessions have just been checked and found active.
      expect((await me(first)).status).toBe(200);
      expect((await me(second)).status).toBe(200);

      await t.api.app.get(UsersService).setDisabled(email, true);
      expect(await me(first)).toMatchObject({ status: 401, body: SESSION_INVALID });
      expect(await me(second)).toMatchObject({ status: 401, body: SESSION_INVALID });
      expect((await me(bystander)).status).toBe(200);

      const refused = await login(email);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: ACCOUNT_MESSAGES.accountDisabled, statusCode: 403 });
      // A wrong password does not reveal that the account is disabled.
      expect((await login(email, 'not the password at all')).body.error).toBe(ACCOUNT_MESSAGES.invalidCredentials);

      await t.api.app.get(UsersService).setDisabled(email, false);
      const again = await login(email);
      expect(again.status).toBe(200);
      expect((await me(again.body.access_token)).status).toBe(200);
      // The sessions that were ended stay ended.
      expect((await me(first)).status).toBe(401);
      expect((await me(second)).status).toBe(401);
    });
  });
});
