/**
 * Streams a model's answer through the AnswerWriter a sentence at a time, so that nothing
 * reaches the client before its figures are checked: a figure that matches a fact a tool
 * returned becomes that fact's cited figure (the writer checks it against its source); a
 * figure that matches none is marked "(unverified)". The model cites facts as `[^fN]` (the
 * references it was given); those become the writer's `[^cN]` citations, unknown ones are dropped.
 */
import type { AnswerWriter } from '../engine/answer-writer.js';
import type { Fact } from '../engine/types.js';
import { findFigures, lastSentenceEnd, matchFigure, type Figure } from './figure-check.js';

/** The facts the tools returned during one answer, each with the reference the model cites. */
export class FactBook {
  private readonly byRef = new Map<string, Fact>();
  readonly facts: Fact[] = [];
  /** Codes the tools returned (company numbers, SIC codes, charge codes): not figures. */
  readonly identifiers = new Set<string>();

  /** Notes the identifiers in a tool's data: in its text values, digit strings of 4 or more, or with a leading zero. */
  addIdentifiers(data: unknown): void {
    if (typeof data === 'string') {
      for (const m of data.matchAll(/(?<![\d.,])(0\d+|\d{4,})(?![\d.,])/g)) this.identifiers.add(m[1]);
    } else if (data && typeof data === 'object') {
      for (const value of Object.values(data)) this.addIdentifiers(value);
    }
  }

  /** Adds a tool result's facts; returns the reference of each ("f1"...). */
  add(facts: readonly Fact[]): string[] {
    return facts.map((fact) => {
      const existing = [...this.byRef].find(([, f]) => f === fact);
      if (existing) return existing[0];
      const ref = `f${this.byRef.size + 1}`;
      this.byRef.set(ref, fact);
      this.facts.push(fact, ...(fact.inputs ?? []));
      return ref;
    });
  }

  get(ref: string): Fact | undefined {
    return this.byRef.get(ref);
  }
}

/** `[^f1]` as asked, or `[f1]` as some models write it. */
const MARKER = /\s?\[(?:\^([A-Za-z0-9_-]+)|(f\d+))\]/g;
const refOf = (m: RegExpMatchArray) => m[1] ?? m[2];

interface Piece {
  start: number;
  end: number;
  apply(): void;
}

/**
 * Stricter rules for a figure (the documents' model path): `citedOnly` keeps a figure only when
 * a fact its sentence cites reads as it (no fall-back to any fact of that value); `refuse` names
 * why a cited fact does not stand for the figure in its sentence (null when it does).
 */
export interface FigureRules {
  citedOnly?: boolean;
  refuse?: (fact: Fact, sentence: string, figure: Figure) => string | null;
}

export class CheckedText {
  private pending = '';
  /** Figures the model wrote that no tool returned. */
  readonly unverified: string[] = [];
  private written = false;

  constructor(
    private readonly writer: AnswerWriter,
    private readonly book: FactBook,
    /** Number strings the user typed, not flagged when the model repeats them. */
    private readonly exempt: readonly string[] = [],
    private readonly rules: FigureRules = {},
  ) {}

  /** True once any answer text has been sent. */
  get started(): boolean {
    return this.written;
  }

  /** Adds streamed text; sends every complete sentence, checked. */
  async push(delta: string): Promise<void> {
    this.pending += delta;
    const cut = lastSentenceEnd(this.pending);
    if (cut === 0) return;
    const ready = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    await this.send(ready);
  }

  /** Sends what is left. */
  async end(): Promise<void> {
    const rest = this.pending;
    this.pending = '';
    if (rest) await this.send(rest);
  }

  /** Sends text that is Credence's own (a note), not the model's. */
  async note(markdown: string): Promise<void> {
    this.writer.write(markdown);
    await this.writer.flush();
    this.written = true;
  }

  /**
   * A figure that stands for a fact: a filed or register figure carries its source's marker; a
   * computed one (a margin, growth) carries none and shows its working, the filed figures it comes
   * from, each with the marker of the page that prints it (as the built-in analyst writes them).
   */
  private cited(fact: Fact, text: string): void {
    if (!fact.inputs?.length) {
      this.writer.figure(fact, text);
      return;
    }
    this.writer.derived(fact, text);
    this.writer.write(' (');
    fact.inputs.forEach((input, i) => {
      this.writer.write(`${i ? '; ' : ''}${input.label} `);
      this.writer.figure(input, input.printed ?? String(input.value));
    });
    this.writer.write(')');
  }

  private async send(given: string): Promise<void> {
    // An answer does not start with blank lines (left where a <think> block was).
    const text = this.written ? given : given.trimStart();
    if (!text) return;
    const markers = [...text.matchAll(MARKER)];
    const cited = markers.map((m) => this.book.get(refOf(m))).filter((f): f is Fact => f !== undefined);
    // Mask the markers so their digits are not read as figures.
    const masked = text.replace(MARKER, (m) => ' '.repeat(m.length));
    const usedFacts = new Set<Fact>();
    const unverifiedBefore = this.unverified.length;
    const pieces: Piece[] = [];
    for (const figure of findFigures(masked, [...this.exempt, ...this.book.identifiers])) {
      const matched = this.rules.citedOnly ? matchFigure(figure, cited) : matchFigure(figure, this.book.facts, cited);
      const fact = matched && !this.rules.refuse?.(matched, text, figure) ? matched : undefined;
      if (fact) usedFacts.add(fact);
      else this.unverified.push(figure.text);
      pieces.push({
        start: figure.start,
        end: figure.end,
        apply: () => (fact ? this.cited(fact, figure.text) : this.writer.write(`${figure.text} (unverified)`)),
      });
    }
    const figureEnds = pieces.map((p) => p.end);
    const failed = this.unverified.length > unverifiedBefore;
    for (const m of markers) {
      const fact = this.book.get(refOf(m));
      // A marker right after a figure (only spaces and markers between) was the figure's citation.
      const followsFigure = figureEnds.some((end) => end <= m.index && /^\s*$/.test(masked.slice(end, m.index)));
      // under citedOnly, a text whose figure failed keeps no loose citation (it would lend the figure one)
      const keep = fact !== undefined && !usedFacts.has(fact) && !followsFigure && !(this.rules.citedOnly && failed);
      pieces.push({
        start: m.index,
        end: m.index + m[0].length,
        // The figure carries its own fact's citation; a marker of nothing known is dropped.
        apply: () => (keep ? this.writer.figure(fact, m[0].startsWith(' ') ? ' ' : '') : undefined),
      });
    }
    pieces.sort((a, b) => a.start - b.start);
    let at = 0;
    for (const piece of pieces) {
      if (piece.start < at) continue;
      this.writer.write(text.slice(at, piece.start));
      piece.apply();
      at = piece.end;
    }
    this.writer.write(text.slice(at));
    await this.writer.flush();
    if (text.trim()) this.written = true;
  }
}
