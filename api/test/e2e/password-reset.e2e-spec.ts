import { after, before, describe, it } from 'node:test';
import { createHash } from 'node:crypto';
import { expect } from 'expect';
import { ACCOUNT_MESSAGES } from '@credence/shared';
import { JobQueue } from '../../src/core/queue/job-queue.js';
import { UsersService } from '../../src/core/users/users.service.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const PASSWORD = 'a perfectly fine passphrase';
const NEW_PASSWORD = 'a brand new and better passphrase';
const RESET_SUBJECT = /Reset your Credence password/;
const RESET_LINK = /http:\/\/credence\.test\/reset-password\/[A-Za-z0-9_-]{32}/;
const RESET_INVALID = { error: ACCOUNT_MESSAGES.resetLinkInvalid, statusCode: 400 };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('password reset over HTTP', () => {
  let t: TestApi;
  before(async () => {
    // This suite signs in with old passwords on purpose: keep the login limiter out of the way.
    t = await startTestApi({ LOGIN_FAILURE_LIMIT: '1000/60s' });
  });
  after(() => t.close());

  const resetMails = async (email: string) => (await t.mails(email)).filter((m) => RESET_SUBJECT.test(m.subject));
  /** The lookup and the mail of a reset request run in a job: this waits until every queued job has run. */
  const jobsDone = () => t.api.app.get(JobQueue).whenIdle();

  /** Asks for a reset link and answers the token of the new mail it brings. */
  async function requestResetToken(email: string): Promise<string> {
    const before = (await resetMails(email)).length;
    const reply = await t.request('POST', '/api/request-reset', { body: { email } });
    expect(reply.status).toBe(200);
    await jobsDone();
    expect(await resetMails(email)).toHaveLength(before + 1);
    const link = RESET_LINK.exec((await resetMails(email))[before].text)?.[0];
    expect(link).toBeDefined();
    return new URL(link!).pathname.split('/').pop()!;
  }

  const reset = (body: Record<string, unknown>) => t.request('POST', '/api/reset-password', { body });
  const login = (email: string, password: string) => t.request('POST', '/api/login', { body: { email, password } });
  const me = (token: string) => t.request('GET', '/api/me', { token });

  it('answers request-reset with the same 200 body for a known and an unknown address, and mails only the known one', async () => {
    await t.activeUser('known.reset@example.com');
    const unknown = await t.request('POST', '/api/request-reset', { body: { email: 'nobody.here@example.com' } });
    const known = await t.request('POST', '/api/request-reset', { body: { email: 'Known.Reset@Example.com' } });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    expect(unknown.body).toEqual(known.body);

    await jobsDone();
    const link = await t.mailLink('known.reset@example.com', RESET_SUBJECT);
    expect(link).toMatch(new RegExp(`^${RESET_LINK.source}$`));
    expect(await t.mails('nobody.here@example.com')).toEqual([]);
    expect(await resetMails('known.reset@example.com')).toHaveLength(1);
  });

  it('refuses request-reset with an invalid or missing e-mail with 400', async () => {
    const invalid = await t.request('POST', '/api/request-reset', { body: { email: 'not-an-email' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ error: ACCOUNT_MESSAGES.invalidEmail, statusCode: 400 });
    const missing = await t.request('POST', '/api/request-reset', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: ACCOUNT_MESSAGES.emailRequired, statusCode: 400 });
  });

  it('mails no reset link to a disabled account, with the same answer', async () => {
    await t.activeUser('disabled.reset@example.com');
    await t.api.app.get(UsersService).setDisabled('disabled.reset@example.com', true);
    const reply = await t.request('POST', '/api/request-reset', { body: { email: 'disabled.reset@example.com' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    await jobsDone();
    expect(await resetMails('disabled.reset@example.com')).toEqual([]);
  });

  it('sets the new password, ends every session, and works only once', async () => {
    const email = 'forgetful@example.com';
    const first = await t.activeUser(email);
    const second = (await login(email, PASSWORD)).body.access_token as string;
    expect((await me(first)).status).toBe(200);
    expect((await me(second)).status).toBe(200);

    const token = await requestResetToken(email);
    const done = await reset({ token, email, password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: ACCOUNT_MESSAGES.resetDone });

    expect(await me(first)).toMatchObject({ status: 401, body: { error: ACCOUNT_MESSAGES.sessionInvalid } });
    expect(await me(second)).toMatchObject({ status: 401, body: { error: ACCOUNT_MESSAGES.sessionInvalid } });

    const old = await login(email, PASSWORD);
    expect(old.status).toBe(401);
    expect(old.body.error).toBe(ACCOUNT_MESSAGES.invalidCredentials);
    const fresh = await login(email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    expect((await me(fresh.body.access_token)).status).toBe(200);

    const again = await reset({ token, email, password: 'yet another different passphrase' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(RESET_INVALID);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    expect((await login(email, 'yet another different passphrase')).status).toBe(401);
  });

  it('stores the reset token hashed, never as mailed', async () => {
    const token = await requestResetToken('forgetful@example.com');
    const [{ raw }] = await t.api.dataSource.query(`SELECT count(*)::int AS raw FROM account_tokens t WHERE strpos(t::text, $1) > 0`, [
      token,
    ]);
    expect(raw).toBe(0);
    const [{ hashed }] = await t.api.dataSource.query(
      `SELECT count(*)::int AS hashed FROM account_tokens WHERE token_hash = $1 AND purpose = 'reset'`,
      [sha256(token)],
    );
    expect(hashed).toBe(1);
  });

  it('refuses a token used with another e-mail (known or not) with 400, and leaves it usable by its owner', async () => {
    const owner = 'token.owner@example.com';
    const other = 'other.user@example.com';
    await t.activeUser(owner);
    await t.activeUser(other);
    const token = await requestResetToken(owner);

    for (const email of [other, 'stranger@example.com']) {
      const wrong = await reset({ token, email, password: NEW_PASSWORD });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual(RESET_INVALID);
    }
    // Neither the other account's password nor the owner's has changed.
    expect((await login(other, PASSWORD)).status).toBe(200);
    expect((await login(owner, PASSWORD)).status).toBe(200);

    const right = await reset({ token, email: 'Token.Owner@Example.com', password: NEW_PASSWORD });
    expect(right.status).toBe(200);
    expect((await login(owner, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired token with 400 and keeps the old password', async () => {
    const email = 'slow.reader@example.com';
    await t.activeUser(email);
    const token = await requestResetToken(email);
    await t.api.dataSource.query(`UPDATE account_tokens SET expires_at = now() - interval '1 hour' WHERE token_hash = $1`, [sha256(token)]);
    const reply = await reset({ token, email, password: NEW_PASSWORD });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(RESET_INVALID);
    expect((await login(email, PASSWORD)).status).toBe(200);
    expect((await login(email, NEW_PASSWORD)).status).toBe(401);
  });

  it('refuses a malformed, unknown or missing token with 400 resetLinkInvalid', async () => {
    for (const token of ['not-a-token', 'A'.repeat(32), '', undefined]) {
      const reply = await reset({ token, email: 'forgetful@example.com', password: NEW_PASSWORD });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual(RESET_INVALID);
    }
  });

  it('refuses a weak new password (common, the e-mail, too short) with 400 without using up the token', async () => {
    const email = 'weak.choice@example.com';
    await t.activeUser(email);
    const token = await requestResetToken(email);

    const common = await reset({ token, email, password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body).toEqual({ error: ACCOUNT_MESSAGES.passwordTooCommon, statusCode: 400 });
    expect((await reset({ token, email, password: email })).body.error).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
    expect((await reset({ token, email, password: 'short' })).body.error).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect((await login(email, PASSWORD)).status).toBe(200);

    const good = await reset({ token, email, password: NEW_PASSWORD });
    expect(good.status).toBe(200);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an e-mail that is not text with 400, not a server error, and leaves the token usable', async () => {
    const email = 'typed.email@example.com';
    await t.activeUser(email);
    const token = await requestResetToken(email);
    const reply = await reset({ token, email: 42, password: NEW_PASSWORD });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: expect.any(String), statusCode: 400 });
    expect([ACCOUNT_MESSAGES.emailRequired, ACCOUNT_MESSAGES.invalidEmail]).toContain(reply.body.error);
    expect((await reset({ token, email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('a completed reset voids the other reset links of the account', async () => {
    const email = 'two.links@example.com';
    await t.activeUser(email);
    const older = await requestResetToken(email);
    const newer = await requestResetToken(email);
    expect(newer).not.toBe(older);

    expect((await reset({ token: newer, email, password: NEW_PASSWORD })).status).toBe(200);
    const stale = await reset({ token: older, email, password: 'the older link tries again' });
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual(RESET_INVALID);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });
});
