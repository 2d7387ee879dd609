/**
 * Writing helpers of the register analyses: sentences whose figures go through the writer (each
 * cited), the section heading, and the words for dates, counts and amounts.
 */
import { formatCurrency, formatDate } from '@credence/shared';
import type { AnswerWriter } from '../../../../../../platform/ai/engine/answer-writer.js';
import type { Fact, ToolResult } from '../../../../../../platform/ai/engine/types.js';

/** A figure for a sentence: the fact and how the answer words it. */
export interface Figure {
  fact: Fact;
  text: string;
}

export type Part = string | Figure | null | undefined | false;

/** Writes the parts in order: words as they are, each figure with its citation. */
export function say(writer: AnswerWriter, ...parts: Part[]): void {
  for (const part of parts) {
    if (!part) continue;
    if (typeof part === 'string') writer.write(part);
    else writer.figure(part.fact, part.text);
  }
}

/** The analysis's section heading (a registry-mode section, as the financial analyses write theirs). */
export function heading(writer: AnswerWriter, title: string): void {
  writer.write(`## ${title}\n\n`);
}

/** A subsection of the analysis's section. */
export function subheading(writer: AnswerWriter, title: string): void {
  writer.write(`### ${title}\n\n`);
}

/** A table cell that is a figure (checked and cited like one in the text). */
export function cellOf(figure: Figure): { fact: Fact; text: string } {
  return { fact: figure.fact, text: figure.text };
}

/** A tool result's fact by key; throws when a tool did not give it (a bug, never shown as a figure). */
export function factOf(result: ToolResult, key: string): Fact {
  const fact = result.facts.find((f) => f.key === key);
  if (!fact) throw new Error(`no fact ${key} in the tool's result`);
  return fact;
}

export function hasFact(result: ToolResult, key: string): boolean {
  return result.facts.some((f) => f.key === key);
}

/** A count as a figure ("3"). */
export function countFig(result: ToolResult, key: string): Figure {
  const fact = factOf(result, key);
  return { fact, text: Number(fact.value).toLocaleString('en-GB') };
}

/** A date as a figure ("24/03/2025"). */
export function dateFig(result: ToolResult, key: string): Figure {
  const fact = factOf(result, key);
  return { fact, text: formatDate(fact.value as string) };
}

/** An amount as a figure ("£12.3M"). */
export function moneyFig(fact: Fact): Figure {
  return { fact, text: formatCurrency(fact.value as number, fact.unit) };
}

export const plural = (n: number, one: string, many = `${one}s`): string => (n === 1 ? one : many);

/** "A, B and C". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const STATUS_WORDS: Record<string, string> = {
  outstanding: 'Outstanding',
  'part-satisfied': 'Part-satisfied',
  'fully-satisfied': 'Fully satisfied',
  satisfied: 'Satisfied',
};

/** A charge status as the answer words it ("fully-satisfied" → "Fully satisfied"). */
export function statusText(status: string): string {
  return STATUS_WORDS[status.trim().toLowerCase()] ?? (status.trim() || 'Unknown');
}

const ACRONYMS = new Set(['hsbc', 'rbs', 'aib', 'tsb', 'uk', 'plc']);

/** A lender as the question named it (read lower-case), as a name reads: "hsbc uk" → "HSBC UK", "barclays bank" → "Barclays Bank". */
export function lenderWords(named: string): string {
  return named
    .split(' ')
    .map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}
