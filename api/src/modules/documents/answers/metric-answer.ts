/**
 * A catalogue metric asked of uploaded documents (a ratio, a turnover, days outstanding, a margin,
 * FCF, EBITDA, a CAGR, or a metric averaged over years): each input is read from the row of its
 * line item and the column of its period (an average from the two years' columns), the metric is
 * computed by the catalogue's formula with every input cited, and it is written only when it is
 * plausible. Otherwise the answer states no figure and says what was found and what is missing:
 * a metric question is answered with the metric or declined, never with one of its inputs.
 */
import { cagr, plausibleMetric, type Metric } from '@credence/shared';
import { termByKey } from '../search/finance-terms.js';
import type { PageHit } from '../search/page-search.js';
import type { QuestionTerms } from '../search/question-terms.js';
import { unitScale } from '../search/statement-row.js';
import type { AnswerWriter } from '../../../platform/ai/engine/answer-writer.js';
import type { Fact, FactUnit } from '../../../platform/ai/engine/types.js';
import { markdownSafe } from '../../../platform/ai/engine/text.js';
import { compose, type Piece } from './document-facts.js';
import { readTerm, type FigureOutcome } from './figure-answer.js';
import { Cells, citedPages, computeYears, type Cell } from './metric-cells.js';

function formatted(value: number, unit: Metric['unit'] | 'percent', decimals: number | null): string {
  const d = decimals ?? (unit === 'amount' ? 0 : unit === 'percent' || unit === 'days' ? 1 : 2);
  const text = value.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  return unit === 'percent' ? `${text}%` : unit === 'days' ? `${text} days` : unit === 'times' ? `${text} times` : text;
}

const FACT_UNIT: Record<Metric['unit'], FactUnit | null> = {
  percent: 'percent',
  ratio: 'ratio',
  days: 'days',
  times: 'ratio',
  amount: null,
};

/** The years a metric is computed for: every year of a range to average, else the latest asked. */
function yearsFor(q: QuestionTerms, averaged: boolean): number[] {
  const years = q.years.map(Number).sort((a, b) => a - b);
  if (!years.length) return [];
  if (averaged && years.length >= 2) return Array.from({ length: years.at(-1)! - years[0] + 1 }, (_, i) => years[0] + i);
  return [years.at(-1)!];
}

/** The computed metric as a fact whose inputs are the cells it was computed from (each checked on its page). */
function metricFactOf(metric: Metric, period: string, value: number, cells: Cell[]): Fact {
  const inputs = cells.map((c) => c.fact);
  return {
    key: `${metric.key}@${period}`,
    label: metric.label,
    value: Math.round(value * 10000) / 10000,
    unit: FACT_UNIT[metric.unit] ?? inputs[0].unit,
    period,
    source: inputs[0].source,
    inputs: [...new Map(inputs.map((f) => [f.key, f])).values()],
    formula: metric.formula,
  };
}

const where = (c: Cell) => `${c.read.hit.fileName}, page ${c.read.hit.page}`;

/** Writes the metric, or nothing and what is missing. */
export async function metricAnswer(q: QuestionTerms, hits: PageHit[], writer: AnswerWriter): Promise<FigureOutcome> {
  const cells = new Cells(q, hits);
  if (q.cagr) return cagrAnswer(q, cells, writer);
  const { metric, averagedOverYears } = q.metric!;
  let years = yearsFor(q, averagedOverYears);
  if (!years.length) {
    // No year asked: the latest column the first input's statement prints.
    const first = readTerm(termByKey(metric.inputs[0].item), hits, q);
    if (!first)
      return {
        missing: [`No statement row for ${termByKey(metric.inputs[0].item).label.toLowerCase()} was found in the documents.`],
        pages: [],
      };
    years = [Number(first.row.year)];
  }
  if (q.compare && !averagedOverYears) return compareAnswer(q, metric, cells, writer);
  const computed = computeYears(metric, cells, years);
  if ('missing' in computed) return { missing: computed.missing, pages: [] };
  const value = computed.reduce((s, r) => s + r.value, 0) / computed.length;
  const scaled = metric.unit === 'amount' && q.scale ? (value * unitScale(computed[0].cells[0].read.row.unit)) / q.scale : value;
  if (!plausibleMetric(metric, value))
    return {
      missing: [
        `${metric.label} computed from the rows found is ${formatted(value, metric.unit, null)}, which is not plausible, so a row or column was likely misread.`,
      ],
      pages: [],
    };
  const period = years.length > 1 ? `${years[0]}–${years.at(-1)} average` : String(years[0]);
  const fact = metricFactOf(
    metric,
    period,
    scaled,
    computed.flatMap((r) => r.cells),
  );
  const unitWords =
    metric.unit === 'amount' && q.scale ? ` (in ${q.scale === 1e9 ? 'billions' : q.scale === 1e6 ? 'millions' : 'thousands'})` : '';
  writer.write('## Answer\n\n');
  compose(writer, [
    `**${metric.label}**, ${period}: **`,
    { fact, text: formatted(scaled, metric.unit, q.decimals), derived: true },
    `**${unitWords}\n\n${metric.label} = ${metric.formula}${years.length > 1 ? `, for each year ${years.join(', ')}, averaged` : ''}. Inputs:\n`,
    ...computed.flatMap((r) => r.cells.flatMap((c): Piece[] => inputLine(c))),
  ]);
  await writer.flush();
  return { missing: [], pages: citedPages(computed.flatMap((r) => r.cells)) };
}

