/**
 * Document search on real filings' pages (issue 26), stored and indexed as an upload stores them, in
 * the suite's database (PGlite, or server Postgres with --engine): the page that answers is among
 * the first five for questions whose words are not the words the page prints.
 *
 * - Who a company's primary customers are is written as the concentration of its revenue ("we
 *   derive a significant portion of our revenues from a limited number of commercial airlines"),
 *   not under "primary": that rare word alone matched the segment note ("our primary profitability
 *   measurements"), which then outranked every page about customers.
 * - A question that compares regions ("US sales growth compare to international") is answered by
 *   the geographic breakdown ("REGIONAL SALES RESULTS", rows "U.S." and "International"); the
 *   statement of earnings, which prints sales but no region, outranked it, "US" was no search word
 *   and "compare" was one.
 */
import { after, before, describe, it } from 'node:test';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';
import { DocumentsRepository } from '../../src/modules/documents/documents.repository.js';
import { searchPages } from '../../src/modules/documents/search/page-search.js';
import { questionTerms } from '../../src/modules/documents/search/question-terms.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

/** Pages of a development filing as stored (each page's lines), from test/fixtures/filing-pages/<doc>-search.json. */
function storedPages(doc: string): { page: number; lines: { text: string; items: [] }[] }[] {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'test', 'fixtures', 'filing-pages', `${doc}-search.json`);
    if (!existsSync(file)) continue;
    const pages = JSON.parse(readFileSync(file, 'utf8')) as { page: number; lines: string[] }[];
    return pages.map((p) => ({ page: p.page, lines: p.lines.map((text) => ({ text, items: [] as [] })) }));
  }
  throw new Error(`test fixture not found: test/fixtures/filing-pages/${doc}-search.json`);
}

describe('document search on real filing pages', () => {
  let t: TestContext;
  let userId: string;
  const ids: Record<string, string> = {};

  before(async () => {
    t = await startTestContext();
    const [user] = await t.dataSource.query(
      `INSERT INTO users (email, full_name, company_name, job_role, linkedin_url, password_hash)
       VALUES ('search@example.com', 'Search', 'Credence', 'Analyst', '', 'x') RETURNING id::text AS id`,
    );
    userId = user.id;
    const documents = new DocumentsRepository(t.dataSource);
    // Boeing's FY2022 10-K: the business and risk pages on customers, and the notes that name them
    // (the segment note, customer financing, revenue by customer location); J&J's Q4 2022 release whole
    for (const doc of ['BOEING_2022_10K', 'JOHNSON_JOHNSON_2022Q4_EARNINGS']) {
      ids[doc] = await t.dataSource.transaction((manager) =>
        documents.insert(
          { userId, chatKey: doc, fileName: `${doc}.pdf`, size: 1, sha256: doc, content: Buffer.from('%PDF'), pages: storedPages(doc) },
          manager,
        ),
      );
      await documents.index(ids[doc]);
    }
  });

  after(() => t?.close());

  const firstFive = async (doc: string, question: string) =>
    (await searchPages(t.dataSource, userId, [ids[doc]], questionTerms(question), 5)).map((h) => h.page);

  it('finds who the customers are where the filing tells whom its revenue comes from', async () => {
    const pages = await firstFive('BOEING_2022_10K', 'Who are the primary customers of Boeing as of FY2022?');
    // p.8: "a significant portion of our revenues from a limited number of commercial airlines"; p.10: "… from the U.S. government"
    expect(pages).toEqual(expect.arrayContaining([8, 10]));
    expect(pages[0]).not.toBe(113);
  });

  it('finds the regional breakdown for a comparison of US and international sales', async () => {
    const pages = await firstFive(
      'JOHNSON_JOHNSON_2022Q4_EARNINGS',
      "How did JnJ's US sales growth compare to international sales growth in FY2022?",
    );
    // p.2: "REGIONAL SALES RESULTS … U.S. $48,580 $47,156 3.0% … International 46,363 46,619 (0.6)%"
    expect(pages[0]).toBe(2);
  });
});
