/**
 * How an engine writes a cited answer: every figure goes through `figure(fact, text)`, which
 * gives it a citation marker (`[^c3]`); nothing is streamed until `flush()` has had the evidence
 * checker confirm each new figure against its source. A figure that fails is not shown as a
 * fact: its text is followed by "(unverified)" and its citation is sent with `verified: false`.
 * A computed figure cites each of its inputs. One citation per (source, page) so that "Page 7"
 * appears once; a citation is sent again (same id) when a later figure adds to its quote.
 * Tables take cells as `{fact, text}` so each figure of a table is checked the same way.
 * A citation gets its id (and is sent) only once a marker in the text or a table refers to it:
 * the inputs of a derived figure that the text never marks are checked but not listed.
 */
import { secCitation } from './sec-citation.js';
import type { QuoteBox, ResearchCitation, ResearchTable } from '@credence/shared';
import type { EvidenceCheck, EvidenceChecker, Fact, FactSource, ResearchEmitter } from './types.js';

/** A table cell: a plain value, or a figure (checked, and marked when it fails). */
export type TableCell = string | number | null | { fact: Fact; text: string };

interface PendingFigure {
  token: string;
  facts: Fact[];
  text: string;
  /** A derived figure shown before the cited figures it comes from: checked, but carries no marker of its own. */
  unmarked?: boolean;
}

/** The web app's page a register citation links to: the company's section in the /uk/ explorer. */
export function registerUrl(companyNumber: string, record: string): string {
  // A lender's book is the creditors screener's (a model may read it with no company).
  if (record === 'lender-book') return '/creditors-screener';
  // The explorer's categories (web/src/features/explorer/explorer-url.ts): people sit in the overview.
  const category: Record<string, string> = {
    charges: 'charges',
    filings: 'filings',
    capital: 'filings',
    'confirmation-statement': 'filings',
  };
  const params = new URLSearchParams({ companyNumber, category: category[record] ?? 'overview' });
  return `/uk/?${params.toString()}`;
}

export function sourceKey(source: FactSource): string {
  switch (source.kind) {
    case 'filing':
      return `filing:${source.company_number}:${source.document_id}:${source.page}`;
    case 'upload':
      return `upload:${source.document_id}:${source.page}`;
    case 'register':
      return `register:${source.company_number}:${source.record}:${source.key ?? ''}`;
    case 'sec':
      return `sec:${source.cik}:${source.accession}:${source.concept}:${source.start ?? ''}:${source.end}`;
  }
}

export function citationFor(id: string, source: FactSource): ResearchCitation {
  switch (source.kind) {
    case 'filing':
      return {
        id,
        kind: 'filing',
        document_id: source.document_id,
        title: source.title,
        company_number: source.company_number,
        pdf_name: `${source.document_id}.pdf`,
        page: source.page,
        verified: false,
      };
    case 'upload':
      return {
        id,
        kind: 'upload',
        document_id: source.document_id,
        title: source.title,
        pdf_name: source.pdf_name,
        ...(source.chat_key ? { chat_key: source.chat_key } : {}),
        page: source.page,
        verified: false,
      };
    case 'register':
      return {
        id,
        kind: 'register',
        document_id: source.key ?? `${source.company_number}:${source.record}`,
        title: source.title,
        company_number: source.company_number,
        record: source.record,
        url: registerUrl(source.company_number, source.record),
        verified: false,
      };
    case 'sec':
      return secCitation(id, source);
  }
}

/** The facts a figure stands on: a computed figure's inputs (recursively), else itself. */
function basis(fact: Fact): Fact[] {
  return fact.inputs?.length ? fact.inputs.flatMap(basis) : [fact];
}

interface CitationState {
  /** Set when a marker or table first refers to it. */
  id?: string;
  citation: ResearchCitation;
  checked: number;
  failed: number;
  quotes: string[];
  boxes: QuoteBox[];
  /** What was last sent (JSON), to send again only when it changed. */
  sent?: string;
}

