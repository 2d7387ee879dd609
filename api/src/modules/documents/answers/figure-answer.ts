/**
 * A figure question over uploaded documents: each line item the question names (or the metric
 * it defines needs) is read from the best-ranked page that prints it as a statement row, in the
 * period asked (else the first column, the latest); a defined metric is computed from them with
 * each input shown and cited, a change between two periods as growth. Nothing is stated that
 * the pages do not print: what is missing is returned in words.
 */
import { contentsLike, type PageHit } from '../search/page-search.js';
import { PLAUSIBLE_GROWTH_PERCENT } from '@credence/shared';
import { STATEMENT_TITLES, type FinanceTerm } from '../search/finance-terms.js';
import type { QuestionTerms } from '../search/question-terms.js';
import { findRow, unitScale, type RowFigure } from '../search/statement-row.js';
import type { AnswerWriter } from '../../../platform/ai/engine/answer-writer.js';
import type { Fact } from '../../../platform/ai/engine/types.js';
import { markdownSafe } from '../../../platform/ai/engine/text.js';
import { compose, growthFact, rowFact } from './document-facts.js';

export interface Read {
  term: FinanceTerm;
  row: RowFigure;
  hit: PageHit;
  fact: Fact;
}

/**
 * The line item from the pages that print it as a row: the best-ranked, except that a row printed
 * under the very name the question used, or on the statement that holds the item (or that the
 * question names), outranks a looser one ("Total debt" in a note for "long-term debt").
 */
export function readTerm(term: FinanceTerm, hits: PageHit[], q: QuestionTerms, year?: string): Read | null {
  const asked = q.asked[term.key];
  const titles = [...(term.statement ? STATEMENT_TITLES[term.statement] : []), ...q.statements.flatMap((s) => STATEMENT_TITLES[s])];
  let best: { read: Read; score: number } | null = null;
  hits.forEach((hit, rank) => {
    const row = findRow(hit.lines, term.phrases, year, q.cumulative, term.measure);
    if (!row) return;
    const lower = hit.text.toLowerCase();
    const score =
      -rank +
      (asked && row.label.toLowerCase() === asked ? 3 : 0) +
      (titles.some((t) => lower.includes(t)) ? 2 : 0) +
      (term.statement && hit.kind === term.statement ? 4 : 0) -
      (hit.kind === 'summary' ? 2 : 0) -
      (contentsLike(hit) ? 5 : 0);
    const period = { year: row.year, printed: row.printed, value: row.value };
    if (!best || score > best.score) best = { read: { term, row, hit, fact: rowFact(term, row, period, hit) }, score };
  });
  return (best as { read: Read } | null)?.read ?? null;
}

const where = (r: Read) => `${r.hit.fileName}, page ${r.hit.page}`;
/** The same in the answer's markdown (a file name and a row label are the document's words). */
const whereMd = (r: Read) => markdownSafe(where(r));
const note = (r: Read) => {
  const unit = r.row.unit;
  return unit ? ` (${markdownSafe(unit.charAt(0).toLowerCase() + unit.slice(1))})` : '';
};

export interface FigureOutcome {
  /** What the documents do not show (nothing was written); empty when answered. */
  missing: string[];
  /** The pages the answer cites. */
  pages: PageHit[];
}

/** Writes the answer, or nothing and what is missing. */
export async function figureAnswer(q: QuestionTerms, hits: PageHit[], writer: AnswerWriter): Promise<FigureOutcome> {
  const year = q.years[0];
  const needed = q.terms.slice(0, 4);
  const reads = needed.map((term) => ({ term, read: readTerm(term, hits, q, year) }));
  const missing = reads
    .filter((r) => !r.read)
    .map(({ term }) => {
      const any = readTerm(term, hits, q);
      return any && year
        ? `The documents' statements do not show ${term.label.toLowerCase()} for ${year} (they show ${any.row.periods.map((p) => p.year).join(', ')}).`
        : `No statement row for ${term.label.toLowerCase()} was found in the documents.`;
    });
  if (missing.length) return { missing, pages: [] };
  const found = reads.map((r) => r.read!);
  const change = q.wantsChange && found.length === 1 ? changeOf(q, found[0]) : null;
  if (change === 'one-period')
    return {
      missing: [`The documents show ${found[0].term.label.toLowerCase()} for one period only, so no change can be computed.`],
      pages: [],
    };
  if (change && !plausibleChange(change))
    return {
      missing: [
        `${found[0].term.label} reads ${change.earlier.printed} for ${change.earlier.year} and ${change.later.printed} for ${change.later.year} (${whereMd(found[0])}), a change too large to be one line item's, so a column was likely misread.`,
      ],
      pages: [],
    };
  writer.write('## Answer\n\n');
  if (change) writeChange(found[0], change, writer);
  else
    for (const r of found)
      compose(writer, [
        `- **${r.term.label}** (“${markdownSafe(r.row.label)}”), ${r.row.year}: **`,
        { fact: r.fact, text: scaledText(r, q) },
        `**${note(r)} — ${whereMd(r)}\n`,
      ]);
  await writer.flush();
  for (const r of found) {
    const row = [r.row.label, ...r.row.periods.map((p) => ({ fact: rowFact(r.term, r.row, p, r.hit), text: p.printed }))];
    await writer.table(
      `${r.term.label} — ${where(r)}`,
      ['Line item', ...r.row.periods.map((p) => p.year)],
      [row],
      [],
      r.row.unit ?? undefined,
    );
  }
  return { missing: [], pages: found.map((r) => r.hit) };
}

/** A figure as printed, or brought to the unit the question asks ("in USD billions") when the page's unit is known. */
function scaledText(r: Read, q: QuestionTerms): string {
  const scale = unitScale(r.row.unit);
  if (!q.scale || scale === 1 || scale === q.scale) return r.row.printed;
  const value = (r.row.value * scale) / q.scale;
  const d = q.decimals ?? 2;
  return `${value.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d })} ${q.scale === 1e9 ? 'billion' : q.scale === 1e6 ? 'million' : 'thousand'}`;
}

const plausibleChange = ({ later, earlier }: { later: Period; earlier: Period }) =>
  earlier.value !== 0 && Math.abs(((later.value - earlier.value) / Math.abs(earlier.value)) * 100) <= PLAUSIBLE_GROWTH_PERCENT;

type Period = RowFigure['periods'][number];

/** The two periods a change compares: the years asked, else the period read and the one after it. */
function changeOf(q: QuestionTerms, r: Read): { later: Period; earlier: Period } | 'one-period' {
  const [first, last] = [...q.years].sort();
  const later = r.row.periods.find((p) => p.year === (q.years.length >= 2 ? last : r.row.year));
  const earlier = q.years.length >= 2 ? r.row.periods.find((p) => p.year === first) : r.row.periods[r.row.periods.indexOf(later!) + 1];
  return later && earlier ? { later, earlier } : 'one-period';
}

function writeChange(r: Read, { later, earlier }: { later: Period; earlier: Period }, writer: AnswerWriter): void {
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
    ` in ${later.year}${note(r)} (${whereMd(r)}).\n`,
  ]);
}
