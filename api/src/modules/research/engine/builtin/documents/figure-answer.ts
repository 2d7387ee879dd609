/**
 * A figure question over uploaded documents: each line item the question names (or the metric
 * it defines needs) is read from the best-ranked page that prints it as a statement row, in the
 * period asked (else the first column, the latest); a defined metric is computed from them with
 * each input shown and cited, a change between two periods as growth. Nothing is stated that
 * the pages do not print: what is missing is returned in words.
 */
import type { PageHit } from '../../../../documents/search/page-search.js';
import type { FinanceTerm } from '../../../../documents/search/finance-terms.js';
import type { QuestionTerms } from '../../../../documents/search/question-terms.js';
import { findRow, unitNote, type RowFigure } from '../../../../documents/search/statement-row.js';
import type { AnswerWriter } from '../../answer-writer.js';
import type { Fact } from '../../types.js';
import { compose, growthFact, metricFact, rowFact, type Piece } from './document-facts.js';

interface Read {
  term: FinanceTerm;
  row: RowFigure;
  hit: PageHit;
  fact: Fact;
}

function readTerm(term: FinanceTerm, hits: PageHit[], year?: string): Read | null {
  for (const hit of hits) {
    const row = findRow(hit.lines, term.phrases, year);
    if (!row) continue;
    const period = row.periods.find((p) => p.year === row.year)!;
    return { term, row, hit, fact: rowFact(term, row, period, hit) };
  }
  return null;
}

const where = (r: Read) => `${r.hit.fileName}, page ${r.hit.page}`;
const note = (r: Read) => {
  const unit = unitNote(r.hit.text);
  return unit ? ` (${unit.charAt(0).toLowerCase()}${unit.slice(1)})` : '';
};

/** Writes the answer; answers what is missing (empty when everything asked was found). */
export async function figureAnswer(q: QuestionTerms, hits: PageHit[], writer: AnswerWriter): Promise<string[]> {
  const year = q.years[0];
  const needed = q.metric
    ? q.terms.filter((t) => q.metric!.inputs.includes(t.key) || (q.metric!.kind === 'margin' && t.key === 'revenue'))
    : q.terms.slice(0, 4);
  const reads = needed.map((term) => ({ term, read: readTerm(term, hits, year) }));
  const missing = reads
    .filter((r) => !r.read)
    .map(({ term }) => {
      const any = readTerm(term, hits);
      return any && year
        ? `The documents' statements do not show ${term.label.toLowerCase()} for ${year} (they show ${any.row.periods.map((p) => p.year).join(', ')}).`
        : `No statement row for ${term.label.toLowerCase()} was found in the documents.`;
    });
  if (missing.length) return missing;
  const found = reads.map((r) => r.read!);
  writer.write('## Answer\n\n');
  if (q.metric) {
    const order = q.metric.kind === 'margin' ? [...q.metric.inputs, 'revenue'] : q.metric.inputs;
    const inputs = order.map((key) => found.find((r) => r.term.key === key)!);
    const { fact, text } = metricFact(
      q.metric,
      inputs.map((r) => r.fact),
      inputs[0].row.year,
    );
    const joiner = q.metric.kind === 'sum' ? ' + ' : q.metric.kind === 'difference' ? ' − ' : ' ÷ ';
    compose(writer, [
      `**${q.metric.label}**, ${inputs[0].row.year}: **`,
      { fact, text, derived: true },
      `**${note(inputs[0])}\n\n${q.metric.label} = ${q.metric.formula}: `,
      ...inputs.flatMap((r, i): Piece[] => [`${i ? joiner : ''}${r.row.label} `, { fact: r.fact, text: r.row.printed }, ` (${where(r)})`]),
      '.\n',
    ]);
  } else if (q.wantsChange && found.length === 1) {
    const r = found[0];
    const [first, last] = [...q.years].sort();
    const later = r.row.periods.find((p) => p.year === (q.years.length >= 2 ? last : r.row.year));
    const earlier = q.years.length >= 2 ? r.row.periods.find((p) => p.year === first) : r.row.periods[r.row.periods.indexOf(later!) + 1];
    if (!later || !earlier) return [`The documents show ${r.term.label.toLowerCase()} for one period only, so no change can be computed.`];
    const to = rowFact(r.term, r.row, later, r.hit);
    const from = rowFact(r.term, r.row, earlier, r.hit);
    const { fact, text } = growthFact(r.term.label, from, to);
    compose(writer, [
      `**${r.term.label}** changed by **`,
      { fact, text, derived: true },
      `** from ${earlier.year} to ${later.year}: `,
      { fact: from, text: earlier.printed },
      ` in ${earlier.year} and `,
      { fact: to, text: later.printed },
      ` in ${later.year}${note(r)} (${where(r)}).\n`,
    ]);
  } else {
    for (const r of found)
      compose(writer, [
        `- **${r.term.label}** (“${r.row.label}”), ${r.row.year}: **`,
        { fact: r.fact, text: r.row.printed },
        `**${note(r)} — ${where(r)}\n`,
      ]);
  }
  await writer.flush();
  for (const r of found) {
    const row = [r.row.label, ...r.row.periods.map((p) => ({ fact: rowFact(r.term, r.row, p, r.hit), text: p.printed }))];
    await writer.table(
      `${r.term.label} — ${where(r)}`,
      ['Line item', ...r.row.periods.map((p) => p.year)],
      [row],
      [],
      unitNote(r.hit.text) ?? undefined,
    );
  }
  return [];
}
