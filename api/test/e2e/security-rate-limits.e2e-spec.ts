import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { SCREENER_ROUTES } from '@credence/shared';
import { uploadPdfs } from '../support/documents-client.js';
import { useManualClock, type ManualClock } from '../support/manual-clock.js';
import { handMadePdf, textLines } from '../support/sample-documents.js';
import { screenerPath } from '../support/screener-data.js';
import { startTestApi, type Reply, type TestApi } from '../support/test-api.js';

/**
 * Security review point 4 (issue 13), the second half: costly signed-in routes are limited per
 * user, so one user (or one stolen token) cannot slow the API down for everyone (issue 24 adds
 * uploads, page text, file reads and chats). Small limits here; time is a manual clock.
 */

function expectLimited(reply: Reply, what: string, limit: number): void {
  expect({ status: reply.status, error: reply.body.error }).toEqual({
    status: 429,
    error: expect.stringMatching(
      new RegExp(`^Too many ${what}: at most ${limit} every 60 seconds per user\\. Try again in \\d+ seconds\\.$`),
    ),
  });
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('security: per-user limits on costly routes', () => {
  let t: TestApi;
  let clock: ManualClock;
  let ada: string;
  let bob: string;
  before(async () => {
    t = await startTestApi({
      QUERY_RATE_LIMIT: '3/60s',
      EXPORT_RATE_LIMIT: '2/60s',
      DOCUMENT_RATE_LIMIT: '2/60s',
      PAGE_TEXT_RATE_LIMIT: '2/60s',
      PDF_FILE_RATE_LIMIT: '2/60s',
      CHAT_RATE_LIMIT: '2/60s',
      UPLOAD_RATE_LIMIT: '2/60s',
    });
    clock = useManualClock(t);
    ada = await t.activeUser('ada.limits@example.com');
    bob = await t.activeUser('bob.limits@example.com');
  });
  after(() => t?.close());

  const convert = (token: string) =>
    t.request('POST', `/api/${SCREENER_ROUTES.convertQuery}`, { token, body: { query: 'software companies with turnover over 10m' } });

  it('limits natural-language queries per user, with Retry-After and a message, and lifts the limit when the window ends', async () => {
    for (let i = 0; i < 3; i++) expect((await convert(ada)).status).toBe(200);
    expectLimited(await convert(ada), 'natural-language queries', 3);
    // Another user is not slowed by it.
    expect((await convert(bob)).status).toBe(200);
    clock.advance(60_000);
    expect((await convert(ada)).status).toBe(200);
  });

  it('limits screener exports per user, across the screeners', async () => {
    const exportOf = (route: string) => t.request('GET', screenerPath(route, { format: 'csv' }), { token: ada });
    expect((await exportOf(SCREENER_ROUTES.companiesExport)).status).toBe(200);
    expect((await exportOf(SCREENER_ROUTES.chargesExport)).status).toBe(200);
    expectLimited(await exportOf(SCREENER_ROUTES.lendersExport), 'exports', 2);
    expectLimited(await exportOf(SCREENER_ROUTES.chargeCompaniesExport), 'exports', 2);
    expect((await t.request('GET', screenerPath(SCREENER_ROUTES.companiesExport, { format: 'csv' }), { token: bob })).status).toBe(200);
  });

  it('limits documents opened per user', async () => {
    const open = () => t.request('GET', '/api/companies_house/get_filing_pdf?company_number=00445790&file_name=NOPE.pdf', { token: ada });
    for (let i = 0; i < 2; i++) expect((await open()).status).toBe(404);
    expectLimited(await open(), 'documents opened', 2);
  });

  it('limits uploads, pages of uploaded text, uploaded files read and chat reads and saves per user (issue 24)', async () => {
    const pdf = handMadePdf([textLines(['One page of text to read.'])]);
    const upload = (token: string, name: string) => uploadPdfs(t, token, 'chat-limits', [{ name, bytes: pdf }]);
    const first = await upload(ada, 'one.pdf');
    expect(first.status).toBe(200);
    expect((await upload(ada, 'two.pdf')).status).toBe(200);
    const third = await upload(ada, 'three.pdf');
    expect({ status: third.status, error: third.body.error }).toEqual({
      status: 429,
      error: expect.stringMatching(/^Too many uploads: at most 2 every 60 seconds per user\./),
    });
    expect((await upload(bob, 'one.pdf')).status).toBe(200);

    const pageText = () => t.request('GET', `/api/pdf_page_text?document_id=${first.body.files[0].document_id}&page=1`, { token: ada });
    for (let i = 0; i < 2; i++) expect((await pageText()).status).toBe(200);
    expectLimited(await pageText(), 'pages of uploaded text read', 2);

    expect((await t.request('GET', '/api/fetch_pdf?chat_id=chat-limits&pdf_name=one.pdf', { token: ada })).status).toBe(200);
    expect((await t.request('GET', '/api/pdf_file?chat_id=chat-limits&pdf_name=one.pdf', { token: ada })).status).toBe(200);
    expectLimited(await t.request('GET', '/api/fetch_pdf?chat_id=chat-limits&pdf_name=one.pdf', { token: ada }), 'uploaded PDFs read', 2);

    const save = () => t.request('POST', '/api/create_chat_history', { token: ada, body: { chat_id: 'chat-limits-1', query_str: 'Q' } });
    expect((await save()).status).toBe(200);
    expect((await t.request('GET', '/api/get_chat?chat_id=chat-limits-1', { token: ada })).status).toBe(200);
    expectLimited(await save(), 'chat reads and saves', 2);
    expectLimited(await t.request('GET', '/api/get_chat?chat_id=chat-limits-1', { token: ada }), 'chat reads and saves', 2);
    expect((await t.request('GET', '/api/get_chat?chat_id=chat-limits-1', { token: bob })).status).toBe(404);
    clock.advance(60_000);
    expect((await t.request('GET', '/api/get_chat?chat_id=chat-limits-1', { token: ada })).status).toBe(200);
  });

  it('leaves cheap routes alone', async () => {
    for (let i = 0; i < 10; i++) expect((await t.request('GET', '/api/me', { token: ada })).status).toBe(200);
  });
});