export class AnswerWriter {
  private buffer = '';
  /** By source key, in the order first met. */
  private readonly states = new Map<string, CitationState>();
  private idCount = 0;
  private readonly pending: PendingFigure[] = [];
  /** Checks by fact (a fact cited twice is checked once). */
  private readonly checks = new Map<string, Promise<EvidenceCheck>>();
  /** Facts that failed their check (shown marked, never as a fact). */
  readonly unverified: Fact[] = [];
  private tableCount = 0;
  private tokenCount = 0;
  private figures = 0;
  private written = '';

  constructor(
    private readonly out: ResearchEmitter,
    private readonly evidence: EvidenceChecker,
  ) {}

  private prefaceFn: ((writer: AnswerWriter) => void) | null = null;
  private forcePreface = false;
  private prefaceFigures = 0;

  /**
   * Text that opens the answer only if the answer says anything after it ("Key Findings: from
   * the record of …"): written, at the front, by the first flush or table that has content; an
   * answer that ends up declining never shows it.
   */
  preface(build: ((writer: AnswerWriter) => void) | null): void {
    this.prefaceFn = build;
  }

  /** Adds markdown with no figures of its own (headings, words). */
  write(markdown: string): this {
    this.buffer += markdown;
    return this;
  }

  /** The citation marker of a fact's source, registering the citation (checked and sent at the next flush). */
  cite(fact: Fact): string {
    return `[^${this.citationId(fact.source)}]`;
  }

  /**
   * A figure in the text: `text` is how the answer words it ("£12,345,678", "12.4%"), followed by
   * the markers of the sources it stands on. Returns a placeholder that flush() resolves.
   */
  figure(fact: Fact, text: string): string {
    return this.place(fact, text, false);
  }

  /**
   * A computed figure written right before the filed figures it comes from, which the caller
   * writes next with figure() (each with its marker): "10.3% (£50,120,050[^c2] of
   * £486,000,000[^c2])". It is checked like a figure (every input), marked "(unverified)" when an
   * input fails, and carries no marker itself: a marker always points at a page that prints the
   * figure before it.
   */
  derived(fact: Fact, text: string): string {
    return this.place(fact, text, true);
  }

  private place(fact: Fact, text: string, unmarked: boolean): string {
    const token = `\u0000fig${this.tokenCount++}\u0000`;
    const facts = basis(fact);
    for (const f of facts) this.stateOf(f.source);
    this.pending.push({ token, facts, text, unmarked });
    this.buffer += token;
    return token;
  }

  /** A table of figures; figure cells are checked like figures in the text, `facts` cite what plain cells came from. */
  async table(title: string, headers: string[], rows: TableCell[][], facts: Fact[] = [], unit?: string): Promise<ResearchTable> {
    // The preface streams before the table it introduces.
    if (this.prefaceFn) {
      this.forcePreface = true;
      await this.flush();
    }
    const cellFacts = rows.flat().flatMap((cell) => (cell && typeof cell === 'object' ? basis(cell.fact) : []));
    const all = [...cellFacts, ...facts.flatMap(basis)];
    const ids = [...new Set(all.map((f) => this.citationId(f.source)))];
    const results = await this.checkAll(all);
    const failed = new Set(all.filter((_, i) => !results[i]));
    const shown = rows.map((row) =>
      row.map((cell) => {
        if (!cell || typeof cell !== 'object') return cell;
        this.figures++;
        return basis(cell.fact).some((f) => failed.has(f)) ? `${cell.text} (unverified)` : cell.text;
      }),
    );
    const table: ResearchTable = { id: `t${++this.tableCount}`, title, headers, rows: shown, ...(unit ? { unit } : {}), citations: ids };
    this.sendCitations();
    this.out.emit({ type: 'table', data: table });
    return table;
  }

