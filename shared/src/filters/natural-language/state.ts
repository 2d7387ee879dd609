/**
 * What the rules of a query have placed so far: number conditions by column, sectors, years,
 * a name, currencies, the metric or value still waiting for its partner, and the unplaced words.
 */
import type { MoneyCurrency } from '../amounts.js';
import { findColumn } from '../columns.js';
import type { ColumnFilter, FilterValue } from '../types.js';
import { columnLabel, formatAmount, listPhrase, numberPhrase, type Unplaced } from './explain.js';
import type { SectorRef } from './sectors.js';
import type { AmountToken, Token } from './tokens.js';
import type { Comparator, MetricWord, NlVocabulary } from './vocabulary.js';

/** A comparison read from the query, not yet tied to a metric. */
export interface Value {
  comparator: Comparator | 'between';
  a: AmountToken;
  b?: AmountToken;
  /** "positive", "no": a sign or zero rather than an amount. */
  sign?: boolean;
  /** Followed by "%" or "per cent". */
  percent?: boolean;
  from: number;
  to: number;
}

export interface PendingMetric {
  metric: MetricWord;
  from: number;
  to: number;
  /** "with EBITDA": without an amount it means the figure is reported. */
  afterWith: boolean;
}

interface Placed {
  order: number;
  filter: ColumnFilter;
  phrase: string;
}

/** Values of one select column named in the query (regions, statuses, postcode areas): kept and left out. */
interface Choice {
  order: number;
  kept: string[];
  left: string[];
  /** How each value is said in the explanation ("LS (Leeds)"). */
  say: Map<string, string>;
}

/** "top 10 ... by revenue": the order the table is sorted in and how many rows a page shows. */
export interface Ranking {
  by: string | null;
  order: 'asc' | 'desc';
  count: number | null;
  from: number;
  to: number;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const FLIP: Record<Comparator, Comparator> = { gt: 'lt', gte: 'lte', lt: 'gt', lte: 'gte', eq: 'eq' };

export class ParseState {
  readonly placed = new Map<string, Placed>();
  readonly sectorsIn: SectorRef[] = [];
  readonly sectorsOut: SectorRef[] = [];
  sectorOrder = -1;
  readonly years = new Set<string>();
  yearOrder = -1;
  readonly currencies = new Set<MoneyCurrency>();
  currencyOrder = -1;
  /** Where the sectors were named, to report them if together they are too many codes. */
  readonly sectorSpans: { from: number; to: number }[] = [];
  pendingMetric: PendingMetric | null = null;
  pendingValue: Value | null = null;
  /** Set by "not", "excluding": the next sectors (and places, statuses) are exclusions. */
  excluding = false;
  readonly choices = new Map<string, Choice>();
  ranking: Ranking | null = null;
  /** The last token of the last place named, so that "in Leeds or Bradford" reads Bradford as a place. */
  lastPlace = -1;
  private order = 0;
  private readonly missed: { from: number; to: number; note?: string }[] = [];

  constructor(
    readonly query: string,
    readonly tokens: readonly Token[],
    readonly currentYear: number,
    /** The registry's words: metrics, counts, percent columns, whole conditions. */
    readonly vocab: NlVocabulary,
  ) {}

  /** The smallest step of a column's values: "at least 50" is "over 49" on whole numbers. */
  stepOf(id: string): number {
    return findColumn(this.vocab.columns, id)?.format === 'ratio' ? 0.01 : 1;
  }

  nextOrder(): number {
    return this.order++;
  }

  text(from: number, to: number): string {
    return this.query.slice(this.tokens[from].start, this.tokens[to].end);
  }

  /** Tokens from..to (inclusive) could not be placed; a note says why. Neighbours without notes merge. */
  unplaced(from: number, to = from, note?: string): void {
    const last = this.missed[this.missed.length - 1];
    if (!note && last && !last.note && last.to === from - 1) last.to = to;
    else this.missed.push({ from, to, note });
  }

  unplacedList(): Unplaced[] {
    return this.missed.map((m) => ({ text: this.text(m.from, m.to), note: m.note }));
  }

