/**
 * Questions about the documents uploaded to a chat (`chat_key`), answered by the built-in analyst
 * with no model: it indexes what is not indexed yet, plans, searches the pages (finance-aware full
 * text), reads figures from statement rows or quotes passages, computes a metric the question
 * defines, and has every figure and quote confirmed on its page before it streams. When the
 * documents do not answer, it says so and states nothing. Instructions written in a document are
 * text it may quote, never something it does.
 */
import type { DataSource } from 'typeorm';
import type { UploadedPdf } from '@credence/shared';
import { DocumentsRepository } from '../documents.repository.js';
import { searchPages, type PageHit } from '../search/page-search.js';
import { questionTerms, type QuestionTerms } from '../search/question-terms.js';
import { AnswerWriter } from '../../../platform/ai/engine/answer-writer.js';
import { markdownSafe } from '../../../platform/ai/engine/text.js';
import type { EvidenceChecker, ResearchEmitter, ResearchRequest } from '../../../platform/ai/engine/types.js';
import { stepTracker, type StepTracker } from '../../../platform/ai/engine/context.js';
import { sectionStarts } from '../search/sections.js';
import { coverAnswer, COVER_PAGES } from './cover-answer.js';
import { figureAnswer, type FigureOutcome } from './figure-answer.js';
import { metricAnswer } from './metric-answer.js';
import { otherPages, passageAnswer, passageGap, passagePages } from './passage-answer.js';

export interface DocumentOutcome {
  declined?: { missing: string[] };
}

export const DOCUMENT_RELATED = [
  'What was revenue in the latest year?',
  'What was EBITDA (operating income plus depreciation and amortization)?',
  'What was capital expenditure?',
  'What was the operating margin?',
  'What risks do the documents describe?',
];

function planFor(q: QuestionTerms, docs: UploadedPdf[]): string[] {
  const names = docs.map((d) => d.file_name).join(', ');
  if (q.aboutDocument)
    return [
      `Read the uploaded documents: ${names}`,
      'Read their covers (the first pages)',
      q.summary ? 'Quote the form, filer and period, and list where the sections start' : 'Quote the form, filer and period',
      'Check every quote against its page',
    ];
  const looking =
    [...q.terms.map((t) => t.label.toLowerCase()), ...q.words.map((w) => w.replace(/\|/g, ' or '))].slice(0, 6).join(', ') ||
    'the question';
  const years = q.years.length ? ` for ${q.years.join(' and ')}` : '';
  return [
    `Read the uploaded documents: ${names}`,
    `Search their pages for ${looking}`,
    q.terms.length ? `Read the figures${years} from the statement rows that print them` : 'Quote the passages that answer the question',
    q.metric
      ? `Compute ${q.metric.metric.label} = ${q.metric.metric.formula}, each input cited`
      : 'Check every figure and quote against its page',
  ];
}

const UNKNOWN_METRIC =
  'The question asks for a computed measure that I cannot compute from the statement rows found, and I do not state one of its inputs in its place.';
const NOTHING = 'No page of the documents says anything that answers this question.';

/**
 * A figure from the statement rows, or the passages that say it: a question of why (or one with
 * no line item) is answered by prose first; a figure the statements do not print, by a sentence
 * that states it (for the year asked).
 */
async function respond(q: QuestionTerms, hits: PageHit[], writer: AnswerWriter): Promise<FigureOutcome> {
  const quoted = async (withYear = false) =>
    hits.length && (await passageAnswer(q, hits, writer, withYear)) ? passagePages(q, hits, withYear) : null;
  if (q.explanatory || q.forward || !q.terms.length) {
    const gap = passageGap(q, hits);
    if (gap) return { missing: [gap], pages: [] };
    const pages = await quoted(q.forward && !q.explanatory);
    if (pages) return { missing: [], pages };
    if (!q.terms.length) return { missing: [NOTHING], pages: [] };
  }
  if (q.metric || q.cagr) return metricAnswer(q, hits, writer);
  // A computed quantity the catalogue does not know is not answered with one of its inputs.
  if (q.computed && !q.explanatory && q.wantsFigure) return { missing: [UNKNOWN_METRIC], pages: [] };
  const figures = await figureAnswer(q, hits, writer);
  // A line item the statements do not print is declined, not answered with another figure of a passage.
  if (!figures.missing.length || q.explanatory || q.years.length) return figures;
  const pages = await quoted(true);
  return pages ? { missing: [], pages } : figures;
}

export class DocumentAnswerer {
  private readonly documents: DocumentsRepository;

  constructor(
    private readonly db: DataSource,
    private readonly evidence: EvidenceChecker,
  ) {
    this.documents = new DocumentsRepository(db);
  }

  /** The user's documents the request asks over: the chat's (only the named ones when it names some). */
  async documentsOf(request: ResearchRequest): Promise<UploadedPdf[]> {
    if (!request.chatKey) return [];
    const docs = await this.documents.list(request.user.id, request.chatKey);
    const names = request.documentNames?.filter(Boolean);
    return names?.length ? docs.filter((d) => names.includes(d.file_name)) : docs;
  }

