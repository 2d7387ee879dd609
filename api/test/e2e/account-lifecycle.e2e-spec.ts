import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { ACCOUNT_MESSAGES } from '@credence/shared';
import { TEST_ADMIN } from '../support/environment.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

describe('account lifecycle over HTTP', () => {
  let t: TestApi;
  before(async () => {
    t = await startTestApi();
  });
  after(() => t.close());

  const applicant = {
    email: 'Ada.Lovelace@Example.com',
    password: 'analytical engine notes',
    full_name: 'Ada Lovelace',
    company_name: 'Analytical Engines Ltd',
  };

  it('signs up, verifies from the mailed link, is approved by an admin, then signs in', async () => {
    const signup = await t.request('POST', '/api/signup', { body: applicant });
    expect(signup.status).toBe(201);
    expect(signup.body.message).toBe(ACCOUNT_MESSAGES.signupCheckEmail);

    // Before verification: the right password gets the verification notice, not a session.
    const early = await t.request('POST', '/api/login', { body: { email: applicant.email, password: applicant.password } });
    expect(early.status).toBe(403);
    expect(early.body.error).toBe(ACCOUNT_MESSAGES.emailNotVerified);

    const verifyLink = await t.mailLink('ada.lovelace@example.com', /Verify your email/);
    expect(verifyLink).toMatch(/^http:\/\/credence\.test\/verify\/[A-Za-z0-9_-]{32}$/);
    const verify = await t.request('POST', `/api${new URL(verifyLink).pathname}`);
    expect(verify.status).toBe(200);
    expect(verify.body.message).toBe(ACCOUNT_MESSAGES.emailVerified);

    const pending = await t.request('POST', '/api/login', { body: { email: applicant.email, password: applicant.password } });
    expect(pending.status).toBe(403);
    expect(pending.body.error).toBe('Your registration is under review. Access will be granted upon approval.');

    const approveLink = await t.mailLink(TEST_ADMIN.email, /Approve Ada Lovelace/);
    const token = new URL(approveLink).pathname.split('/').pop()!;
    const admin = await t.adminToken();

    const record = await t.request('GET', `/api/user_by_token/${token}`, { token: admin });
    expect(record.status).toBe(200);
    expect(record.body.data.data).toEqual({
      full_name: 'Ada Lovelace',
      email: 'ada.lovelace@example.com',
      company_name: 'Analytical Engines Ltd',
      job_role: 'Default Role',
      linkedin_url: expect.any(String),
      is_approved: false,
    });

    const approve = await t.request('POST', `/api/approve/${token}`, { token: admin });
    expect(approve.status).toBe(200);
    expect(await t.mailLink('ada.lovelace@example.com', /approved/)).toBe('http://credence.test/login');

    const again = await t.request('POST', `/api/approve/${token}`, { token: admin });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(ACCOUNT_MESSAGES.approveLinkUsed);
    expect((await t.request('GET', `/api/user_by_token/${token}`, { token: admin })).body.data.data.is_approved).toBe(true);

    const login = await t.request('POST', '/api/login', { body: { email: 'ada.lovelace@example.com', password: applicant.password } });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: expect.any(Number) });
    const claims = JSON.parse(Buffer.from(login.body.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      full_name: 'Ada Lovelace',
      email: 'ada.lovelace@example.com',
      company_name: 'Analytical Engines Ltd',
      role: 'analyst',
      iss: 'credence',
      aud: 'credence-api',
    });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);

    const me = await t.request('GET', '/api/me', { token: login.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'ada.lovelace@example.com', role: 'analyst' });
  });

  it('makes no second account with the same e-mail, whatever its case, yet answers like a new sign-up (security point 5)', async () => {
    const duplicate = await t.request('POST', '/api/signup', { body: { ...applicant, email: 'ADA.LOVELACE@example.com' } });
    expect({ status: duplicate.status, body: duplicate.body }).toEqual({
      status: 201,
      body: { message: ACCOUNT_MESSAGES.signupCheckEmail },
    });
    const rows = await t.api.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE email = 'ada.lovelace@example.com'`);
    expect(rows[0].n).toBe(1);
  });

  it('ends the session on logout: the same token is refused at once', async () => {
    const token = await t.activeUser('grace@example.com');
    expect((await t.request('GET', '/api/me', { token })).status).toBe(200);
    const logout = await t.request('POST', '/api/logout', { token });
    expect(logout.status).toBe(200);
    const after = await t.request('GET', '/api/me', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: ACCOUNT_MESSAGES.sessionInvalid, statusCode: 401 });
  });
});
