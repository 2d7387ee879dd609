/**
 * The strategic indicators page's calls started with the app: only for that page with a cik and a
 * signed-in user, taken once by the page (a later visit asks afresh).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiClient } from '@credence/shared';
import { usCompany } from '@credence/shared/testing';
import { prefetchAtBoot, takeBootPrefetch } from '../../src/pages/us/boot-prefetch.ts';

const company = usCompany();

const revenue = { name: 'revenue', table_name: 'Income Statement', group_name: 'g', row_header_name: 'Revenue', category: 'annual' };

function services(token: string | null) {
  const asked: string[] = [];
  const client = {
    usCompany: async (cik: string) => (asked.push(`company ${cik}`), company),
    usKpisList: async (cik: string) => (asked.push(`kpis ${cik}`), [revenue]),
    usKpiTable: async (cik: string, name: string, category: string) => (
      asked.push(`table ${cik} ${name} ${category}`),
      { table_name: name, category }
    ),
  } as unknown as ApiClient;
  const session = { getState: () => ({ token }) } as never;
  return { asked, services: { client, session } };
}

describe('strategic indicators calls at the app start', () => {
  it('asks for the company of the first address, then its KPI list, then its table, once, for a signed-in user only', async () => {
    const user = services('token');
    prefetchAtBoot(user.services, { pathname: '/us/equity_analysis/strategic-indicators', search: '?cik=0001001' });
    const taken = takeBootPrefetch();
    assert.equal(taken?.cik, '0001001');
    assert.equal((await taken!.company).title, 'Acme Widgets Inc');
    assert.deepEqual(await taken!.kpis, [revenue]);
    assert.equal((await taken!.table)?.table_name, 'Income Statement');
    assert.deepEqual(user.asked, ['company 0001001', 'kpis 1001', 'table 1001 Income Statement annual']);
    assert.equal(takeBootPrefetch(), null, 'taken once');

    for (const [who, location] of [
      [services(null), { pathname: '/us/equity_analysis/strategic-indicators', search: '?cik=1001' }],
      [services('token'), { pathname: '/us/equity_analysis/strategic-indicators', search: '' }],
      [services('token'), { pathname: '/us/equity_analysis/data_insights', search: '?cik=1001' }],
    ] as const) {
      prefetchAtBoot(who.services, location);
      assert.equal(takeBootPrefetch(), null, `${location.pathname}${location.search}`);
      assert.deepEqual(who.asked, []);
    }
  });
});
