import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { formatAmount } from '../../src/platform/register/documents/accounts-format.js';
import { importAccounts } from '../../src/modules/companies-house/import/accounts.importer.js';
import { upsertRows } from '../../src/modules/companies-house/store/company-store.js';
import { COMPANIES } from '../../src/modules/companies-house/store/tables.js';
import { figurePattern } from '../../src/platform/ai/evidence/find-on-page.js';
import { ResearchEvidence } from '../../src/modules/research/evidence/research-evidence.js';
import type { Fact } from '../../src/platform/ai/engine/types.js';
import { createResearchTools } from '../../src/modules/research/tools/index.js';
import type { FinancialStatementsData } from '../../src/modules/research/tools/financial-statements.tool.js';
import { companiesHouseFixtures } from '../support/fixtures.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

const signal = new AbortController().signal;
const ctx = { user: { id: 'u1', role: 'user' }, signal };

describe('research evidence on imported iXBRL accounts (stored HTML, pages counted as the importer counts them)', () => {
  let t: TestContext;
  let evidence: ResearchEvidence;

  before(async () => {
    t = await startTestContext();
    await t.dataSource.transaction((m) =>
      upsertRows(m, COMPANIES, [
        { company_number: '08123456', company_name: 'HARBOUR LIGHT ANALYTICS LTD', source: 'api' },
        { company_number: 'SC612345', company_name: 'CALEDONIAN TIDAL SYSTEMS LIMITED', source: 'api' },
      ]),
    );
    const reporter = { progress: () => undefined, bad: () => undefined, info: () => undefined };
    await importAccounts({ dataSource: t.dataSource, config: t.config, reporter, batchSize: 50_000 }, [companiesHouseFixtures('accounts')]);
    evidence = new ResearchEvidence(t.dataSource, t.config);
  });
  after(() => t.close());

  it('confirms each imported figure on the page of the stored document that shows it, and not on another page', async () => {
    const tools = createResearchTools(t.dataSource, { dataDir: t.config.dataDir, pages: evidence.pages });
    let checked = 0;
    for (const company of ['08123456', 'SC612345']) {
      const data = (await tools.get('financial_statements')!.run({ company_number: company }, ctx)).data as FinancialStatementsData;
      expect(data.years.length).toBeGreaterThan(0);
      for (const year of data.years)
        for (const fact of Object.values(year.metrics)) {
          const check = await evidence.check(fact, signal);
          expect({ key: fact.key, verified: check.verified, reason: check.reason }).toEqual({
            key: fact.key,
            verified: true,
            reason: undefined,
          });
          // Documents tagged with scale="3" show thousands: "89" for 89,000, on the label's line.
          const shown = [fact.printed!, formatAmount(Number(fact.value) / 1000)].some((p) => figurePattern(p).test(check.quote!));
          expect({ key: fact.key, quote: check.quote, shown }).toEqual({ key: fact.key, quote: check.quote, shown: true });
          checked++;
        }
    }
    expect(checked).toBeGreaterThan(4);
    const data = (await tools.get('financial_statements')!.run({ company_number: '08123456' }, ctx)).data as FinancialStatementsData;
    const turnover = data.years.at(-1)!.metrics.turnover!;
    const count = await evidence.pages.pageCount('08123456', (turnover.source as { document_id: string }).document_id);
    expect(count).toBeGreaterThan(1);
    const page = (turnover.source as { page: number }).page;
    const elsewhere: Fact = { ...turnover, source: { ...turnover.source, page: page === 1 ? 2 : 1 } as Fact['source'] };
    expect((await evidence.check(elsewhere, signal)).verified).toBe(false);
  });
});
