/** Running one register analysis as the engine would, and checking its answer, for research-register.int-spec.ts. */
import { expect } from 'expect';
import type { ResearchCitation, ResearchEvent, ResearchTable } from '@credence/shared';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../src/core/config/config.js';
import { AnswerWriter } from '../../src/platform/ai/engine/answer-writer.js';
import type { Analysis, AnalysisContext, Understanding } from '../../src/platform/ai/engine/analysis.js';
import type { AnalysisId } from '../../src/modules/research/engine/builtin/analysis-ids.js';
import { REGISTER_ANALYSES } from '../../src/modules/research/engine/builtin/analyses/register/index.js';
import type { EvidenceChecker, Fact, ResearchTool } from '../../src/platform/ai/engine/types.js';
import { markedNumbers, servedPages } from './research-engine-support.js';

export interface Answer {
  text: string;
  tables: ResearchTable[];
  citations: ResearchCitation[];
  missing: string[];
  unverified: Fact[];
}

const user = { id: 'u1', role: 'user' };

/** Runs one analysis as the engine would: its tools, the writer, the real evidence checker. */
export async function answerWith(
  tools: ReadonlyMap<string, ResearchTool>,
  evidence: EvidenceChecker,
  id: AnalysisId,
  companyNumber: string | undefined,
  extra: Partial<Understanding> = {},
): Promise<Answer> {
  const toolContext = { user, signal: new AbortController().signal };
  const analysis = REGISTER_ANALYSES.find((a) => a.id === id) as Analysis;
  const events: ResearchEvent[] = [];
  const missing: string[] = [];
  const out = { emit: (event: ResearchEvent) => void events.push(event), signal: toolContext.signal };
  const writer = new AnswerWriter(out, evidence);
  const understanding: Understanding = {
    query: analysis.title,
    analyses: [id],
    companyNumber,
    years: [],
    metrics: [],
    lenders: [],
    registryMode: true,
    ...extra,
  };
  const ctx: AnalysisContext = {
    request: { query: analysis.title, companyNumber, chatId: 'c1', model: 'flash', webSearch: false, user, history: [] },
    understanding,
    writer,
    out,
    tool: toolContext,
    call: (name, args) => tools.get(name)!.run(args, toolContext) as never,
    step: () => undefined,
    missing: (what) => void missing.push(what),
  };
  expect(analysis.plan(understanding).length).toBeGreaterThan(0);
  await analysis.run(ctx);
  await writer.flush();
  let text = '';
  const tables: ResearchTable[] = [];
  const citations: ResearchCitation[] = [];
  for (const event of events) {
    if (event.type === 'text') text += event.data.delta;
    if (event.type === 'table') tables.push(event.data);
    if (event.type === 'citation') citations.push(event.data);
  }
  return {
    text,
    tables,
    citations,
    missing,
    unverified: writer.unverified,
  };
}

/** Every citation marker of the text names a citation that was sent, each confirmed against the register. */
export function expectCited(a: Answer): void {
  expect(a.unverified).toEqual([]);
  expect(a.text).not.toContain('(unverified)');
  const ids = new Set(a.citations.map((c) => c.id));
  for (const [, id] of a.text.matchAll(/\[\^(c\d+)\]/g)) expect(ids.has(id)).toBe(true);
  for (const c of a.citations) expect(c).toMatchObject({ verified: true });
  for (const table of a.tables) expect(table.citations!.length).toBeGreaterThan(0);
}

const pageCache = new Map<string, string[]>();
/** Every number marked with a filing page's citation is printed on that page (a computed figure carries no marker). */
export async function expectMarkedOnPages(db: DataSource, config: AppConfig, a: Answer, label: string): Promise<void> {
  const byId = new Map(a.citations.map((c) => [c.id, c]));
  for (const figure of markedNumbers(a.text))
    for (const id of figure.ids) {
      const citation = byId.get(id)!;
      if (citation.kind !== 'filing') continue;
      const key = `${citation.company_number}/${citation.document_id}`;
      if (!pageCache.has(key)) pageCache.set(key, await servedPages(db, config, citation.company_number!, citation.document_id));
      const page = pageCache.get(key)![citation.page! - 1];
      const printed = figure.negative ? `(${figure.digits})` : figure.digits;
      expect({ label, id, printed, onPage: page.includes(printed) }).toEqual({ label, id, printed, onPage: true });
    }
}

/** The number written just before a citation marker after `words`. */
export function figureAfter(text: string, words: string): string {
  const at = text.indexOf(words);
  expect(at).toBeGreaterThanOrEqual(0);
  const match = /^([^[]+?)\[\^c\d+\]/.exec(text.slice(at + words.length));
  expect(match).not.toBeNull();
  return match![1];
}