  /** Indexes for search what is not indexed yet. */
  async indexAll(docs: UploadedPdf[]): Promise<void> {
    for (const doc of docs) if (!doc.indexed) await this.documents.index(doc.document_id);
  }

  /** The plan an answer over these documents follows (PDF chat's thought process). */
  plan(request: ResearchRequest, docs: UploadedPdf[]): string[] {
    return planFor(questionTerms(request.query), docs);
  }

  /**
   * The pages to read: those that match the question best, and for a figure or metric, the best
   * pages of each line item it needs searched on their own (the statement that prints it), so
   * that an input on another statement than the question's words is not missed.
   */
  private async pagesFor(userId: string, documentIds: string[], q: QuestionTerms): Promise<PageHit[]> {
    const hits = await searchPages(this.db, userId, documentIds, q);
    if (!q.wantsFigure || !q.terms.length) return hits;
    const seen = new Set(hits.map((h) => `${h.documentId}:${h.page}`));
    for (const term of q.terms.slice(0, 6)) {
      const alone: QuestionTerms = { ...q, terms: [term], words: [], metric: null, statements: term.statement ? [term.statement] : [] };
      for (const hit of await searchPages(this.db, userId, documentIds, alone, 3)) {
        const key = `${hit.documentId}:${hit.page}`;
        if (!seen.has(key)) {
          seen.add(key);
          hits.push({ ...hit, score: Math.min(hit.score, hits.at(-1)?.score ?? hit.score) });
        }
      }
    }
    return hits;
  }

  /**
   * What the documents are (their covers: form, filer, period, each quoted and cited), and for a
   * summary where their sections start; declined, naming the pages read, when no cover says.
   */
  private async aboutDocuments(
    request: ResearchRequest,
    docs: UploadedPdf[],
    q: QuestionTerms,
    out: ResearchEmitter,
    steps: StepTracker,
  ): Promise<DocumentOutcome> {
    const ids = docs.map((d) => d.document_id);
    const covers = await this.documents.firstPages(request.user.id, ids, COVER_PAGES);
    steps.set(1, 'done', `Read the first ${COVER_PAGES} pages of ${docs.length} document${docs.length === 1 ? '' : 's'}`);
    const sections = q.summary ? await sectionStarts(this.db, ids) : undefined;
    const writer = new AnswerWriter(out, this.evidence);
    const shown = await coverAnswer(covers, writer, sections);
    for (let i = 2; i < 4; i++) steps.set(i, 'done');
    out.emit({ type: 'related', data: { questions: DOCUMENT_RELATED } });
    if (shown.length) return {};
    const missing = [`No cover among the first ${COVER_PAGES} pages of each document names its form, filer or period.`];
    writer.write(
      `The uploaded documents do not say what they are on their first pages, so I state nothing about them.\n\n- ${missing[0]}\n`,
    );
    await writer.flush();
    return { declined: { missing } };
  }

  /** Null when the request has no chat key or the chat has none of this user's documents. */
  async answer(request: ResearchRequest, out: ResearchEmitter): Promise<DocumentOutcome | null> {
    const docs = await this.documentsOf(request);
    if (!docs.length) return null;
    const q = questionTerms(request.query);
    const plan = planFor(q, docs);
    out.engineInfo?.({ engine: 'built-in' });
    out.emit({ type: 'plan', data: { steps: plan } });
    const steps = stepTracker(out, plan.length);
    steps.set(0, 'running');
    await this.indexAll(docs);
    const pages = docs.reduce((n, d) => n + d.pages, 0);
    steps.set(0, 'done', `${docs.length} document${docs.length === 1 ? '' : 's'}, ${pages} pages`);
    steps.set(1, 'running');
    if (q.aboutDocument) return this.aboutDocuments(request, docs, q, out, steps);
    const hits = await this.pagesFor(
      request.user.id,
      docs.map((d) => d.document_id),
      q,
    );
    steps.set(
      1,
      'done',
      hits.length
        ? `Best pages: ${hits
            .slice(0, 5)
            .map((h) => `${h.fileName} p.${h.page}`)
            .join(', ')}`
        : 'No page matched',
    );
    steps.set(2, 'running');
    const writer = new AnswerWriter(out, this.evidence);
    const { missing, pages: cited } = await respond(q, hits, writer);
    if (!missing.length) await otherPages(q, hits, cited, writer);
    for (let i = 2; i < plan.length; i++) steps.set(i, 'done');
    if (missing.length) {
      const names = docs.map((d) => markdownSafe(d.file_name)).join(', ');
      writer.write(
        `The uploaded documents (${names}) do not answer this question, so I state no figure.\n\n${missing.map((m) => `- ${m}`).join('\n')}\n\n` +
          `I searched ${pages} pages for: ${markdownSafe(planFor(q, docs)[1].replace(/^Search their pages for /, ''))}.\n`,
      );
      await writer.flush();
      // what was found: the closest pages, each with its nearest line, so the reader can look there
      await otherPages(q, hits, [], writer, 'The closest pages searched (they do not answer it)');
    }
    const asked = request.query.trim().toLowerCase();
    out.emit({ type: 'related', data: { questions: DOCUMENT_RELATED.filter((r) => r.toLowerCase() !== asked) } });
    return missing.length ? { declined: { missing } } : {};
  }
}
