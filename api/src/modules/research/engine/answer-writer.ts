/**
 * How an engine writes a cited answer: every figure goes through `figure(fact, text)`, which
 * gives it a citation marker (`[^c3]`); nothing is streamed until `flush()` has had the evidence
 * checker confirm each new citation against its source. A figure that fails is not shown as a
 * fact: its text is replaced by "(unverified)" wording and its citation is sent with
 * `verified: false`. One citation per (source, page) so that "Page 7" appears once.
 */
import type { ResearchCitation, ResearchTable } from '@credence/shared';
import type { EvidenceChecker, Fact, FactSource, ResearchEmitter } from './types.js';

interface PendingFigure {
  token: string;
  fact: Fact;
  text: string;
  citationId: string;
}

/** The app page a register citation links to (the company's register section). */
export function registerUrl(companyNumber: string, record: string): string {
  const tab: Record<string, string> = {
    charges: 'charges',
    officers: 'people',
    pscs: 'people',
    filings: 'filings',
    capital: 'filings',
    'confirmation-statement': 'filings',
  };
  const section = tab[record];
  return `/uk/company/${encodeURIComponent(companyNumber)}${section ? `?tab=${section}` : ''}`;
}

function sourceKey(source: FactSource): string {
  switch (source.kind) {
    case 'filing':
      return `filing:${source.company_number}:${source.document_id}:${source.page}`;
    case 'upload':
      return `upload:${source.document_id}:${source.page}`;
    case 'register':
      return `register:${source.company_number}:${source.record}:${source.key ?? ''}`;
  }
}

function citationFor(id: string, source: FactSource): ResearchCitation {
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
  }
}

export class AnswerWriter {
  private buffer = '';
  private readonly citations = new Map<string, ResearchCitation>();
  private readonly citationBySource = new Map<string, string>();
  private readonly sent = new Set<string>();
  private readonly pending: PendingFigure[] = [];
  /** Facts that failed their check (shown marked, never as a fact). */
  readonly unverified: Fact[] = [];
  private tableCount = 0;
  private tokenCount = 0;

  constructor(
    private readonly out: ResearchEmitter,
    private readonly evidence: EvidenceChecker,
  ) {}

  /** Adds markdown with no figures of its own (headings, words). */
  write(markdown: string): this {
    this.buffer += markdown;
    return this;
  }

  /** The citation marker of a fact's source, registering the citation (checked at the next flush). */
  cite(fact: Fact): string {
    const key = sourceKey(fact.source);
    let id = this.citationBySource.get(key);
    if (!id) {
      id = `c${this.citationBySource.size + 1}`;
      this.citationBySource.set(key, id);
      this.citations.set(id, citationFor(id, fact.source));
    }
    return `[^${id}]`;
  }

  /**
   * A figure in the text: `text` is how the answer words it ("£12.3m"); it is followed by its
   * citation marker. A computed figure cites each of its inputs. Returns a placeholder that
   * flush() resolves once the check is done.
   */
  figure(fact: Fact, text: string): string {
    const facts = fact.inputs?.length ? fact.inputs : [fact];
    const markers = [...new Set(facts.map((f) => this.cite(f)))];
    const token = `\u0000fig${this.tokenCount++}\u0000`;
    for (const f of facts) this.pending.push({ token, fact: f, text, citationId: this.cite(f).slice(2, -1) });
    this.buffer += token;
    void markers;
    return token;
  }

  /** A table of figures: the citations of the facts behind it ride with it. */
  async table(title: string, headers: string[], rows: (string | number | null)[][], facts: Fact[], unit?: string): Promise<ResearchTable> {
    const ids = [...new Set(facts.map((f) => this.cite(f).slice(2, -1)))];
    await this.checkCitations(facts);
    const table: ResearchTable = { id: `t${++this.tableCount}`, title, headers, rows, ...(unit ? { unit } : {}), citations: ids };
    this.sendCitations();
    this.out.emit({ type: 'table', data: table });
    return table;
  }

  /** Checks every figure written since the last flush, then streams the text and the new citations. */
  async flush(): Promise<void> {
    const figures = this.pending.splice(0);
    const failedTokens = new Set<string>();
    const checks = await this.checkCitations(figures.map((f) => f.fact));
    figures.forEach((figure, i) => {
      if (!checks[i]) failedTokens.add(figure.token);
    });
    let text = this.buffer;
    this.buffer = '';
    const byToken = new Map<string, PendingFigure[]>();
    for (const f of figures) byToken.set(f.token, [...(byToken.get(f.token) ?? []), f]);
    for (const [token, group] of byToken) {
      const markers = [...new Set(group.map((g) => `[^${g.citationId}]`))].join('');
      const shown = failedTokens.has(token) ? `${group[0].text} (unverified)${markers}` : `${group[0].text}${markers}`;
      text = text.split(token).join(shown);
    }
    this.sendCitations();
    if (text) this.out.emit({ type: 'text', data: { delta: text } });
  }

  /** Every citation sent so far, in id order. */
  allCitations(): ResearchCitation[] {
    return [...this.citations.values()].filter((c) => this.sent.has(c.id));
  }

  private async checkCitations(facts: Fact[]): Promise<boolean[]> {
    const results: boolean[] = [];
    for (const fact of facts) {
      const id = this.citationBySource.get(sourceKey(fact.source))!;
      const citation = this.citations.get(id)!;
      const check = await this.evidence.check(fact, this.out.signal);
      if (!check.verified) {
        this.unverified.push(fact);
        results.push(false);
        // A citation stays verified only if every figure it backs was confirmed.
        if (!this.sent.has(id)) this.citations.set(id, { ...citation, verified: false, ...(citation.quote ? {} : {}) });
        continue;
      }
      results.push(true);
      if (!this.sent.has(id)) {
        const quotes =
          citation.quote && check.quote && !citation.quote.includes(check.quote)
            ? `${citation.quote} … ${check.quote}`
            : (citation.quote ?? check.quote);
        this.citations.set(id, {
          ...citation,
          verified: citation.verified || !this.failedBefore(id),
          ...(quotes ? { quote: quotes } : {}),
          ...(check.boxes?.length ? { boxes: [...(citation.boxes ?? []), ...check.boxes] } : {}),
        });
      }
    }
    return results;
  }

  private failedBefore(id: string): boolean {
    return this.unverified.some((f) => this.citationBySource.get(sourceKey(f.source)) === id);
  }

  private sendCitations(): void {
    for (const citation of this.citations.values()) {
      if (this.sent.has(citation.id)) continue;
      this.sent.add(citation.id);
      this.out.emit({ type: 'citation', data: citation });
    }
  }
}