function inputLine(c: Cell): Piece[] {
  const unit = c.read.row.unit;
  return [
    `- ${markdownSafe(c.read.term.label)} (“${markdownSafe(c.read.row.label)}”, column ${c.read.row.year}): `,
    { fact: c.fact, text: c.read.row.printed },
    `${unit ? ` (${markdownSafe(unit.charAt(0).toLowerCase() + unit.slice(1))})` : ''} — ${markdownSafe(where(c))}\n`,
  ];
}

async function cagrAnswer(q: QuestionTerms, cells: Cells, writer: AnswerWriter): Promise<FigureOutcome> {
  const term = q.terms[0];
  const years = q.years.map(Number).sort((a, b) => a - b);
  if (years.length < 2)
    return { missing: [`A compound growth rate needs the first and last year; the question names ${years.length}.`], pages: [] };
  const [first, last] = [years[0], years.at(-1)!];
  const from = cells.at(term.key, first);
  const to = cells.at(term.key, last);
  if (!from || !to)
    return {
      missing: [
        `${term.label} for ${!from ? first : last} is not in the documents' statements, so no growth rate from ${first} to ${last} can be computed.`,
      ],
      pages: [],
    };
  const value = cagr(from.value, to.value, last - first);
  if (!Number.isFinite(value) || Math.abs(value) > 1000)
    return {
      missing: [`The growth rate computed from the rows found is not plausible, so a row or column was likely misread.`],
      pages: [],
    };
  const fact: Fact = {
    key: `cagr:${term.key}@${first}-${last}`,
    label: `${term.label} CAGR`,
    value: Math.round(value * 10000) / 10000,
    unit: 'percent',
    period: `${first}–${last}`,
    source: to.fact.source,
    inputs: [to.fact, from.fact],
    formula: `(${last} ÷ ${first})^(1/${last - first}) − 1`,
  };
  writer.write('## Answer\n\n');
  compose(writer, [
    `**${term.label} CAGR**, ${first}–${last}: **`,
    { fact, text: formatted(value, 'percent', q.decimals), derived: true },
    `**\n\nCAGR = (${term.label.toLowerCase()} ${last} ÷ ${term.label.toLowerCase()} ${first})^(1/${last - first}) − 1. Inputs:\n`,
    ...inputLine(from),
    ...inputLine(to),
  ]);
  await writer.flush();
  return { missing: [], pages: citedPages([from, to]) };
}

/** The metric in each year the question compares, each with its inputs cited, and the change between the first and last. */
async function compareAnswer(q: QuestionTerms, metric: Metric, cells: Cells, writer: AnswerWriter): Promise<FigureOutcome> {
  const years = [...new Set(q.years.map(Number))].sort((a, b) => a - b);
  const computed = computeYears(metric, cells, years);
  if ('missing' in computed) return { missing: computed.missing, pages: [] };
  const implausible = computed.find((r) => !plausibleMetric(metric, r.value));
  if (implausible)
    return {
      missing: [
        `${metric.label} for ${implausible.year} computed from the rows found is ${formatted(implausible.value, metric.unit, null)}, which is not plausible.`,
      ],
      pages: [],
    };
  writer.write('## Answer\n\n');
  const pieces: Piece[] = [];
  computed.forEach((r, i) => {
    const fact = metricFactOf(metric, String(r.year), r.value, r.cells);
    pieces.push(
      `${i ? '; ' : ''}**${metric.label}**, ${r.year}: **`,
      { fact, text: formatted(r.value, metric.unit, q.decimals), derived: true },
      '**',
    );
  });
  const [first, last] = [computed[0], computed.at(-1)!];
  const delta = last.value - first.value;
  const change =
    metric.unit === 'percent'
      ? `${delta >= 0 ? '+' : '−'}${Math.abs(delta).toFixed(1)} percentage points`
      : `${delta >= 0 ? '+' : '−'}${formatted(Math.abs(delta), metric.unit, q.decimals)}`;
  pieces.push(
    `.\n\nFrom ${first.year} to ${last.year} it changed by ${change}. ${metric.label} = ${metric.formula}. Inputs:\n`,
    ...computed.flatMap((r) => r.cells.flatMap((c) => inputLine(c))),
  );
  compose(writer, pieces);
  await writer.flush();
  return { missing: [], pages: citedPages(computed.flatMap((r) => r.cells)) };
}
