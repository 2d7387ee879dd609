/**
 * `credence us search|kpis|source` against the real API on the embedded database with the US
 * sample (generated on first start): fuzzy search, KPI tables with derived quarters marked,
 * --json for scripts, the Excel workbook written atomically, a figure traced to its tag and
 * filing, and the usage and failure exits.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UsCompany, UsKpiTable } from '@credence/shared';
import { credence, signedInUser, type ApiServer } from '../support/processes.js';
import { sharedApi } from '../support/shared-api.js';

const YEAR = new Date().getUTCFullYear() - 1;
/** The first sample company: December year end, revenue tag switched in its fourth year. */
const TICKER = 'NOAA';

describe('credence us against the real API and its US sample', () => {
  let api: ApiServer;
  let env: Record<string, string>;
  let scratch: string;

  before(async () => {
    api = await sharedApi();
    ({ env } = await signedInUser(api, {
      email: 'us.tester@example.com',
      password: 'a long and unusual us passphrase',
      name: 'US Tester',
    }));
    scratch = mkdtempSync(join(tmpdir(), 'credence-us-'));
  });
  after(async () => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it('us search finds a company despite a typo, labelled sample; --json gives the list', async () => {
    const run = await credence(['us', 'search', 'northrige', 'semiconductor'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(TICKER);
    expect(run.stdout).toContain('Northridge Semiconductor Inc.');
    expect(run.stderr).toContain('Sample data');
    const json = await credence(['us', 'search', TICKER, '--json'], env);
    const list = JSON.parse(json.stdout) as UsCompany[];
    expect(list[0]).toMatchObject({ ticker: TICKER, available: true, verified: false, sample: true });
    expect((await credence(['us', 'search'], env)).code).toBe(2);
  });

  it('us kpis prints the income statement by fiscal year; --quarterly marks derived quarters', async () => {
    const run = await credence(['us', 'kpis', TICKER], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Income Statement · annual');
    expect(run.stdout).toContain('USD millions');
    expect(run.stdout).toMatch(/Revenue\s+[\d,]+\.\d/);
    expect(run.stdout).toContain(`FY${YEAR}`);
    const q = await credence(['us', 'kpis', TICKER, '--table', 'cash', '--quarterly', '--periods', '4'], env);
    expect(q.code).toBe(0);
    expect(q.stdout).toContain(`Q4 FY${YEAR}`);
    expect(q.stdout).toMatch(/Net cash from operating activities\s+[\d,.]+ \s+[\d,.]+\*/);
    expect(q.stderr).toContain('* derived');
  });

  it('us kpis --json prints the table the API answers; --output writes the workbook', async () => {
    const json = await credence(['us', 'kpis', TICKER, '--json', '--quarterly'], env);
    const table = JSON.parse(json.stdout) as UsKpiTable;
    const revenue = table.table_data.find((r) => r.name === 'revenue')!;
    const q4 = table.periods.findIndex((p) => p.key === `${YEAR}Q4`);
    expect(revenue.cells[q4]).toMatchObject({ kpi_value_id: `revenue@${YEAR}Q4`, derived: true });
    const file = join(scratch, 'noaa.xlsx');
    const out = await credence(['us', 'kpis', TICKER, '--output', file], env);
    expect(out.code).toBe(0);
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    expect((await credence(['us', 'kpis', TICKER, '--output', join(scratch, 'x.csv')], env)).code).toBe(2);
    expect((await credence(['us', 'kpis', TICKER, '--table', 'ebitda'], env)).code).toBe(2);
  });

  it('us source shows a reported figure’s tag and filing, and a derived one’s operands', async () => {
    const fy = await credence(['us', 'source', TICKER, 'revenue', `FY${YEAR}`], env);
    expect(fy.code).toBe(0);
    expect(fy.stdout).toContain('us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax');
    expect(fy.stdout).toMatch(/10-K filed \d{4}-\d{2}-\d{2}, accession 0990000001-/);
    expect(fy.stdout).toContain('Shown in the filing as');
    expect(fy.stdout).toMatch(/Revenue for the period was \$[\d,]+\./);
    const json = JSON.parse((await credence(['us', 'source', TICKER, 'revenue', `FY${YEAR}`, '--json'], env)).stdout);
    expect(json).toMatchObject({
      company: { ticker: TICKER },
      highlight_id: expect.stringMatching(/^f-\d+$/),
      kpi_info: { kpi_value_id: `revenue@FY${YEAR}` },
    });
    expect(json.raw_html).toBeUndefined();
    const q4 = await credence(['us', 'source', TICKER, 'revenue', `Q4 ${YEAR}`], env);
    expect(q4.stdout).toContain('FY − 9M');
    expect(q4.stdout).toContain('Operands');
    expect(q4.stdout).toMatch(/-\s+9M FY\d{4}/);
    const missing = await credence(['us', 'source', TICKER, 'revenue', 'FY1990'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No KPI value revenue@FY1990');
    expect((await credence(['us', 'source', TICKER, 'revenue', 'last year'], env)).code).toBe(2);
    const unknown = await credence(['us', 'kpis', 'ZZZZZ'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No US company with ticker ZZZZZ');
  });
});
