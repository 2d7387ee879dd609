import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { ResearchEvidence } from '../../src/modules/research/evidence/research-evidence.js';
import { pageText } from '../../src/platform/ai/evidence/page-lines.js';
import { PageTextService } from '../../src/modules/research/evidence/page-text.service.js';
import type { Fact } from '../../src/platform/ai/engine/types.js';
import { createResearchTools } from '../../src/modules/research/tools/index.js';
import type { FinancialStatementsData } from '../../src/modules/research/tools/financial-statements.tool.js';
import type { ToolRegistry } from '../../src/platform/ai/engine/analysis.js';
import type { TestContext } from '../support/test-context.js';
import { startSampleResearch } from './research-engine-support.js';

const COMPANY = '00123456';
const signal = new AbortController().signal;
const ctx = { user: { id: 'u1', role: 'user' }, signal };

describe('research evidence: figures checked against the page get_filing_pdf serves', () => {
  let t: TestContext;
  let evidence: ResearchEvidence;
  let statements: FinancialStatementsData;

  before(async () => {
    let tools: ToolRegistry;
    ({ t, evidence, tools } = await startSampleResearch({ companies: 12, seed: 3 }));
    statements = (await tools.get('financial_statements')!.run({ company_number: COMPANY }, ctx)).data as FinancialStatementsData;
  });
  after(() => t.close());

  it('confirms turnover on the income statement page, quoting its line with boxes around the label and figure', async () => {
    const latest = statements.years.at(-1)!;
    const turnover = latest.metrics.turnover!;
    expect(turnover.source).toMatchObject({ kind: 'filing', page: 7, document_id: latest.document_id });
    const check = await evidence.check(turnover, signal);
    expect(check.verified).toBe(true);
    expect(check.quote).toMatch(/^Turnover /);
    expect(check.quote).toContain(turnover.printed);
    expect(check.boxes!.length).toBeGreaterThanOrEqual(2);
    for (const box of check.boxes!) {
      expect(box.page).toBe(7);
      expect(box.x1).toBeGreaterThan(box.x0);
      expect(box.bottom).toBeGreaterThan(box.top);
      expect(box.top).toBeGreaterThan(0);
      expect(box.bottom).toBeLessThan(842);
    }
  });

  it('does not confirm the same figure cited to the wrong page, or a figure the page does not print', async () => {
    const turnover = statements.years.at(-1)!.metrics.turnover!;
    const wrongPage: Fact = { ...turnover, source: { ...turnover.source, page: 8 } as Fact['source'] };
    expect((await evidence.check(wrongPage, signal)).verified).toBe(false);
    const invented: Fact = { ...turnover, value: 999_000_000, printed: '999,000,000' };
    expect((await evidence.check(invented, signal)).verified).toBe(false);
  });

  it('confirms every figure of every year of every sample company on its page', async () => {
    const tools = createResearchTools(t.dataSource, { pages: evidence.pages });
    const companies: { company_number: string }[] = await t.dataSource.query(
      `SELECT DISTINCT company_number FROM financial_statements ORDER BY 1`,
    );
    expect(companies.length).toBeGreaterThan(4);
    const failures: string[] = [];
    let checked = 0;
    for (const { company_number } of companies) {
      const data = (await tools.get('financial_statements')!.run({ company_number }, ctx)).data as FinancialStatementsData;
      for (const year of data.years)
        for (const fact of [...Object.values(year.metrics), ...Object.values(year.lines).flat()]) {
          const check = await evidence.check(fact, signal);
          checked++;
          if (!check.verified) failures.push(`${company_number} ${fact.key} p${(fact.source as { page: number }).page}: ${check.reason}`);
          else expect(check.quote).toContain(fact.printed);
        }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it('confirms a computed margin through its inputs, and a risk passage on its page', async () => {
    const tools = createResearchTools(t.dataSource, { pages: evidence.pages });
    const ratios = await tools.get('financial_ratios')!.run({ company_number: COMPANY }, ctx);
    const margin = ratios.facts.find((f) => f.key.startsWith('netMargin@'))!;
    expect(margin.inputs).toHaveLength(2);
    expect((await evidence.check(margin, signal)).verified).toBe(true);
    const summary = await tools.get('document_summary')!.run({ company_number: COMPANY }, ctx);
    const risk = summary.facts.find((f) => f.key.startsWith('risk:'))!;
    const check = await evidence.check(risk, signal);
    expect(check.verified).toBe(true);
    const page = await evidence.pages.page(COMPANY, (risk.source as { document_id: string }).document_id, 4);
    expect(pageText(page!).replace(/\s+/g, '')).toContain(check.quote!.replace(/\s+/g, '').slice(0, 40));
  });

  it('confirms register facts by reading the record again', async () => {
    const tools = createResearchTools(t.dataSource);
    const profile = await tools.get('company_profile')!.run({ company_number: COMPANY }, ctx);
    const status = profile.facts.find((f) => f.key === 'profile.company_status')!;
    expect((await evidence.check(status, signal)).verified).toBe(true);
    expect((await evidence.check({ ...status, value: 'dissolved' }, signal)).verified).toBe(false);
  });

  it('reads a document again once its cached pages are a few minutes old (a re-seed changes what it prints)', async () => {
    let now = 1_000_000;
    const pages = new PageTextService(t.dataSource, t.config.dataDir, () => now);
    const documentId = statements.years.at(-1)!.document_id!;
    const [{ company_name }] = await t.dataSource.query(`SELECT company_name FROM companies WHERE company_number = $1`, [COMPANY]);
    const header = async () => pageText((await pages.page(COMPANY, documentId, 7))!);
    expect(await header()).toContain(company_name);
    await t.dataSource.query(`UPDATE companies SET company_name = 'RENAMED ENGINEERING PLC' WHERE company_number = $1`, [COMPANY]);
    try {
      now += 60_000;
      expect(await header()).toContain(company_name);
      now += 5 * 60_000;
      expect(await header()).toContain('RENAMED ENGINEERING PLC');
    } finally {
      await t.dataSource.query(`UPDATE companies SET company_name = $2 WHERE company_number = $1`, [COMPANY, company_name]);
    }
  });
});
