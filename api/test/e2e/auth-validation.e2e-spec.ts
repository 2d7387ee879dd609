import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { ACCOUNT_MESSAGES } from '@credence/shared';
import { startTestApi, type TestApi } from '../support/test-api.js';

/** Sign-up and sign-in forms: each mistake answers 400 with the message the spec gives it, first one first. */
describe('sign-up and sign-in validation over HTTP', () => {
  let t: TestApi;
  before(async () => {
    t = await startTestApi();
  });
  after(() => t.close());

  let serial = 0;
  /** A sign-up that passes every check, with an address no other test uses. */
  const valid = () => ({
    email: `applicant.${++serial}@example.com`,
    full_name: 'Valid Applicant',
    company_name: 'Valid Co',
    password: 'a perfectly fine passphrase',
  });

  async function signupError(body: unknown): Promise<string> {
    const reply = await t.request('POST', '/api/signup', { body });
    expect({ status: reply.status, body: reply.body }).toEqual({ status: 400, body: { error: expect.any(String), statusCode: 400 } });
    return reply.body.error;
  }

  describe('sign-up', () => {
    it('accepts a complete, valid form with 201', async () => {
      const reply = await t.request('POST', '/api/signup', { body: valid() });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({ message: ACCOUNT_MESSAGES.signupCheckEmail });
    });

    for (const [label, email] of [
      ['no @', 'not-an-email'],
      ['no domain dot', 'someone@example'],
      ['a space inside', 'some one@example.com'],
      ['two @', 'a@b@example.com'],
      ['empty', ''],
      ['blank', '   '],
    ] as const) {
      it(`refuses an invalid e-mail (${label}) with 'Please enter a valid email'`, async () => {
        expect(await signupError({ ...valid(), email })).toBe('Please enter a valid email');
      });
    }

    it('refuses a missing e-mail with the invalid-email message', async () => {
      const { email: _email, ...body } = valid();
      expect(await signupError(body)).toBe(ACCOUNT_MESSAGES.invalidEmail);
    });

    it('refuses an e-mail that is not text with 400 and the invalid-email message, not a server error', async () => {
      // Every other field is valid: only the e-mail's type is wrong.
      expect(await signupError({ ...valid(), email: 42 })).toBe(ACCOUNT_MESSAGES.invalidEmail);
      expect(await signupError({ ...valid(), email: ['someone@example.com'] })).toBe(ACCOUNT_MESSAGES.invalidEmail);
    });

    for (const [label, full_name] of [
      ['empty', ''],
      ['blank', '   \t '],
      ['missing', undefined],
      ['not text', 12],
    ] as const) {
      it(`refuses a ${label} full name with 'Please enter your full name'`, async () => {
        expect(await signupError({ ...valid(), full_name })).toBe('Please enter your full name');
      });
    }

    for (const [label, company_name] of [
      ['empty', ''],
      ['blank', '   '],
      ['missing', undefined],
    ] as const) {
      it(`refuses a ${label} company name with 'Please enter your company name'`, async () => {
        expect(await signupError({ ...valid(), company_name })).toBe('Please enter your company name');
      });
    }

    it("refuses a password under 8 characters with 'Please enter a password atleast 8 characters long!'", async () => {
      expect(await signupError({ ...valid(), password: 'Xk9#mQ2' })).toBe('Please enter a password atleast 8 characters long!');
      expect(await signupError({ ...valid(), password: '' })).toBe(ACCOUNT_MESSAGES.passwordTooShort);
      const { password: _password, ...missing } = valid();
      expect(await signupError(missing)).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    });

    it('counts password length in characters, not UTF-16 units: 7 emoji are too short, 8 are enough', async () => {
      expect(await signupError({ ...valid(), password: '🔐🦊🌵🎲🧭🪁🛶' })).toBe(ACCOUNT_MESSAGES.passwordTooShort);
      const reply = await t.request('POST', '/api/signup', { body: { ...valid(), password: '🔐🦊🌵🎲🧭🪁🛶🎻' } });
      expect(reply.status).toBe(201);
    });

    it('refuses a password over 128 characters with passwordTooLong', async () => {
      expect(await signupError({ ...valid(), password: 'Zq7!'.repeat(32) + 'x' })).toBe(ACCOUNT_MESSAGES.passwordTooLong);
      expect(ACCOUNT_MESSAGES.passwordTooLong).toBe('Please enter a password of at most 128 characters');
    });

    for (const password of ['password123', 'qwertyuiop', 'PASSWORD123']) {
      it(`refuses the common password '${password}' with passwordTooCommon`, async () => {
        expect(await signupError({ ...valid(), password })).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
      });
    }

    it('refuses the e-mail address itself, or its local part, as the password (whatever the case)', async () => {
      const email = 'Grace.Hopper.Navy@Example.com';
      expect(await signupError({ ...valid(), email, password: email })).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
      expect(await signupError({ ...valid(), email, password: 'grace.hopper.navy@example.com' })).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
      expect(await signupError({ ...valid(), email, password: 'GRACE.HOPPER.NAVY' })).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
    });

    it('answers only the earliest failing check, in the spec order email, full name, company, password', async () => {
      const allWrong = { email: 'nope', full_name: ' ', company_name: '', password: 'short' };
      expect(await signupError(allWrong)).toBe(ACCOUNT_MESSAGES.invalidEmail);
      expect(await signupError({ ...allWrong, email: 'order@example.com' })).toBe(ACCOUNT_MESSAGES.fullNameRequired);
      expect(await signupError({ ...allWrong, email: 'order@example.com', full_name: 'Order Test' })).toBe(
        ACCOUNT_MESSAGES.companyNameRequired,
      );
      expect(await signupError({ ...allWrong, email: 'order@example.com', full_name: 'Order Test', company_name: 'Order Co' })).toBe(
        ACCOUNT_MESSAGES.passwordTooShort,
      );
      // A too-long and a common password lose to an earlier mistake as well.
      expect(await signupError({ email: 'order@example.com', full_name: '', company_name: 'Order Co', password: 'x'.repeat(200) })).toBe(
        ACCOUNT_MESSAGES.fullNameRequired,
      );
      expect(await signupError({ email: 'order@example.com', full_name: 'Order Test', company_name: ' ', password: 'password123' })).toBe(
        ACCOUNT_MESSAGES.companyNameRequired,
      );
    });

    it('refuses an unknown field with 400 naming it, and creates no account', async () => {
      const body = { ...valid(), role: 'admin' };
      const error = await signupError(body);
      expect(error).toContain('role');
      expect(error).toBe('Unknown field "role": remove it from the request.');
      expect(await signupError({ ...valid(), is_approved: true })).toContain('"is_approved"');

      // Nothing was stored: the same address can sign up (without the field), and gets the analyst role.
      const { role: _role, ...clean } = body;
      expect((await t.request('POST', '/api/signup', { body: clean })).status).toBe(201);
    });

    it('refuses a body that is not JSON with 400', async () => {
      const reply = await t.request('POST', '/api/signup', {
        body: '{"email": "broken@example.com",',
        headers: { 'content-type': 'application/json' },
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error: expect.any(String), statusCode: 400 });
    });

    it('sends no mail and keeps no account for a refused sign-up: the address stays free', async () => {
      const body = { ...valid(), password: 'password123' };
      expect(await signupError(body)).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
      expect(await t.mails(body.email)).toEqual([]);
      const retry = await t.request('POST', '/api/signup', { body: { ...body, password: 'a perfectly fine passphrase' } });
      expect(retry.status).toBe(201);
      expect(await t.mailLink(body.email, /Verify your email/)).toMatch(/\/verify\//);
    });

    it('answers a second sign-up with the same e-mail (case and surrounding spaces aside) like the first, without a second account', async () => {
      const first = valid();
      const reply = await t.request('POST', '/api/signup', { body: first });
      const again = await t.request('POST', '/api/signup', { body: { ...valid(), email: `  ${first.email.toUpperCase()} ` } });
      expect({ status: again.status, body: again.body }).toEqual({ status: reply.status, body: reply.body });
      const rows = await t.api.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [first.email]);
      expect(rows[0].n).toBe(1);
    });

    it('accepts 65- and 128-character passwords (ASVS: at least 64), and signs in with them in full', async () => {
      const sixtyFive = 'Long passphrases are welcome here, even with spaces & symbols! 65';
      const oneTwentyEight = 'The quick brown fox jumps over the lazy dog; '.repeat(3).slice(0, 128);
      expect(sixtyFive).toHaveLength(65);
      expect(oneTwentyEight).toHaveLength(128);

      const reply = await t.request('POST', '/api/signup', { body: { ...valid(), password: sixtyFive } });
      expect(reply.status).toBe(201);

      const token = await t.activeUser('long.password@example.com', oneTwentyEight);
      expect((await t.request('GET', '/api/me', { token })).status).toBe(200);
      // The whole password counts: its first 72 characters (bcrypt's limit) are not enough.
      const truncated = await t.request('POST', '/api/login', {
        body: { email: 'long.password@example.com', password: oneTwentyEight.slice(0, 72) },
      });
      expect(truncated.status).toBe(401);
    });
  });

  describe('sign-in', () => {
    for (const email of ['not-an-email', '', 'someone@example']) {
      it(`refuses the e-mail '${email}' with 400 invalidEmail`, async () => {
        const reply = await t.request('POST', '/api/login', { body: { email, password: 'whatever it is' } });
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({ error: ACCOUNT_MESSAGES.invalidEmail, statusCode: 400 });
      });
    }

    it('refuses a missing, empty or blank password with 400 passwordRequired', async () => {
      for (const body of [
        { email: 'someone@example.com' },
        { email: 'someone@example.com', password: '' },
        { email: 'someone@example.com', password: '  ' },
      ]) {
        const reply = await t.request('POST', '/api/login', { body });
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({ error: 'Please enter the password', statusCode: 400 });
      }
    });

    it('checks the e-mail before the password', async () => {
      const reply = await t.request('POST', '/api/login', { body: { email: 'nope', password: '' } });
      expect(reply.body.error).toBe(ACCOUNT_MESSAGES.invalidEmail);
    });

    it('refuses an unknown field with 400 naming it', async () => {
      const reply = await t.request('POST', '/api/login', {
        body: { email: 'someone@example.com', password: 'whatever it is', remember_me: true },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toContain('"remember_me"');
    });

    it('refuses a body that is not JSON with 400', async () => {
      const reply = await t.request('POST', '/api/login', {
        body: 'email=someone@example.com',
        headers: { 'content-type': 'application/json' },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.statusCode).toBe(400);
    });
  });
});
