/**
 * Facts read from uploaded pages: a statement figure (its row, its period, as printed) and a
 * quoted passage, each with the page it is on, and the metrics computed from figures (a sum, a
 * growth) with their inputs, as the evidence checker confirms them.
 */
import type { PageHit } from '../search/page-search.js';
import type { FinanceTerm } from '../search/finance-terms.js';
import type { RowFigure } from '../search/statement-row.js';
import type { AnswerWriter } from '../../../platform/ai/engine/answer-writer.js';
import type { Fact, FactSource, FactUnit } from '../../../platform/ai/engine/types.js';

/** A piece of the answer: words, a cited figure, or a computed figure (written before its cited inputs). */
export type Piece = string | { fact: Fact; text: string; derived?: boolean };

/** Writes pieces in order (the writer places each figure where it is written). */
export function compose(writer: AnswerWriter, pieces: Piece[]): void {
  for (const piece of pieces) {
    if (typeof piece === 'string') writer.write(piece);
    else if (piece.derived) writer.derived(piece.fact, piece.text);
    else writer.figure(piece.fact, piece.text);
  }
}

export function uploadSource(hit: Pick<PageHit, 'documentId' | 'fileName' | 'page' | 'chatKey'>): FactSource {
  return {
    kind: 'upload',
    document_id: hit.documentId,
    title: `${hit.fileName}, page ${hit.page}`,
    pdf_name: hit.fileName,
    ...(hit.chatKey ? { chat_key: hit.chatKey } : {}),
    page: hit.page,
  };
}

/** The currency a page's figures are in, from its unit note or symbols. */
export function currencyOf(text: string): FactUnit {
  if (/u\.s\. dollars|\bus\$|\busd\b|\$/i.test(text)) return 'USD';
  if (/£|\bgbp\b|pounds sterling/i.test(text)) return 'GBP';
  if (/€|\beur\b|euros?/i.test(text)) return 'EUR';
  return 'count';
}

export function rowFact(term: FinanceTerm, row: RowFigure, period: RowFigure['periods'][number], hit: PageHit): Fact {
  return {
    key: `${term.key}@${period.year}:${period.printed}:${hit.documentId}:${hit.page}`,
    label: row.label,
    value: period.value,
    unit: currencyOf(hit.text),
    period: period.year,
    printed: period.printed,
    source: uploadSource(hit),
  };
}

export function passageFact(sentence: string, hit: Pick<PageHit, 'documentId' | 'fileName' | 'page' | 'chatKey'>, index: number): Fact {
  return {
    key: `passage:${hit.documentId}:${hit.page}:${index}`,
    label: `${hit.fileName}, page ${hit.page}`,
    value: sentence,
    unit: 'text',
    printed: sentence,
    source: uploadSource(hit),
  };
}

const percent = (n: number) => `${n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;

export function growthFact(label: string, from: Fact, to: Fact): { fact: Fact; text: string } {
  const change = ((Number(to.value) - Number(from.value)) / Math.abs(Number(from.value))) * 100;
  const fact: Fact = {
    key: `growth:${to.key}:${from.key}`,
    label: `${label} growth`,
    value: Math.round(change * 10) / 10,
    unit: 'percent',
    period: to.period,
    source: to.source,
    inputs: [to, from],
    formula: `(${to.period} − ${from.period}) ÷ ${from.period}`,
  };
  return { fact, text: `${change >= 0 ? '+' : ''}${percent(change)}` };
}