  place(id: string, value: FilterValue, phrase: string): void {
    const previous = this.placed.get(id);
    const filter = { id, value };
    const merged = previous && this.mergeBounds(previous, filter, phrase);
    if (merged) return;
    this.placed.set(id, { order: previous?.order ?? this.nextOrder(), filter, phrase });
  }

  /** "turnover over 5m and under 10m": one between on the column. */
  private mergeBounds(previous: Placed, next: ColumnFilter, phrase: string): boolean {
    const [p, n] = [previous.filter.value, next.value];
    const lower = p.type === 'greaterThan' ? p : n.type === 'greaterThan' ? n : null;
    const upper = p.type === 'lessThan' ? p : n.type === 'lessThan' ? n : null;
    if (!lower || !upper || lower === upper) return false;
    const step = this.stepOf(next.id);
    const from = round(Number(lower.value) + step);
    const to = round(Number(upper.value) - step);
    if (from > to) return false;
    previous.filter = { id: next.id, value: { type: 'between', value: from, valueTo: to } };
    previous.phrase = `${previous.phrase} and ${phrase.replace(`${columnLabel(next.id, this.vocab)} `, '')}`;
    return true;
  }

  /** Ties a value to a metric: the filter (strict bounds widened by one step for "at least"), its phrase. */
  bind(metric: MetricWord, value: Value): void {
    const { id } = metric;
    const column = findColumn(this.vocab.columns, id);
    const money = column?.format === 'millions';
    const step = this.stepOf(id);
    let comparator = value.comparator;
    let a = value.a.amount;
    let b = value.b?.amount;
    let upperFromSign = false;
    // Gearing is held in percent; "gearing above 2" (no % sign, 10 or less) is a ratio: 200%.
    const asRatio =
      this.vocab.percent.has(id) && !value.percent && !value.sign && Math.abs(a) <= 10 && (b === undefined || Math.abs(b) <= 10);
    if (asRatio) {
      a = round(a * 100);
      b = b === undefined ? undefined : round(b * 100);
    }
    if (metric.negative && a >= 0 && (b === undefined || b >= 0)) {
      // A loss of X is a profit of -X: "loss over 1m" → below -1m; "loss under 1m" → between -1m and 0.
      if (value.sign && comparator === 'eq') comparator = 'gte';
      else if (comparator === 'between') [a, b] = [-(b as number), -a];
      else {
        upperFromSign = comparator === 'lt' || comparator === 'lte';
        comparator = FLIP[comparator];
        a = -a;
      }
    }
    const currency = money ? (value.a.currency ?? value.b?.currency ?? null) : null;
    const show = (n: number) => formatAmount(n, currency, money || Math.abs(n) >= 1e4);
    let filter: FilterValue;
    let phrase: string;
    if (comparator === 'between') {
      const [lo, hi] = a <= (b as number) ? [a, b as number] : [b as number, a];
      filter = { type: 'between', value: lo, valueTo: hi };
      phrase = numberPhrase(id, 'between', show(lo), show(hi), this.vocab);
    } else if (upperFromSign) {
      const lo = comparator === 'gt' ? round(a + step) : a;
      filter = { type: 'between', value: lo, valueTo: -step };
      phrase = `${columnLabel(id, this.vocab)} between ${show(lo)} and ${show(-step)} (a loss ${comparator === 'gt' ? 'under' : 'of at most'} ${show(-a)})`;
    } else {
      const types = { gt: 'greaterThan', gte: 'greaterThan', lt: 'lessThan', lte: 'lessThan', eq: 'equals' } as const;
      const bound = comparator === 'gte' ? round(a - step) : comparator === 'lte' ? round(a + step) : a;
      filter = { type: types[comparator], value: bound };
      phrase =
        value.sign && a === 0 && comparator === 'eq'
          ? `${columnLabel(id, this.vocab)}: none`
          : numberPhrase(id, comparator, show(a), undefined, this.vocab);
    }
    if (asRatio) phrase += ` (${value.a.amount}${value.b ? `-${value.b.amount}` : ''} read as a ratio)`;
    this.place(id, filter, phrase);
    if (currency) this.addCurrency(currency);
  }

