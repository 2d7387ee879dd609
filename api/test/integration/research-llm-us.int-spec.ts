// The model engine on a US company named by its CIK, as the API wires it (createResearchEngines
// with LLM_* set and the plugins in use): SEC company facts imported by the real importers, the model (replayed) reads
// the KPI tables with us_kpi_tables and us_kpi_values given the CIK, and every figure it writes is
// checked: the ones it cites become SEC citations confirmed against the stored tag (each opening
// /backlinker at its KPI value), one the data does not hold is marked unverified.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { ResearchCitation } from '@credence/shared';
import { secCompanyFactsImporter } from '../../src/modules/us-equity/import/companyfacts.importer.js';
import { secTickersImporter } from '../../src/modules/us-equity/import/tickers.importer.js';
import type { Fact } from '../../src/platform/ai/engine/types.js';
import { createResearchEngines, createResearchKit } from '../../src/modules/research/engine-provider.js';
import type { ResearchEngines } from '../../src/platform/ai/engine/engines.js';
import { RESEARCH_PLUGINS_IN_USE } from '../../src/research-plugins.js';
import { startReplayServer, textChunks, type ReplayServer } from '../support/openai-replay-server.js';
import { ask, llmConfig, request, toolCallChunks } from '../support/research-llm.js';
import { TAGSWITCH_CIK, tagswitchFacts, writeJson } from '../support/sec-data.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

const quiet = { progress: () => undefined, bad: () => undefined, info: () => undefined };
/** The CIK as EDGAR writes it (ten digits): no ticker anywhere in the question or the calls. */
const PADDED_CIK = String(TAGSWITCH_CIK).padStart(10, '0');

describe('model engine on a US company by CIK', () => {
  let t: TestContext;
  let server: ReplayServer;
  let engines: ResearchEngines;
  let scratch: string;
  /** The revenue facts us_kpi_values gives, oldest first, and the reference the model cites each by. */
  let revenue: { fact: Fact; ref: string }[];

  before(async () => {
    t = await startTestContext();
    scratch = mkdtempSync(join(tmpdir(), 'llm-us-'));
    const context = { dataSource: t.dataSource, config: t.config, reporter: quiet, batchSize: 50_000 };
    await secTickersImporter.run(context, [
      writeJson(scratch, 'company_tickers.json', { 0: { cik_str: TAGSWITCH_CIK, ticker: 'TSW', title: 'Tagswitch Corp' } }),
    ]);
    await secCompanyFactsImporter.run(context, [writeJson(scratch, 'facts.json', tagswitchFacts())]);
    server = await startReplayServer();
    const config = { ...t.config, llm: llmConfig(server.baseUrl) };
    const kit = createResearchKit(t.dataSource, config, RESEARCH_PLUGINS_IN_USE);
    engines = createResearchEngines(t.dataSource, config, RESEARCH_PLUGINS_IN_USE, kit);
    // us_kpi_tables gives no facts, so the model's references number us_kpi_values' facts from f1
    const ctx = { user: { id: 'u1', role: 'analyst' }, signal: new AbortController().signal };
    const { tools } = kit;
    const values = await tools.get('us_kpi_values')!.run({ cik: PADDED_CIK, kpis: ['revenue'], periods: 2 }, ctx);
    revenue = values.facts.map((fact, i) => ({ fact, ref: `f${i + 1}` }));
  });
  after(async () => {
    await server.close();
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('reads the KPI tables by CIK, cites each figure to its SEC tag (confirmed), and flags the one no tool gave', async () => {
    expect(revenue.map((r) => [r.fact.key, r.fact.value])).toEqual([
      ['revenue@FY2022', 455],
      ['revenue@FY2023', 540],
    ]);
    const [fy2022, fy2023] = revenue;
    server.script(
      { chunks: toolCallChunks([{ id: 'c-1', name: 'us_kpi_tables', arguments: JSON.stringify({ cik: PADDED_CIK }) }]) },
      {
        chunks: toolCallChunks([
          { id: 'c-2', name: 'us_kpi_values', arguments: JSON.stringify({ cik: PADDED_CIK, kpis: ['revenue'], periods: 2 }) },
        ]),
      },
      {
        chunks: textChunks(`Revenue was $540 [^${fy2023!.ref}] in FY2023, up from $455 [^${fy2022!.ref}] in FY2022. Its backlog is $777.`),
      },
    );
    const result = await ask(engines.engine, request('How did revenue change in 2023?', { companyNumber: undefined, cik: PADDED_CIK }));

    // the question named the company by its CIK, and the model was offered the US tools
    const first = server.requests[0]!.body;
    expect(JSON.stringify(first.messages)).toContain(`SEC CIK ${PADDED_CIK}`);
    expect(first.tools!.map((tool) => tool.function.name)).toEqual(expect.arrayContaining(['us_kpi_tables', 'us_kpi_values']));
    // the tools answered for that CIK: the tables, then the figures with the references to cite
    const tables = JSON.parse(server.requests[1]!.body.messages.find((m) => m.role === 'tool')!.content!);
    expect(tables.data).toMatchObject({ cik: TAGSWITCH_CIK, company_name: 'Tagswitch Corp' });
    const valuesMessage = server.requests[2]!.body.messages.filter((m) => m.role === 'tool').at(-1)!;
    expect(JSON.parse(valuesMessage.content!).facts.map((f: { ref: string; value: number }) => [f.ref, f.value])).toEqual([
      [`[^${fy2022!.ref}]`, 455],
      [`[^${fy2023!.ref}]`, 540],
    ]);

    // every figure is checked: the cited ones carry SEC citations, the other is flagged
    expect(result.answer.text).toBe('Revenue was $540[^c1] in FY2023, up from $455[^c2] in FY2022. Its backlog is $777 (unverified).');
    const byId = new Map(result.answer.citations.map((c: ResearchCitation) => [c.id, c]));
    expect(byId.get('c1')).toMatchObject({
      kind: 'sec',
      verified: true,
      url: `/backlinker?cik=${TAGSWITCH_CIK}&doc_cg=annual&kv_id=revenue%40FY2023`,
      title: expect.stringMatching(/^10-K filed 2024-\d\d-\d\d · us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax$/),
    });
    expect(byId.get('c2')).toMatchObject({
      kind: 'sec',
      verified: true,
      url: `/backlinker?cik=${TAGSWITCH_CIK}&doc_cg=annual&kv_id=revenue%40FY2022`,
    });
    expect(result.info).toEqual({ engine: 'model', model: 'model-fast' });
  });
});
