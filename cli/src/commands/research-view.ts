/**
 * A research answer as terminal lines (issue 14 "Terminal"): the text with citations as numbered
 * footnotes ("[1] Full accounts made up to 31/12/2024, page 7"), the streamed tables as tables,
 * the footnotes and the related questions; and the plan's steps with their marks. The numbering,
 * marker resolution and plan rules are shared ones (@credence/shared rules/research).
 */
import {
  citationFootnotes,
  footnoteLine,
  planView,
  resolveCitationMarkers,
  stepMark,
  tableFootnotes,
  type CitationFootnote,
  type PlanStepView,
  type ResearchAnswer,
  type ResearchTable,
} from '@credence/shared';
import { heading, indented, wrap, type Style } from '../output/text.js';
import { markdownLines, markdownTableHeaders, tableLines } from './research-markdown.js';

/** "✓ Read the accounts", coloured by state. */
export function stepLine(step: PlanStepView, style: Style, detail?: string): string {
  const mark = stepMark(step.state);
  const coloured = step.state === 'done' ? style.green(mark) : step.state === 'failed' ? style.red(mark) : style.dim(mark);
  return `${coloured} ${step.text}${detail ? style.dim(` — ${detail}`) : ''}`;
}

/** The plan as lines: each step with its mark, and the fallback error under a generic plan. */
export function planLines(answer: Pick<ResearchAnswer, 'thoughtProcess' | 'stepStatus'>, style: Style, streaming = false): string[] {
  const plan = planView(answer, streaming);
  return [...plan.steps.map((step) => stepLine(step, style)), ...(plan.error ? [style.dim(plan.error)] : [])];
}

/** The answer's text with its markers as footnote numbers, as terminal markdown. */
export function answerTextLines(answer: Pick<ResearchAnswer, 'text' | 'citations' | 'tables'>, width: number, style: Style): string[] {
  const footnotes = citationFootnotes(answer);
  return markdownLines(resolveCitationMarkers(answer.text, footnotes), width, style);
}

const cellText = (cell: string | number | null) => (cell === null ? '—' : typeof cell === 'number' ? cell.toLocaleString('en-GB') : cell);

/** One streamed table: its title (and unit), the table, and the footnotes of its figures. */
export function researchTableLines(table: ResearchTable, footnotes: readonly CitationFootnote[], width: number, style: Style): string[] {
  const cited = tableFootnotes(table.citations, footnotes).map((f) => `[${f.number}]`);
  return [
    style.bold(`${table.title}${table.unit ? ` (${table.unit})` : ''}${cited.length ? ` ${cited.join('')}` : ''}`),
    ...tableLines(
      table.headers,
      table.rows.map((row) => row.map(cellText)),
      width,
      style,
    ),
  ];
}

/** The footnotes under a "Sources" rule, each wrapped under its text. */
export function footnoteLines(footnotes: readonly CitationFootnote[], width: number, style: Style): string[] {
  if (footnotes.length === 0) return [];
  const lines = [heading('Sources', width, style)];
  for (const footnote of footnotes) {
    const [first, ...rest] = wrap(footnoteLine(footnote), width - 2);
    lines.push(first, ...rest.map((l) => `    ${l}`));
  }
  return lines;
}

/**
 * Everything after the text: the tables the text does not already show, the footnotes and the
 * related questions.
 */
export function answerExtraLines(answer: ResearchAnswer, width: number, style: Style): string[] {
  const footnotes = citationFootnotes(answer);
  const shownHeaders = new Set(markdownTableHeaders(answer.text).map((h) => h.join('|')));
  const blocks: string[][] = answer.tables
    .filter((t) => !shownHeaders.has(t.headers.join('|')))
    .map((t) => researchTableLines(t, footnotes, width, style));
  blocks.push(footnoteLines(footnotes, width, style));
  if (answer.relatedQuestions.length > 0) {
    blocks.push([heading('Related questions', width, style), ...answer.relatedQuestions.flatMap((q) => indented(`• ${q}`, width))]);
  }
  return blocks.filter((b) => b.length > 0).flatMap((b) => ['', ...b]);
}

/** The whole answer: text, tables, footnotes, related questions. */
export function answerLines(answer: ResearchAnswer, width: number, style: Style): string[] {
  return [...answerTextLines(answer, width, style), ...answerExtraLines(answer, width, style)];
}