  /** Checks every figure written since the last flush, then streams the text and the new or changed citations. */
  async flush(): Promise<void> {
    if (this.prefaceFn && (this.buffer || this.pending.length || this.forcePreface)) {
      const build = this.prefaceFn;
      this.prefaceFn = null;
      const after = this.buffer;
      const pendingBefore = this.pending.length;
      this.buffer = '';
      build(this);
      this.prefaceFigures += this.pending.length - pendingBefore;
      this.buffer += after;
    }
    this.forcePreface = false;
    // Ids are given in reading order (the preface is built after the text it precedes).
    const figures = this.pending.splice(0).sort((x, y) => this.buffer.indexOf(x.token) - this.buffer.indexOf(y.token));
    const facts = figures.flatMap((f) => f.facts);
    const results = await this.checkAll(facts);
    const failed = new Set(facts.filter((_, i) => !results[i]));
    let text = this.buffer;
    this.buffer = '';
    for (const figure of figures) {
      const markers = figure.unmarked ? '' : [...new Set(figure.facts.map((f) => this.cite(f)))].join('');
      const bad = figure.facts.some((f) => failed.has(f));
      text = text.split(figure.token).join(`${figure.text}${bad ? ' (unverified)' : ''}${markers}`);
      this.figures++;
    }
    this.sendCitations();
    if (text) {
      this.written += text;
      this.out.emit({ type: 'text', data: { delta: text } });
    }
  }

  /** Every citation sent so far, in id order. */
  allCitations(): ResearchCitation[] {
    return [...this.states.values()]
      .filter((s) => s.sent)
      .map((s) => s.citation)
      .sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
  }

  /** How many figures have been written (text and tables), the preface's aside: zero means the answer states nothing. */
  figureCount(): number {
    return this.figures - this.prefaceFigures;
  }

  /** The text streamed so far. */
  text(): string {
    return this.written;
  }

  private stateOf(source: FactSource): CitationState {
    const key = sourceKey(source);
    let state = this.states.get(key);
    if (!state) {
      state = { citation: citationFor('', source), checked: 0, failed: 0, quotes: [], boxes: [] };
      this.states.set(key, state);
    }
    return state;
  }

  /** The citation's id, given now if nothing referred to it before. */
  private citationId(source: FactSource): string {
    const state = this.stateOf(source);
    if (!state.id) {
      state.id = `c${++this.idCount}`;
      state.citation = { ...state.citation, id: state.id };
    }
    return state.id;
  }

  private checkOnce(fact: Fact): Promise<EvidenceCheck> {
    const key = `${sourceKey(fact.source)}|${fact.key}|${fact.printed ?? ''}|${String(fact.value)}`;
    let check = this.checks.get(key);
    if (!check) {
      check = this.evidence.check(fact, this.out.signal).catch((error: unknown) => ({ verified: false, reason: String(error) }));
      this.checks.set(key, check);
      void check.then((result) => this.record(fact, result));
    }
    return check;
  }

  private record(fact: Fact, check: EvidenceCheck): void {
    const state = this.stateOf(fact.source);
    state.checked++;
    if (!check.verified) {
      state.failed++;
      this.unverified.push(fact);
    } else {
      if (check.quote && !state.quotes.includes(check.quote)) state.quotes.push(check.quote);
      state.boxes.push(...(check.boxes ?? []));
    }
    const quote = state.quotes.join(' … ');
    state.citation = {
      ...state.citation,
      verified: state.failed === 0 && state.checked > 0,
      ...(quote ? { quote } : {}),
      ...(state.boxes.length ? { boxes: state.boxes } : {}),
    };
  }

  private async checkAll(facts: Fact[]): Promise<boolean[]> {
    const checks = await Promise.all(facts.map((f) => this.checkOnce(f)));
    // Let the records of these checks land before citations are sent.
    await Promise.resolve();
    return checks.map((c) => c.verified);
  }

  private sendCitations(): void {
    for (const state of this.states.values()) {
      if (state.checked === 0 || !state.id) continue;
      const json = JSON.stringify(state.citation);
      if (state.sent === json) continue;
      state.sent = json;
      this.out.emit({ type: 'citation', data: state.citation });
    }
  }
}