  addSector(ref: SectorRef, from: number, to: number): void {
    (this.excluding ? this.sectorsOut : this.sectorsIn).push(ref);
    this.sectorSpans.push({ from, to });
    if (this.sectorOrder < 0) this.sectorOrder = this.nextOrder();
  }

  addCurrency(currency: MoneyCurrency): void {
    this.currencies.add(currency);
    if (this.currencyOrder < 0) this.currencyOrder = this.nextOrder();
  }

  /** A metric left without an amount at the end of its clause. */
  resolvePendingMetric(): void {
    const pending = this.pendingMetric;
    if (!pending) return;
    this.pendingMetric = null;
    const id = pending.metric.id;
    if (this.vocab.counts.has(id)) {
      this.place(id, { type: 'greaterThan', value: 0 }, `${columnLabel(id, this.vocab)}: at least one`);
    } else if (pending.metric.negative) {
      // "with a loss", "with net liabilities", "net cash": the figure is below zero.
      this.place(id, { type: 'lessThan', value: 0 }, `${columnLabel(id, this.vocab)} under 0`);
    } else if (pending.afterWith) {
      this.place(id, { type: 'notEmpty' }, `${columnLabel(id, this.vocab)} reported`);
    } else {
      this.unplaced(pending.from, pending.to, 'no amount given');
    }
  }

  /**
   * An unknown word next to a waiting metric or amount changes what it means ("EBITDA margin",
   * "revenue growth", "over 10m recurring revenue"): the one right before the word at `at` is not
   * placed but reported with it. Anything else waiting keeps waiting ("floating charges in Leeds").
   */
  abandonPending(at: number): void {
    if (this.pendingMetric && this.pendingMetric.to >= at - 1) {
      this.unplaced(this.pendingMetric.from, this.pendingMetric.to);
      this.pendingMetric = null;
    }
    if (this.pendingValue && this.pendingValue.to >= at - 1) {
      this.unplaced(this.pendingValue.from, this.pendingValue.to);
      this.pendingValue = null;
    }
  }

  resolvePendingValue(): void {
    const pending = this.pendingValue;
    if (!pending) return;
    this.pendingValue = null;
    this.unplaced(pending.from, pending.to, 'no figure named for it');
  }

  /** Closes a clause: a waiting metric or value is resolved or reported. */
  endClause(): void {
    this.resolvePendingMetric();
    this.resolvePendingValue();
  }

  /** Values of a select column: one is_one_of (or is_not_one_of when excluding) per column, merged. */
  choose(id: string, values: readonly string[], say: (value: string) => string = (v) => v): void {
    const choice = this.choices.get(id) ?? { order: this.nextOrder(), kept: [], left: [], say: new Map() };
    this.choices.set(id, choice);
    const into = this.excluding ? choice.left : choice.kept;
    for (const value of values) {
      if (!into.includes(value)) into.push(value);
      choice.say.set(value, say(value));
    }
  }

  choiceFilters(): { order: number; filter: ColumnFilter; phrase: string }[] {
    const out: { order: number; filter: ColumnFilter; phrase: string }[] = [];
    for (const [id, choice] of this.choices) {
      const label = columnLabel(id, this.vocab);
      const kept = choice.kept.filter((v) => !choice.left.includes(v));
      const said = (values: string[]) =>
        listPhrase(
          values.map((v) => choice.say.get(v) ?? v),
          'or',
          6,
        );
      if (kept.length)
        out.push({ order: choice.order, filter: { id, value: { type: 'is_one_of', values: kept } }, phrase: `${label}: ${said(kept)}` });
      else if (choice.left.length)
        out.push({
          order: choice.order,
          filter: { id, value: { type: 'is_not_one_of', values: choice.left } },
          phrase: `${label} not ${said(choice.left)}`,
        });
    }
    return out;
  }

  numberFilters(): { order: number; filter: ColumnFilter; phrase: string }[] {
    return [...this.placed.values()];
  }
}

/** A grammar rule: reads tokens from `at` and answers how many it used (0 when it does not apply). */
export type Rule = (s: ParseState, at: number) => number;
