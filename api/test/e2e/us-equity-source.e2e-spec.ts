/**
 * The source of a KPI value over HTTP (api/get_highlighted_source and backlinker): a sample
 * company's generated inline-XBRL filing with the fact highlighted (visible, or through a hidden
 * reference), a derived quarter with its operands, an imported primary document
 * (credence-admin import sec-filing), a filing whose document is not imported, and a document
 * from before inline XBRL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { UsHighlightedSource } from '@credence/shared';
import { loadConfig } from '../../src/core/config/config.js';
import { secCompanyFactsImporter } from '../../src/modules/us-equity/import/companyfacts.importer.js';
import { seedUsSample } from '../../src/modules/us-equity/seed/us-first-start.js';
import { US_SAMPLE_FIRST_CIK } from '../../src/modules/us-equity/seed/us-sample.js';
import { ADMIN, run } from '../support/processes.js';
import { TAGSWITCH_CIK, accn, tagswitchFacts, writeJson } from '../support/sec-data.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const quiet = { progress: () => undefined, bad: () => undefined, info: () => undefined };
const SAMPLE = String(US_SAMPLE_FIRST_CIK);

describe('US equity: the highlighted source of a value over HTTP', () => {
  let t: TestApi;
  let token: string;
  let scratch: string;
  const get = <T = any>(path: string) => t.request<T>('GET', path, { token });

  before(async () => {
    t = await startTestApi();
    token = await t.adminToken();
    scratch = mkdtempSync(join(tmpdir(), 'us-source-'));
    await seedUsSample(t.api.dataSource, 2, 2024);
    const context = { dataSource: t.api.dataSource, config: loadConfig(t.environment.env), reporter: quiet, batchSize: 50_000 };
    await secCompanyFactsImporter.run(context, [writeJson(scratch, 'a.json', tagswitchFacts())]);
  });
  after(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('highlights a reported annual figure in the generated filing, sanitized, with the row it sits in', async () => {
    const res = await get<UsHighlightedSource & { sentence: string }>(
      `/api/get_highlighted_source?cik=${SAMPLE}&doc_cg=annual&kv_id=revenue@FY2024`,
    );
    expect(res.status).toBe(200);
    expect(res.body.company_name).toBe('Northridge Semiconductor Inc.');
    expect(res.body.sec_source_url).toBeNull();
    expect(res.body.highlight_id).toMatch(/^f-\d+$/);
    expect(res.body.raw_html).toContain(`id="${res.body.highlight_id}"`);
    expect(res.body.raw_html).toContain('class="credence-highlight"');
    expect(res.body.raw_html).not.toMatch(/<script/i);
    expect(res.body.sentence).toMatch(/^Revenue for the period was \$[\d,]+\.$/);
    expect(res.body.kpi_info).toMatchObject({ kpi_value_id: 'revenue@FY2024', derived: false, form_type: '10-K' });
  });

  it('shows a hidden fact through its reference, and a derived quarter with its operands and the year it comes from', async () => {
    const eps = await get(`/api/get_highlighted_source?cik=${SAMPLE}&doc_cg=quarterly&kv_id=eps_basic@2024Q2`);
    expect(eps.body.highlight_id).toBe('credence-highlight');
    expect(eps.body.sentence).toMatch(/^Basic earnings per share: [\d.]+$/);
    const q4 = await get(`/api/get_highlighted_source?cik=${SAMPLE}&doc_cg=quarterly&kv_id=revenue@2024Q4`);
    expect(q4.body.kpi_info).toMatchObject({ derived: true, formula: 'FY − 9M' });
    expect(q4.body.kpi_info.operands.map((o: { label: string }) => o.label)).toEqual(['FY FY2024', '9M FY2024']);
    expect(q4.body.form_type).toBe('10-K');
    expect(q4.body.highlight_id).toMatch(/^f-\d+$/);
    const link = await get(`/api/backlinker?cik=${SAMPLE}&doc_cg=quarterly&kv_id=revenue@2024Q4`);
    expect(link.body).toEqual({
      url: `/backlinker?cik=${SAMPLE}&doc_cg=quarterly&kv_id=revenue%402024Q4`,
      kpi_value_id: 'revenue@2024Q4',
      derived: true,
    });
  });

  it('says where to get a document that is not imported, then highlights it once credence-admin import sec-filing has it', async () => {
    const before = await get(`/api/get_highlighted_source?cik=${TAGSWITCH_CIK}&kv_id=revenue@FY2023`);
    expect(before.status).toBe(200);
    expect(before.body.raw_html).toBeNull();
    const accession = accn(TAGSWITCH_CIK, '2024-02-14', 14);
    expect(before.body.message).toContain(`credence-admin import sec-filing ${TAGSWITCH_CIK} ${accession}`);
    expect(before.body.sec_source_url).toBe(
      `https://www.sec.gov/Archives/edgar/data/${TAGSWITCH_CIK}/${accession.replace(/-/g, '')}/${accession}-index.htm`,
    );
    const file = join(scratch, 'tsw-20231231.htm');
    writeFileSync(
      file,
      `<html xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body><div style="display:none"><ix:header><ix:resources>` +
        `<xbrli:context id="c1"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000001001</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:startDate>2023-01-01</xbrli:startDate><xbrli:endDate>2023-12-31</xbrli:endDate></xbrli:period></xbrli:context>` +
        `</ix:resources></ix:header></div><p>Revenue was <ix:nonFraction name="us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax" contextRef="c1" unitRef="usd" decimals="0" scale="0" id="f-7">540</ix:nonFraction>.</p><script>x()</script></body></html>`,
    );
    const imported = await run(ADMIN, ['import', 'sec-filing', String(TAGSWITCH_CIK), accession, file], t.environment.env);
    expect(imported.code).toBe(0);
    const after = await get(`/api/get_highlighted_source?cik=${TAGSWITCH_CIK}&kv_id=revenue@FY2023`);
    expect(after.body).toMatchObject({ highlight_id: 'f-7', sentence: 'Revenue was 540.' });
    expect(after.body.sec_source_url).toBe(
      `https://www.sec.gov/Archives/edgar/data/${TAGSWITCH_CIK}/${accession.replace(/-/g, '')}/tsw-20231231.htm`,
    );
    expect(after.body.raw_html).not.toContain('<script');
    const bad = await run(ADMIN, ['import', 'sec-filing', String(TAGSWITCH_CIK), '0000001001-24-14', file], t.environment.env);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('is not an accession number: write it as 0000320193-23-000106');
  });

  it('says a document from before inline XBRL has no tags to highlight', async () => {
    const accession = accn(TAGSWITCH_CIK, '2022-05-01', 11);
    const file = join(scratch, 'old.htm');
    writeFileSync(file, '<html><body><p>Net sales 100</p></body></html>');
    expect((await run(ADMIN, ['import', 'sec-filing', String(TAGSWITCH_CIK), accession, file], t.environment.env)).code).toBe(0);
    const res = await get(`/api/get_highlighted_source?cik=${TAGSWITCH_CIK}&kv_id=revenue@2022Q1`);
    expect(res.body.highlight_id).toBeNull();
    expect(res.body.message).toContain('predates inline XBRL');
    expect((await get(`/api/get_highlighted_source?cik=${TAGSWITCH_CIK}&kv_id=revenue@FY1999`)).status).toBe(404);
  });
});
