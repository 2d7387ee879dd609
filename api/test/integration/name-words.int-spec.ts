import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { upsertRows } from '../../src/modules/companies-house/store/company-store.js';
import { refreshNameWords } from '../../src/platform/register/name-words.js';
import { COMPANIES } from '../../src/modules/companies-house/store/tables.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

const company = (company_number: string, company_name: string) => ({
  company_number,
  company_name,
  company_status: 'Active',
  source: 'csv',
});

describe('company name words (what search ranks words and corrects typos by)', () => {
  let t: TestContext;
  const counts = async () =>
    Object.fromEntries(
      (await t.dataSource.query(`SELECT word, names FROM company_name_words ORDER BY word`)).map((r: { word: string; names: number }) => [
        r.word,
        r.names,
      ]),
    );

  before(async () => {
    t = await startTestContext();
  });
  after(() => t.close());

  it('counts, for every word, the names that hold it, and recounts from scratch on a full refresh', async () => {
    await t.dataSource.transaction((m) =>
      upsertRows(m, COMPANIES, [
        company('00000001', 'ACME  WIDGETS LIMITED'),
        company('00000002', 'Acme Holdings Limited'),
        company('00000003', 'ZEBRA LTD'),
      ]),
    );
    await refreshNameWords(t.dataSource, 'all');
    expect(await counts()).toEqual({ acme: 2, holdings: 1, limited: 2, ltd: 1, widgets: 1, zebra: 1 });
    await t.dataSource.query(`DELETE FROM companies WHERE company_number = '00000003'`);
    await refreshNameWords(t.dataSource, 'all');
    expect(await counts()).toEqual({ acme: 2, holdings: 1, limited: 2, widgets: 1 });
  });

  it('adds the new words of given companies without touching the others', async () => {
    await t.dataSource.transaction((m) => upsertRows(m, COMPANIES, [company('00000004', 'QUOKKA WIDGETS LIMITED')]));
    await refreshNameWords(t.dataSource, { companyNumbers: ['00000004'] });
    expect(await counts()).toEqual({ acme: 2, holdings: 1, limited: 2, quokka: 1, widgets: 1 });
  });
});
