import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { expect } from 'expect';
import { importAccounts } from '../../src/modules/companies-house/import/accounts.importer.js';
import { upsertRows } from '../../src/modules/companies-house/store/company-store.js';
import { COMPANIES } from '../../src/modules/companies-house/store/tables.js';
import { ADMIN, run } from '../support/processes.js';
import { Collector, importHarness } from '../support/import-harness.js';
import { companiesHouseFixtures } from '../support/fixtures.js';

const FIXTURES = companiesHouseFixtures('accounts');
const SMALL = 'Prod223_3512_08123456_20240331.html';
const MICRO = 'Prod223_3512_SC612345_20231231.xhtml';

/** A later filing of 08123456: year to 31 March 2025, with 2024 as its comparative (turnover restated). */
const laterFiling = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:ixt2="http://www.xbrl.org/inlineXBRL/transformation/2011-07-31"
 xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:uk-core="http://xbrl.frc.org.uk/fr/2023-01-01/core">
<head><title>HARBOUR LIGHT ANALYTICS LTD 2025</title></head>
<body>
<div style="display:none"><ix:header><ix:resources>
<xbrli:context id="FY2025"><xbrli:entity><xbrli:identifier scheme="http://www.companieshouse.gov.uk/">08123456</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:startDate>2024-04-01</xbrli:startDate><xbrli:endDate>2025-03-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:context id="FY2024"><xbrli:entity><xbrli:identifier scheme="http://www.companieshouse.gov.uk/">08123456</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:startDate>2023-04-01</xbrli:startDate><xbrli:endDate>2024-03-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:unit id="GBP"><xbrli:measure>iso4217:GBP</xbrli:measure></xbrli:unit>
</ix:resources></ix:header></div>
<p>Turnover <ix:nonFraction contextRef="FY2025" name="uk-core:TurnoverRevenue" unitRef="GBP" decimals="0" scale="0" format="ixt2:numdotdecimal">1,610,004</ix:nonFraction>
(2024: <ix:nonFraction contextRef="FY2024" name="uk-core:TurnoverRevenue" unitRef="GBP" decimals="0" scale="0" format="ixt2:numdotdecimal">1,500,000</ix:nonFraction>)</p>
</body></html>`;

describe(`import accounts (${process.env.DATABASE_URL ? 'server Postgres' : 'embedded Postgres'})`, () => {
  const h = importHarness('credence-accounts');
  const { context, query } = h;

  before(async () => {
    await h.t.dataSource.transaction((m) =>
      upsertRows(m, COMPANIES, [
        { company_number: '08123456', company_name: 'HARBOUR LIGHT ANALYTICS LTD', source: 'api' },
        { company_number: 'SC612345', company_name: 'CALEDONIAN TIDAL SYSTEMS LIMITED', source: 'api' },
      ]),
    );
  });

  it('extracts both periods of each filing, with pages and concepts, and keeps a copy of the file', async () => {
    const reporter = new Collector();
    const summary = await importAccounts(context(reporter), [FIXTURES]);
    expect(reporter.bads).toEqual([]);
    expect(summary).toMatchObject({ read: 2, skipped: 0, tables: { financial_statements: 4, documents: 2 } });

    const rows = await query(
      `SELECT company_number, period_start::text AS period_start, period_end::text AS period_end, fiscal_year, currency, document_id, source,
              turnover::float8 AS turnover, operating_profit::float8 AS operating_profit, net_profit_loss::float8 AS net_profit_loss, ebitda::float8 AS ebitda,
              total_assets::float8 AS total_assets, total_liabilities::float8 AS total_liabilities, net_assets::float8 AS net_assets, cash::float8 AS cash, employees
         FROM financial_statements ORDER BY company_number, period_end`,
    );
    expect(rows).toEqual([
      {
        company_number: '08123456',
        period_start: '2022-04-01',
        period_end: '2023-03-31',
        fiscal_year: 2023,
        currency: 'GBP',
        document_id: 'Prod223_3512_08123456_20240331',
        source: 'ixbrl',
        turnover: 1206914,
        operating_profit: -14217,
        net_profit_loss: -19584,
        ebitda: -14217 + 16905 + 9000,
        total_assets: 97980 + 439411,
        total_liabilities: 97980 + 439411 - 160399,
        net_assets: 160399,
        cash: 198334,
        employees: 12,
      },
      {
        company_number: '08123456',
        period_start: '2023-04-01',
        period_end: '2024-03-31',
        fiscal_year: 2024,
        currency: 'GBP',
        document_id: 'Prod223_3512_08123456_20240331',
        source: 'ixbrl',
        turnover: 1482350,
        operating_profit: 241581,
        net_profit_loss: 188861,
        ebitda: 268821,
        total_assets: 696936,
        total_liabilities: 397676,
        net_assets: 299260,
        cash: 314911,
        employees: 14,
      },
      {
        company_number: 'SC612345',
        period_start: '2022-01-01',
        period_end: '2022-12-31',
        fiscal_year: 2022,
        currency: 'GBP',
        document_id: 'Prod223_3512_SC612345_20231231',
        source: 'ixbrl',
        turnover: null,
        operating_profit: null,
        net_profit_loss: null,
        ebitda: null,
        total_assets: 218000,
        total_liabilities: 129000,
        net_assets: 89000,
        cash: null,
        employees: 3,
      },
      {
        company_number: 'SC612345',
        period_start: '2023-01-01',
        period_end: '2023-12-31',
        fiscal_year: 2023,
        currency: 'GBP',
        document_id: 'Prod223_3512_SC612345_20231231',
        source: 'ixbrl',
        turnover: null,
        operating_profit: null,
        net_profit_loss: null,
        ebitda: null,
        total_assets: 222000,
        total_liabilities: 157000,
        net_assets: 65000,
        cash: null,
        employees: 3,
      },
    ]);

    const [small] = await query(
      `SELECT page_numbers, terms, balance_sheet, key_financials FROM financial_statements WHERE company_number = '08123456' AND period_end = '2024-03-31'`,
    );
    expect(small.page_numbers).toEqual({
      turnover: 2,
      operatingProfit: 2,
      netProfitLoss: 2,
      EBITDA: 2,
      totalAssets: 3,
      totalLiabilities: 3,
      netAssets: 3,
      cash: 3,
      employeeCount: 4,
    });
    expect(small.terms).toMatchObject({
      turnover: 'uk-core:TurnoverRevenue',
      cash: 'uk-core:CashBankOnHand',
      totalAssets: 'uk-core:FixedAssets + uk-core:CurrentAssets',
      employeeCount: 'uk-core:AverageNumberEmployeesDuringPeriod',
    });
    expect(small.balance_sheet).toContainEqual({
      key: 'currentAssets',
      label: 'Current assets',
      value: 602526,
      currency: 'GBP',
      pageNumber: 3,
      term: 'uk-core:CurrentAssets',
    });
    expect(small.key_financials).toContainEqual({
      key: 'turnover',
      label: 'Turnover',
      value: 1482350,
      currency: 'GBP',
      pageNumber: 2,
      term: 'uk-core:TurnoverRevenue',
    });

    const documents = await query(
      `SELECT document_id, company_number, content_type, pages, storage_path FROM documents ORDER BY document_id`,
    );
    expect(documents).toEqual([
      {
        document_id: 'Prod223_3512_08123456_20240331',
        company_number: '08123456',
        content_type: 'application/xhtml+xml',
        pages: 4,
        storage_path: `documents/08123456/${SMALL}`,
      },
      {
        document_id: 'Prod223_3512_SC612345_20231231',
        company_number: 'SC612345',
        content_type: 'application/xhtml+xml',
        pages: 3,
        storage_path: `documents/SC612345/${MICRO}`,
      },
    ]);
    expect(readFileSync(join(h.t.config.dataDir, 'documents', '08123456', SMALL), 'utf8')).toBe(
      readFileSync(join(FIXTURES, SMALL), 'utf8'),
    );
  });

  it("is idempotent, and a later filing's comparative never replaces the year's own filing", async () => {
    const reporter = new Collector();
    await importAccounts(context(reporter), [join(FIXTURES, SMALL), FIXTURES]);
    expect(await query(`SELECT count(*)::int AS n FROM financial_statements`)).toEqual([{ n: 4 }]);

    const later = join(h.scratch, 'Prod224_0101_08123456_20250331.html');
    writeFileSync(later, laterFiling);
    const summary = await importAccounts(context(reporter), [later]);
    expect(reporter.bads).toEqual([]);
    expect(summary.tables).toEqual({ financial_statements: 1, documents: 1 });
    expect(
      await query(
        `SELECT period_end::text AS period_end, turnover::float8 AS turnover, document_id FROM financial_statements WHERE company_number = '08123456' ORDER BY period_end`,
      ),
    ).toEqual([
      { period_end: '2023-03-31', turnover: 1206914, document_id: 'Prod223_3512_08123456_20240331' },
      { period_end: '2024-03-31', turnover: 1482350, document_id: 'Prod223_3512_08123456_20240331' },
      { period_end: '2025-03-31', turnover: 1610004, document_id: 'Prod224_0101_08123456_20250331' },
    ]);
  });

  it('reports files it cannot use with file:line and a reason, and imports the others', async () => {
    const dir = join(h.scratch, 'mixed');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'accounts-08123456.html'), laterFiling);
    writeFileSync(join(dir, 'Prod224_0101_08123456_20250332.html'), laterFiling);
    writeFileSync(join(dir, 'Prod224_0102_08123456_20250331.html'), '<html><body><p>Scanned accounts: see the PDF.</p></body></html>');
    writeFileSync(join(dir, 'Prod224_0103_07000001_20250331.html'), laterFiling.replaceAll('08123456', '07000001'));
    writeFileSync(join(dir, 'Prod224_0104_SC612345_20250331.html'), laterFiling);
    writeFileSync(join(dir, 'Prod224_0105_08123456_20250331.html'), laterFiling.replace('1,610,004', '1,61O,004'));
    writeFileSync(join(dir, 'notes.txt'), 'not accounts');
    const reporter = new Collector();
    const summary = await importAccounts(context(reporter), [dir]);
    const reported = reporter.bads.map((b) => `${b.file.slice(dir.length + 1)}:${b.line}: ${b.reason}`);
    expect(reported).toEqual([
      'Prod224_0101_08123456_20250332.html:1: 20250332 in the file name is not a date (YYYYMMDD)',
      'Prod224_0102_08123456_20250331.html:1: no xbrli:context: not an inline XBRL document (or its ix:resources are missing)',
      'Prod224_0104_SC612345_20250331.html:7: the accounts are of company 08123456 (xbrli:identifier), not SC612345 as the file name says',
      'Prod224_0105_08123456_20250331.html:11: uk-core:TurnoverRevenue: "1,61O,004" is not a number in format ixt2:numdotdecimal (fact skipped)',
      'accounts-08123456.html:1: the file name is not of the accounts bulk product (Prod<nnn>_<nnnn>_<company number>_<YYYYMMDD>.html)',
      'Prod224_0103_07000001_20250331.html:1: company 07000001 is not in the database: import the register (companies-csv) or its profile (ch-api) first',
    ]);
    expect(summary.read).toBe(6);
    expect(summary.skipped).toBe(6);
    // Prod224_0105 lost its 2025 figure; its 2024 one does not replace the 2024 filing's own.
    expect(summary.tables).toEqual({ financial_statements: 0, documents: 1 });
    expect(
      await query(`SELECT turnover::float8 AS t FROM financial_statements WHERE company_number = '08123456' AND period_end = '2024-03-31'`),
    ).toEqual([{ t: 1482350 }]);
  });

  it('runs as credence-admin import accounts: summary on stdout, FILE:LINE: REASON on stderr', async () => {
    const ok = await run(ADMIN, ['import', 'accounts', FIXTURES, '--quiet'], h.t.environment.env);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      /^Imported accounts from 2 files: 2 rows read, 6 written \(financial_statements 4, documents 2\), 0 skipped as bad/,
    );
    const bad = join(h.scratch, 'Prod224_0102_08123456_20250331.html');
    writeFileSync(bad, '<html><body><p>Scanned accounts</p></body></html>');
    const failed = await run(ADMIN, ['import', 'accounts', bad], h.t.environment.env);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`${bad}:1: no xbrli:context`);
  });
});
