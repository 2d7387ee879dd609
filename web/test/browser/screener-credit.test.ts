/**
 * The companies screener as a credit analyst opens it (issue 13 section 5), in chromium against
 * the real API with sample data: the first page is the largest trading companies, the query bar's
 * own placeholder gives the filters it reads, and a ranking ("top 10 construction companies by
 * revenue") sorts the table and shows ten rows.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { http } from '../support/http.ts';
import { sampleDataSuite } from '../support/sample-suite.ts';
import { signedInPage } from '../support/session.ts';

const suite = sampleDataSuite();

/** The list route called directly, for what the page must show. */
async function list(params: Record<string, string>) {
  const { body } = await http(suite.api, 'GET', `companies_house/get-screener-info?${new URLSearchParams(params)}`, undefined, suite.token);
  return body.data as { companies: { company_name: string; turnover: number | null }[]; total_count: number };
}

describe('companies screener for credit work', () => {
  it('opens on the largest companies by turnover, not on dormant ones with blank figures', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.api.url, suite.token, { width: 1366, height: 900 });
    try {
      const expected = await list({ page: '1', page_size: '100', sort_by: 'turnover', sort_order: 'desc' });
      assert.ok(expected.companies[0].turnover !== null && expected.companies[0].turnover > 0);
      await page.goto('/companies-screener');
      const names = expected.companies.map((c) => c.company_name).join('|');
      await page.waitForFunction(
        (want: string): boolean =>
          [...document.querySelectorAll('.data-table tbody tr td:first-child')]
            .map((td) => td.textContent?.trim() ?? '')
            .join('|')
            .startsWith(want),
        names.split('|').slice(0, 5).join('|'),
      );
      assert.equal(page.url(), `${suite.api.url}/companies-screener`, 'the default order needs nothing in the address');
    } finally {
      await context.close();
    }
  });

  const CASES: { query: string; region?: string; ranked?: { rows: number; sort: string; size: string } }[] = [
    { query: 'software companies in London with turnover over 10m', region: 'London' },
    { query: 'top 10 construction companies by revenue', ranked: { rows: 10, sort: 'turnover:desc', size: '10' } },
  ];
  for (const { query, region, ranked } of CASES) {
    it(`"${query}" from the query bar`, async () => {
      const { context, page } = await signedInPage(suite.browser, suite.api.url, suite.token, { width: 1366, height: 900 });
      try {
        const converted: { body: { filters: unknown[]; unplaced: string[]; sort_by?: string; sort_order?: string; page_size?: number } } =
          await http(suite.api, 'POST', 'companies_house/convert-query-to-filters', { query }, suite.token);
        assert.deepEqual(converted.body.unplaced, []);
        const params: Record<string, string> = {
          page: '1',
          page_size: String(converted.body.page_size ?? 100),
          filters: JSON.stringify(converted.body.filters),
        };
        if (converted.body.sort_by)
          Object.assign(params, { sort_by: converted.body.sort_by, sort_order: converted.body.sort_order ?? 'desc' });
        const expected = await list(params);
        await page.goto('/companies-screener');
        await page.locator('.data-table tbody tr').nth(2).waitFor();
        const bar = page.getByLabel('Describe the companies you want');
        assert.match((await bar.getAttribute('placeholder')) ?? '', /software companies in London with turnover over 10m/);
        await bar.fill(query);
        await page.getByRole('button', { name: 'Ask AI' }).click();
        await page.waitForURL((url) => url.searchParams.get('q') === query);
        const want = expected.companies.map((c) => c.company_name).join('|');
        if (want === '') await page.getByText('No companies found matching your Filters').waitFor();
        else
          await page.waitForFunction(
            (w: string): boolean =>
              [...document.querySelectorAll('.data-table tbody tr td:first-child')].map((td) => td.textContent?.trim() ?? '').join('|') ===
              w,
            want,
          );
        if (want !== '')
          await page.locator('.pagination__showing', { hasText: `of ${expected.total_count.toLocaleString('en-GB')}` }).waitFor();
        if (ranked) {
          assert.equal(expected.companies.length, Math.min(ranked.rows, expected.total_count));
          const params = new URL(page.url()).searchParams;
          assert.equal(params.get('sort'), ranked.sort);
          assert.equal(params.get('size'), ranked.size);
        } else {
          // the rows are the list route's for the filters the bar read: the region among them
          assert.deepEqual(
            (converted.body.filters as { id: string; value: { values?: string[] } }[]).find((f) => f.id === 'region')?.value.values,
            [region],
          );
        }
      } finally {
        await context.close();
      }
    });
  }
});
