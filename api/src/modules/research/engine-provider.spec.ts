// How research is built from the plugins (issue 25 §1): a new market's tools, fact checks and
// analysts reach every asker through its plugin alone. Nothing here reads the database: the
// answers asked for are the plugins' own.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { ResearchEvent } from '@credence/shared';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../core/config/config.js';
import type { ResearchPlugin } from '../../platform/ai/engine/research-plugin.js';
import type { Fact, ResearchEngine, ResearchRequest } from '../../platform/ai/engine/types.js';
import { createResearchEngines, createResearchKit } from './engine-provider.js';

const db = {} as DataSource;
const config = () => loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'credence-plugins-')) });

const secFact: Fact = {
  key: 'revenue@FY2024',
  label: 'Revenue',
  value: 540,
  unit: 'USD',
  source: {
    kind: 'sec',
    cik: 42,
    kpi_value_id: 'revenue@FY2024',
    doc_cg: 'annual',
    concept: 'us-gaap:Revenues',
    start: '2024-01-01',
    end: '2024-12-31',
    value: 540,
    accession: '0000000042-25-000001',
    form: '10-K',
    filed: '2025-02-14',
    title: '10-K filed 2025-02-14 · us-gaap:Revenues',
  },
};

const question = (fields: Partial<ResearchRequest>): ResearchRequest => ({
  query: 'How did revenue change?',
  chatId: 'chat-1',
  model: 'flash',
  webSearch: false,
  user: { id: 'u1', role: 'analyst' },
  history: [],
  ...fields,
});

/** The text an engine writes for a question. */
async function answerText(engine: ResearchEngine, request: ResearchRequest): Promise<string> {
  const events: ResearchEvent[] = [];
  await engine.answer(request, { emit: (event) => events.push(event), signal: new AbortController().signal });
  return events.map((event) => (event.type === 'text' ? event.data.delta : '')).join('');
}

/** An analyst that answers the questions about one CIK and hands every other one on. */
function analystFor(cik: string, next: ResearchEngine): ResearchEngine {
  return {
    name: 'built-in',
    answer: (request, out) =>
      request.cik === cik ? Promise.resolve(out.emit({ type: 'text', data: { delta: `analyst of ${cik}` } })) : next.answer(request, out),
  };
}

describe('research built from its plugins', () => {
  it("adds a plugin's tools to research's own, for the engine, the model and MCP alike", () => {
    const moonMarket: ResearchPlugin = {
      name: 'moon',
      tools: () => [
        { name: 'moon_prices', description: 'Prices on the moon', parameters: {}, run: async () => ({ data: null, facts: [] }) },
      ],
    };
    const without = createResearchKit(db, config(), []);
    const kit = createResearchKit(db, config(), [moonMarket]);

    expect(without.tools.has('moon_prices')).toBe(false);
    expect([...kit.tools.keys()]).toEqual([...without.tools.keys(), 'moon_prices']);
  });

  it('confirms a fact through the check of the plugin whose source it cites, and says so when no plugin reads that source', async () => {
    const checked: unknown[] = [];
    const secMarket: ResearchPlugin = {
      name: 'sec',
      factChecks: {
        sec: async (_db, source) => {
          checked.push(source.accession);
          return { verified: true, quote: `${source.concept} = ${source.value}` };
        },
      },
    };
    const signal = new AbortController().signal;

    expect(await createResearchKit(db, config(), [secMarket]).evidence.check(secFact, signal)).toEqual({
      verified: true,
      quote: 'us-gaap:Revenues = 540',
    });
    expect(checked).toEqual(['0000000042-25-000001']);
    const unchecked = await createResearchKit(db, config(), []).evidence.check(secFact, signal);
    expect(unchecked.verified).toBe(false);
    expect(unchecked.reason).toMatch(/no plugin that reads SEC filings/);
  });

  it("puts each plugin's built-in analyst in front of the earlier ones, and its engine in front of the whole", async () => {
    const order: string[] = [];
    const first: ResearchPlugin = { name: 'first', builtIn: (next) => analystFor('1', next) };
    const second: ResearchPlugin = { name: 'second', builtIn: (next) => analystFor('2', next) };
    const uploads: ResearchPlugin = {
      name: 'uploads',
      engine: (next) => ({
        name: next.name,
        answer: (request, out) => {
          order.push(request.chatKey ? 'uploads answered' : 'uploads passed on');
          return request.chatKey
            ? Promise.resolve(out.emit({ type: 'text', data: { delta: 'from the uploads' } }))
            : next.answer(request, out);
        },
      }),
    };
    const { engine } = createResearchEngines(db, config(), [first, second, uploads]);

    expect(await answerText(engine, question({ cik: '1' }))).toBe('analyst of 1');
    expect(await answerText(engine, question({ cik: '2' }))).toBe('analyst of 2');
    expect(await answerText(engine, question({ cik: '1', chatKey: 'k' }))).toBe('from the uploads');
    expect(order).toEqual(['uploads passed on', 'uploads passed on', 'uploads answered']);
    expect(engine.name).toBe('built-in');
  });
});
