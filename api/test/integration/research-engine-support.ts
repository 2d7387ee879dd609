/** Running the built-in engine in a test, and reading the pages its citations name the way a user opens them (get_filing_pdf). */
import { emptyResearchAnswer, reduceResearchAnswer, type ResearchAnswer, type ResearchEvent } from '@credence/shared';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../src/core/config/config.js';
import { CompaniesRepository } from '../../src/platform/register/companies.repository.js';
import { FilingDocumentsService } from '../../src/modules/companies-house/filing-documents.service.js';
import { seedSampleData } from '../../src/modules/companies-house/seed/seed.js';
import type { ToolRegistry } from '../../src/platform/ai/engine/analysis.js';
import { BuiltInEngine, type BuiltInOutcome } from '../../src/modules/research/engine/builtin/engine.js';
import type { ResearchRequest } from '../../src/platform/ai/engine/types.js';
import { ResearchEvidence } from '../../src/modules/research/evidence/research-evidence.js';
import { createResearchTools } from '../../src/modules/research/tools/index.js';
import { squeezedPages } from '../support/pdf-pages.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

export interface SampleResearch {
  t: TestContext;
  evidence: ResearchEvidence;
  /** The research tools, sharing the evidence checker's page cache. */
  tools: ToolRegistry;
}

/** A test database seeded with sample companies (as on 2026-06-15), the evidence checker and the research tools over it. */
export async function startSampleResearch(sample: { companies: number; seed: number }): Promise<SampleResearch> {
  const t = await startTestContext();
  await seedSampleData(t.dataSource, t.config, {
    ...sample,
    referenceDate: '2026-06-15',
    reporter: { progress: () => undefined, bad: () => undefined, info: () => undefined },
  });
  const evidence = new ResearchEvidence(t.dataSource, t.config);
  return { t, evidence, tools: createResearchTools(t.dataSource, { pages: evidence.pages }) };
}

export interface EngineRun {
  events: ResearchEvent[];
  answer: ResearchAnswer;
  outcome: BuiltInOutcome;
}

export function request(query: string, companyNumber?: string): ResearchRequest {
  return {
    query,
    ...(companyNumber ? { companyNumber } : {}),
    chatId: 'chat-1',
    model: 'flash',
    webSearch: false,
    user: { id: 'user-1', role: 'user' },
    history: [],
  };
}

export async function runEngine(engine: BuiltInEngine, req: ResearchRequest): Promise<EngineRun> {
  const events: ResearchEvent[] = [];
  const controller = new AbortController();
  const outcome = await engine.answerWithOutcome(req, {
    signal: controller.signal,
    emit(event) {
      events.push(event);
    },
  });
  const answer = events.reduce(reduceResearchAnswer, emptyResearchAnswer());
  return { events, answer, outcome };
}

/** The text of each page of the PDF get_filing_pdf serves for a filing document (index 0 = page 1), whitespace removed. */
export async function servedPages(db: DataSource, config: AppConfig, companyNumber: string, documentId: string): Promise<string[]> {
  const documents = new FilingDocumentsService(new CompaniesRepository(db), db, config);
  const served = await documents.document(companyNumber, `${documentId}.pdf`);
  return squeezedPages(served.body as Buffer);
}

/** Lines of the answer text stating a number (years as FY2024, dates and company numbers aside) that carry no citation marker. */
export function uncitedNumberLines(text: string): string[] {
  return text.split('\n').filter((line) => {
    if (/\[\^c\d+\]/.test(line)) return false;
    const rest = line
      .replace(/\bFY\d{4}\b/g, '')
      .replace(/\b\d{4}-\d{2}-\d{2}\b/g, '')
      .replace(/\b(?:[A-Z]{2})?\d{6,8}\b/g, '');
    return /\d/.test(rest);
  });
}

/** Money figures in the text with the citations right after them: "£12,345,678[^c3]" → {digits: "12,345,678", negative, ids}. */
export function citedMoney(text: string): { digits: string; negative: boolean; value: number; ids: string[] }[] {
  const out: { digits: string; negative: boolean; value: number; ids: string[] }[] = [];
  for (const m of text.matchAll(/(-?)[£€$]([\d,]+)((?:\[\^c\d+\])+)/g)) {
    const ids = [...m[3].matchAll(/c\d+/g)].map((x) => x[0]);
    const value = Number(m[2].replace(/,/g, '')) * (m[1] ? -1 : 1);
    out.push({ digits: m[2], negative: Boolean(m[1]), value, ids });
  }
  return out;
}

/**
 * Every number written right before a citation marker, with the markers: "£12,345,678[^c3]",
 * "10.3%[^c5]". A marker points at the page that prints the figure before it (derived figures are
 * written with their filed inputs after them, and no marker of their own).
 */
export function markedNumbers(text: string): { digits: string; negative: boolean; ids: string[] }[] {
  const out: { digits: string; negative: boolean; ids: string[] }[] = [];
  // Amounts in short form ("£32.9M") too: a page prints "32,9xx,xxx", never "32.9", so a marker after one is wrong.
  for (const m of text.matchAll(/(-?)[£€$]?(\d[\d,]*(?:\.\d+)?)(?:%|x|bn|[MmKk])?((?:\[\^c\d+\])+)/g)) {
    out.push({ digits: m[2], negative: Boolean(m[1]), ids: [...m[3].matchAll(/c\d+/g)].map((x) => x[0]) });
  }
  return out;
}
