import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { ACCOUNT_MESSAGES, HELP_MESSAGES, SALES_MESSAGES } from '@credence/shared';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { useManualClock } from '../support/manual-clock.js';

const salesMetadata = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  language: 'en-GB',
  screenResolution: '1920x1080',
  windowSize: '1280x720',
  clientTimestamp: '2025-11-22T10:15:30.000Z',
  referrer: 'https://www.google.com/',
  pageUrl: 'http://credence.test/contact-sales?utm_source=newsletter',
};

function request(email: string) {
  return {
    full_name: '  Ada Lovelace ',
    email,
    company_name: ' Analytical Engines Ltd ',
    job_role: 'Head of Research',
    business_challenge: ' Screening 5,000 UK companies a week by hand. ',
    sales_metadata: salesMetadata,
  };
}

describe('sales and help forms', () => {
  let t: TestApi;
  before(async () => {
    t = await startTestApi();
  });
  after(() => t?.close());

  describe('free trial (contact sales)', () => {
    it('stores a complete request with its metadata and thanks the visitor', async () => {
      const reply = await t.request('POST', '/api/contact_sales', { body: request('Ada@Example.com') });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({ message: SALES_MESSAGES.salesSubmitted });

      const rows = await t.api.dataSource.query(
        `SELECT kind, full_name, email, company_name, job_role, business_challenge, metadata FROM sales_requests WHERE email = $1`,
        ['ada@example.com'],
      );
      expect(rows).toEqual([
        {
          kind: 'trial',
          full_name: 'Ada Lovelace',
          email: 'ada@example.com',
          company_name: 'Analytical Engines Ltd',
          job_role: 'Head of Research',
          business_challenge: 'Screening 5,000 UK companies a week by hand.',
          metadata: salesMetadata,
        },
      ]);
    });

    it('refuses the same e-mail again, whatever its case, with 409', async () => {
      const again = await t.request('POST', '/api/contact_sales', { body: request(' ADA@example.COM ') });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'A request with this email has already been submitted.', statusCode: 409 });
      const rows = await t.api.dataSource.query(`SELECT count(*)::int AS n FROM sales_requests WHERE email = 'ada@example.com'`);
      expect(rows[0].n).toBe(1);
    });

    it('accepts a request without the optional business challenge and metadata', async () => {
      const { business_challenge: _b, sales_metadata: _m, ...minimal } = request('charles@example.com');
      const reply = await t.request('POST', '/api/contact_sales', { body: minimal });
      expect(reply.status).toBe(201);
      const rows = await t.api.dataSource.query(
        `SELECT business_challenge, metadata FROM sales_requests WHERE email = 'charles@example.com'`,
      );
      expect(rows).toEqual([{ business_challenge: null, metadata: {} }]);
    });

    it('lists every missing field at once, each with its own message', async () => {
      const reply = await t.request('POST', '/api/contact_sales', { body: {} });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        error: 'Full Name is required',
        errors: {
          full_name: 'Full Name is required',
          email: 'Business Email is required',
          company_name: 'Company Name is required',
          job_role: 'Job Role is required',
        },
        statusCode: 400,
      });

      const blanks = await t.request('POST', '/api/contact_sales', {
        body: { full_name: 'Ada', email: '   ', company_name: ' ', job_role: 'CTO' },
      });
      expect(blanks.status).toBe(400);
      expect(blanks.body.error).toBe(SALES_MESSAGES.emailRequired);
      expect(blanks.body.errors).toEqual({ email: SALES_MESSAGES.emailRequired, company_name: SALES_MESSAGES.companyNameRequired });
    });

    it('answers "Please enter a valid business email" for an address that is not one', async () => {
      for (const email of ['ada', 'ada@example', 'ada lovelace@example.com', '@example.com']) {
        const reply = await t.request('POST', '/api/contact_sales', { body: { ...request(email) } });
        expect(reply.status).toBe(400);
        expect(reply.body.error).toBe('Please enter a valid business email');
        expect(reply.body.errors).toEqual({ email: 'Please enter a valid business email' });
      }
      const rows = await t.api.dataSource.query(`SELECT count(*)::int AS n FROM sales_requests WHERE email NOT LIKE '%.com'`);
      expect(rows[0].n).toBe(0);
    });

    it('refuses unknown fields, also inside sales_metadata', async () => {
      const top = await t.request('POST', '/api/contact_sales', { body: { ...request('babbage@example.com'), is_admin: true } });
      expect(top.status).toBe(400);
      expect(top.body).toEqual({ error: 'Unknown field "is_admin": remove it from the request.', statusCode: 400 });

      const nested = await t.request('POST', '/api/contact_sales', {
        body: { ...request('babbage@example.com'), sales_metadata: { ...salesMetadata, fingerprint: 'abc' } },
      });
      expect(nested.status).toBe(400);
      expect(nested.body).toEqual({ error: 'Unknown field "sales_metadata.fingerprint": remove it from the request.', statusCode: 400 });

      const notText = await t.request('POST', '/api/contact_sales', { body: { ...request('babbage@example.com'), full_name: 42 } });
      expect(notText.status).toBe(400);
      expect(notText.body.error).toBe('full_name must be text');

      const rows = await t.api.dataSource.query(`SELECT count(*)::int AS n FROM sales_requests WHERE email = 'babbage@example.com'`);
      expect(rows[0].n).toBe(0);
    });
  });

  describe('pricing requests', () => {
    it('stores a request and answers the pricing thanks; the same e-mail again is 409 with its own text', async () => {
      const reply = await t.request('POST', '/api/pricing_requests', { body: request('Marie@Example.com') });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({ message: SALES_MESSAGES.pricingSubmitted });
      const rows = await t.api.dataSource.query(`SELECT kind, metadata FROM sales_requests WHERE email = 'marie@example.com'`);
      expect(rows).toEqual([{ kind: 'pricing', metadata: salesMetadata }]);

      const again = await t.request('POST', '/api/pricing_requests', { body: request('MARIE@example.com') });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'A request with this e-mail might already exist', statusCode: 409 });
    });

    it('checks the same fields as the free trial form', async () => {
      const reply = await t.request('POST', '/api/pricing_requests', { body: { full_name: 'Marie', email: 'marie', job_role: 'CFO' } });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        error: SALES_MESSAGES.emailInvalid,
        errors: { email: SALES_MESSAGES.emailInvalid, company_name: SALES_MESSAGES.companyNameRequired },
        statusCode: 400,
      });
      const unknown = await t.request('POST', '/api/pricing_requests', { body: { ...request('pierre@example.com'), plan: 'gold' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toBe('Unknown field "plan": remove it from the request.');
    });

    it('lets a trial request and a pricing request share an e-mail', async () => {
      // ada@example.com already asked for a trial above.
      const pricing = await t.request('POST', '/api/pricing_requests', { body: request('ada@example.com') });
      expect(pricing.status).toBe(201);
      const trial = await t.request('POST', '/api/contact_sales', { body: request('marie@example.com') });
      expect(trial.status).toBe(201);
      const rows = await t.api.dataSource.query(
        `SELECT email, kind FROM sales_requests WHERE email IN ('ada@example.com', 'marie@example.com') ORDER BY email, kind`,
      );
      expect(rows).toEqual([
        { email: 'ada@example.com', kind: 'pricing' },
        { email: 'ada@example.com', kind: 'trial' },
        { email: 'marie@example.com', kind: 'pricing' },
        { email: 'marie@example.com', kind: 'trial' },
      ]);
    });
  });

  describe('help requests', () => {
    let token: string;
    let userId: string;
    before(async () => {
      token = await t.activeUser('helped@example.com');
      userId = (await t.request('GET', '/api/me', { token })).body.id;
    });

    const stored = async () =>
      (await t.api.dataSource.query(`SELECT user_id, type, payload FROM help_requests ORDER BY created_at DESC, id LIMIT 1`))[0];
    const count = async () => (await t.api.dataSource.query(`SELECT count(*)::int AS n FROM help_requests`))[0].n as number;

    it('needs a session', async () => {
      const reply = await t.request('POST', '/api/help_requests', { body: { feedback: { subject: 'Hi', message: 'Hello' } } });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: ACCOUNT_MESSAGES.signInRequired, statusCode: 401 });
      expect(await count()).toBe(0);
    });

    it('stores requested companies with the user who asked', async () => {
      const reply = await t.request('POST', '/api/help_requests', {
        token,
        body: {
          companies: [
            { number: ' 00445790 ', name: ' Tesco PLC ' },
            { number: 'SC005336', name: 'Weir Group' },
          ],
        },
      });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({ message: HELP_MESSAGES.submitted });
      expect(await stored()).toEqual({
        user_id: userId,
        type: 'companies',
        payload: {
          companies: [
            { number: '00445790', name: 'Tesco PLC' },
            { number: 'SC005336', name: 'Weir Group' },
          ],
        },
      });
    });

    it('stores the type of a part that is present, not a type the client names without it', async () => {
      const mislabelled = await t.request('POST', '/api/help_requests', {
        token,
        body: { type: 'feedback', companies: [{ number: '00445790', name: 'Tesco PLC' }] },
      });
      expect(mislabelled.status).toBe(201);
      expect((await stored()).type).toBe('companies');
      const named = await t.request('POST', '/api/help_requests', {
        token,
        body: {
          type: 'feedback',
          companies: [{ number: '00445790', name: 'Tesco PLC' }],
          feedback: { subject: 'Data', message: 'Thanks' },
        },
      });
      expect(named.status).toBe(201);
      expect((await stored()).type).toBe('feedback');
    });

    it('needs a number and a name for every company row', async () => {
      const before = await count();
      const noNumber = await t.request('POST', '/api/help_requests', {
        token,
        body: {
          companies: [
            { number: '00445790', name: 'Tesco PLC' },
            { number: ' ', name: 'Weir Group' },
          ],
        },
      });
      expect(noNumber.status).toBe(400);
      expect(noNumber.body).toEqual({ error: HELP_MESSAGES.companyNumberRequired, statusCode: 400 });
      const noName = await t.request('POST', '/api/help_requests', { token, body: { companies: [{ number: '00445790' }] } });
      expect(noName.status).toBe(400);
      expect(noName.body.error).toBe(HELP_MESSAGES.companyNameRequired);
      const none = await t.request('POST', '/api/help_requests', { token, body: { companies: [] } });
      expect(none.status).toBe(400);
      expect(none.body.error).toBe(HELP_MESSAGES.companiesRequired);
      expect(await count()).toBe(before);
    });

    it('stores a feature request and feedback, each needing a subject and a message', async () => {
      const feature = await t.request('POST', '/api/help_requests', {
        token,
        body: { feature: { subject: ' Export to Excel ', message: ' Please let me export screener results. ' } },
      });
      expect(feature.status).toBe(201);
      expect(await stored()).toEqual({
        user_id: userId,
        type: 'feature',
        payload: { feature: { subject: 'Export to Excel', message: 'Please let me export screener results.' } },
      });

      const feedback = await t.request('POST', '/api/help_requests', {
        token,
        body: { feedback: { subject: 'Love it', message: 'Fast.' } },
      });
      expect(feedback.status).toBe(201);
      expect(await stored()).toEqual({
        user_id: userId,
        type: 'feedback',
        payload: { feedback: { subject: 'Love it', message: 'Fast.' } },
      });

      const before = await count();
      for (const part of ['feature', 'feedback']) {
        const noSubject = await t.request('POST', '/api/help_requests', { token, body: { [part]: { subject: '', message: 'Text' } } });
        expect(noSubject.status).toBe(400);
        expect(noSubject.body).toEqual({ error: HELP_MESSAGES.subjectRequired, statusCode: 400 });
        const noMessage = await t.request('POST', '/api/help_requests', { token, body: { [part]: { subject: 'Subject' } } });
        expect(noMessage.status).toBe(400);
        expect(noMessage.body).toEqual({ error: HELP_MESSAGES.messageRequired, statusCode: 400 });
      }
      expect(await count()).toBe(before);
    });

    it('answers nothingToSend for an empty request', async () => {
      const reply = await t.request('POST', '/api/help_requests', { token, body: {} });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error: HELP_MESSAGES.nothingToSend, statusCode: 400 });
    });

    it('stores the type of the first part present: companies, then feature, then feedback', async () => {
      const all = await t.request('POST', '/api/help_requests', {
        token,
        body: {
          feedback: { subject: 'Also', message: 'Nice work' },
          feature: { subject: 'Alerts', message: 'E-mail me filings' },
          companies: [{ number: '02366995', name: 'Sainsbury' }],
        },
      });
      expect(all.status).toBe(201);
      const row = await stored();
      expect(row.type).toBe('companies');
      expect(row.payload).toEqual({
        companies: [{ number: '02366995', name: 'Sainsbury' }],
        feature: { subject: 'Alerts', message: 'E-mail me filings' },
        feedback: { subject: 'Also', message: 'Nice work' },
      });

      const featureAndFeedback = await t.request('POST', '/api/help_requests', {
        token,
        body: { feedback: { subject: 'Also', message: 'Nice work' }, feature: { subject: 'Alerts', message: 'E-mail me filings' } },
      });
      expect(featureAndFeedback.status).toBe(201);
      expect((await stored()).type).toBe('feature');
    });

    it('refuses an unknown type and unknown fields', async () => {
      const badType = await t.request('POST', '/api/help_requests', {
        token,
        body: { type: 'complaint', feedback: { subject: 'a', message: 'b' } },
      });
      expect(badType.status).toBe(400);
      expect(badType.body.error).toBe(HELP_MESSAGES.typeInvalid);
      const unknown = await t.request('POST', '/api/help_requests', {
        token,
        body: { feedback: { subject: 'a', message: 'b', priority: 'high' } },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toBe('Unknown field "feedback.priority": remove it from the request.');
    });
  });

  describe('form rate limit', () => {
    let limited: TestApi;
    before(async () => {
      limited = await startTestApi({ FORM_RATE_LIMIT: '3/60s' });
      // Windows are whole minutes of the clock: a real one could end a window between two requests.
      useManualClock(limited);
    });
    after(() => limited?.close());

    it('answers the 4th request from one address within the window with 429 and Retry-After', async () => {
      for (let i = 1; i <= 3; i++) {
        const reply = await limited.request('POST', '/api/contact_sales', { body: request(`visitor${i}@example.com`) });
        expect(reply.status).toBe(201);
      }
      const fourth = await limited.request('POST', '/api/contact_sales', { body: request('visitor4@example.com') });
      expect(fourth.status).toBe(429);
      expect(fourth.body).toEqual({ error: ACCOUNT_MESSAGES.tooManyRequests, statusCode: 429 });
      expect(fourth.headers.get('retry-after')).toMatch(/^\d+$/);
      const retryAfter = Number(fourth.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);

      // Not stored, and a forged X-Forwarded-For does not get round the limit (TRUST_PROXY is off).
      const forged = await limited.request('POST', '/api/contact_sales', {
        body: request('visitor5@example.com'),
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(forged.status).toBe(429);
      const rows = await limited.api.dataSource.query(`SELECT count(*)::int AS n FROM sales_requests`);
      expect(rows[0].n).toBe(3);
    });

    it('keeps the 409 for a repeated e-mail on the pricing form, and counts it: the 409 is no unlimited oracle of who asked', async () => {
      // Each form has its own budget per address: the trial form's three above leave the pricing form's whole.
      const first = await limited.request('POST', '/api/pricing_requests', { body: request('repeat@example.com') });
      expect(first.status).toBe(201);
      for (const email of ['repeat@example.com', 'REPEAT@example.com ']) {
        const again = await limited.request('POST', '/api/pricing_requests', { body: request(email) });
        expect(again).toMatchObject({ status: 409, body: { error: SALES_MESSAGES.pricingDuplicate, statusCode: 409 } });
      }
      const fourth = await limited.request('POST', '/api/pricing_requests', { body: request('repeat@example.com') });
      expect(fourth.status).toBe(429);
      expect(fourth.body).toEqual({ error: ACCOUNT_MESSAGES.tooManyRequests, statusCode: 429 });
      expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const rows = await limited.api.dataSource.query(`SELECT kind, email FROM sales_requests WHERE kind = 'pricing'`);
      expect(rows).toEqual([{ kind: 'pricing', email: 'repeat@example.com' }]);
    });
  });
});
