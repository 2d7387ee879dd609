/**
 * The research engine's parts and the contracts between them: tools read Credence's data and
 * return facts with their sources; an engine (the built-in analyst, or a model through function
 * calling) plans, calls tools and writes; the evidence checker confirms each cited figure before
 * it is shown. Every engine emits the events of docs/architecture.md 8 through a ResearchEmitter.
 */
import type { QuoteBox, ResearchAnswer, ResearchEngineInfo, ResearchEvent, ResearchModel } from '@credence/shared';

export interface ResearchUser {
  id: string;
  role: string;
}

/** One question, as the engine receives it. */
export interface ResearchRequest {
  query: string;
  /** The company the chat is about (registry mode), already normalised. */
  companyNumber?: string;
  cik?: string;
  chatId: string;
  chatKey?: string;
  /** Only these of the chat's documents (file names; PDF chat's fileName), all of them when absent. */
  documentNames?: string[];
  model: ResearchModel;
  webSearch: boolean;
  user: ResearchUser;
  /** Earlier questions of the same chat, oldest first (for follow-ups). */
  history: { query: string; answer: string }[];
}

/** Where a fact was read, before it becomes a citation. */
export type FactSource =
  | {
      kind: 'filing';
      company_number: string;
      /** The filing's document id: get_filing_pdf serves `${document_id}.pdf`. */
      document_id: string;
      /** "Full accounts made up to 31/12/2024". */
      title: string;
      page: number;
      date?: string | null;
    }
  | {
      kind: 'register';
      company_number: string;
      /** The register section: profile, charges, officers, pscs, filings, capital, confirmation-statement, peers, lender-book. */
      record: string;
      /** "Charge 0123 4567 0001 (register)". */
      title: string;
      /** The record's own key (charge id, officer key...), when one record holds the fact. */
      key?: string;
    }
  | {
      /** A US KPI value's fact: one tag of one SEC filing (api/get_highlighted_source shows it highlighted). */
      kind: 'sec';
      cik: number;
      /** The KPI value it stands for (`revenue@FY2023`) and its category, the source viewer's kv_id and doc_cg. */
      kpi_value_id: string;
      doc_cg: 'annual' | 'quarterly';
      /** `us-gaap:Revenues`, the period and the value as filed, the filing's accession, form and date. */
      concept: string;
      start: string | null;
      end: string;
      value: number;
      accession: string;
      form: string;
      filed: string;
      /** "10-K filed 2024-02-14 · us-gaap:Revenues". */
      title: string;
    }
  | {
      kind: 'upload';
      document_id: string;
      title: string;
      pdf_name: string;
      /** The chat the document was uploaded to (what fetch_pdf takes). */
      chat_key?: string;
      page: number;
    };

export type FactUnit = 'GBP' | 'EUR' | 'USD' | 'count' | 'ratio' | 'percent' | 'date' | 'text' | 'days' | 'years';

/** A value a tool read or computed, with where it came from. */
export interface Fact {
  /** Unique within a tool result and stable: "turnover@2024-12-31", "charge:abc123:status". */
  key: string;
  label: string;
  value: number | string | null;
  unit: FactUnit;
  /** Period end (YYYY-MM-DD) for a period's figure. */
  period?: string;
  /**
   * The figure as the source page prints it ("12,345,678", "(1,234)"): what the checker looks for
   * on the cited page. Absent for register facts.
   */
  printed?: string;
  source: FactSource;
  /** A computed figure (a margin, growth, a ratio): the keys of the facts it comes from and how. */
  inputs?: Fact[];
  formula?: string;
}

export interface ToolResult<T = unknown> {
  data: T;
  facts: Fact[];
  /** What the data does not hold (a year not filed, no charges registered...), in words. */
  missing?: string[];
}

export interface ToolContext {
  user: ResearchUser;
  signal: AbortSignal;
}

/** A JSON schema object (the function-calling `parameters`). */
export type JsonSchema = Record<string, unknown>;

/**
 * A read-only tool over Credence's data. The same set serves the built-in engine (called
 * directly) and a model (through function calling, arguments validated by `parameters`).
 */
export interface ResearchTool<A = Record<string, unknown>, T = unknown> {
  name: string;
  description: string;
  parameters: JsonSchema;
  run(args: A, ctx: ToolContext): Promise<ToolResult<T>>;
}

/** The outcome of checking one fact against its source. */
export interface EvidenceCheck {
  verified: boolean;
  /** The text on the cited page that holds the figure, as it reads there. */
  quote?: string;
  boxes?: QuoteBox[];
  /** Why it could not be confirmed. */
  reason?: string;
}

/** Confirms a fact against its source: a register fact against the record, a page's figure against the page's text. */
export interface EvidenceChecker {
  check(fact: Fact, signal: AbortSignal): Promise<EvidenceCheck>;
}

/** Where an engine sends what it produces. */
export interface ResearchEmitter {
  emit(event: ResearchEvent): void;
  /** Aborted when the client has gone for good (or the server stops): stop working. */
  readonly signal: AbortSignal;
  /** Which engine answered (the stored answer's `engine`), and why a configured model did not. */
  engineInfo?(info: ResearchEngineInfo): void;
}

/** The stream's emitter also hears when the data could not answer (the stored answer's `declined`). */
export type RecordingEmitter = ResearchEmitter & { declined?(declined: NonNullable<ResearchAnswer['declined']>): void };

export interface ResearchEngine {
  readonly name: 'built-in' | 'model';
  /**
   * Answers one question: emits `plan` first, then `step`s, `text`, `table`s, `citation`s and
   * `related`. The caller emits `done` (or `error`) and stores the answer.
   */
  answer(request: ResearchRequest, out: ResearchEmitter): Promise<void>;
}
