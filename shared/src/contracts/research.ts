/**
 * AI research (spec 3 sections 3-9, docs/architecture.md 8): the stream of `POST /api/research/ask`,
 * the stored answer (spec 3's Answer shape, which `get_chat` restores exactly as it streamed),
 * chat history, jobs and credits. The API, the web app and the terminal all read these types.
 */

/** Routes relative to /api (spec 3 section 7; the ones the spec leaves unnamed are named here). */
export const RESEARCH_ROUTES = {
  ask: 'research/ask',
  generateThoughtProcess: 'companies_house/generate_thought_process',
  runQuery: 'companies_house/run_query',
  checkQuery: 'check_query',
  createChatHistory: 'create_chat_history',
  getChat: 'get_chat',
  getChatHistory: 'get_chat_history',
  deleteChat: 'delete_chat',
  modelAccessInfo: 'model_access_info',
  /** Equity routes of spec 3 section 7 (data insights over the US KPI tables; company_id is the CIK). */
  equityThoughtProcess: 'equity_analysis/generate_thought_process',
  equityTableSelection: 'equity_analysis/select_tables',
  equityObservations: 'equity_analysis/observations',
  runEquityAnalysisQuery: 'run_equity_analysis_query',
  /** Admin: set a user's monthly allowance. */
  adminCredits: 'admin/users/credits',
  /** A filing page's text as lines (what a citation's page shows): FilingPageText. */
  pageText: 'research/page_text',
} as const;

/** Spec 3 section 9 and 4. */
export const RESEARCH_CONSTANTS = {
  jobPollMs: 2000,
  thoughtTypingMsPerChar: 15,
  answerTypingMsPerChar: 20,
  planSkeletonMs: 1000,
  loadingMessageRotationMs: 5000,
  sourceRevealMs: 1000,
  relatedSkeletonMs: 1000,
  inlineTabs: 5,
  initialSources: 3,
  chatTitleMax: 50,
  restructuringTitleMax: 30,
  artifactsDefaultPercent: 60,
  artifactsMinPercent: 30,
  artifactsMaxPercent: 70,
  textareaMaxPx: 200,
  /** The send action's default model; the selector starts on 'pro'. */
  defaultModel: 'flash',
  selectorInitialModel: 'pro',
  heartbeatMs: 15_000,
} as const;

/** Spec 3 section 8 and 4: the texts the user sees. */
export const RESEARCH_TEXTS = {
  genericPlan: "I'll analyze your query and provide relevant information.",
  planFallbackError: 'Could not generate specific thought process',
  chatFailure: 'Something went wrong. Please try again.',
  /** Under an answer the reader stopped (issue 27: the user can stop a stream). */
  answerStopped: 'Stopped: the answer is shown as far as it had come.',
  /** In place of the model picker when the server has no model configured (issue 27). */
  builtInAnalyst: 'Built-in analyst',
  builtInAnalystNote: 'No language model is configured on this server: the built-in analyst answers from the register and the filings.',
  planFailure: 'Failed to generate thought process. Please try again.',
  pdfChatFailure: 'Something went wrong while processing the PDF. Please try again.',
  quotaExceeded: 'You have exceeded your quota!',
  noContent: 'No content available',
  untitledSection: 'Untitled Section',
  untitledSubsection: 'Untitled Subsection',
  noSections: 'No sections available',
  disclaimer: 'Credence can make mistakes. Check important figures against the cited pages.',
  greeting: (product: string) => `How can ${product} help you today?`,
  noChats: 'No chats found.',
} as const;

export type ResearchModel = 'flash' | 'pro';
export type ChatCategory = 'companies-house' | 'equity-analysis' | 'restructuring';

/** The body of `POST /api/research/ask`. */
export interface ResearchAskRequest {
  query: string;
  company_number?: string;
  cik?: string;
  chat_id?: string;
  chat_key?: string;
  model?: ResearchModel;
  web_search_enabled?: boolean;
}

export type StepStatus = 'running' | 'done' | 'failed';
/** A plan step's state in the answer: 'pending' until its first `step` event. */
export type StepState = StepStatus | 'pending';

/** A box around a quote on a page, in PDF points from the page's top-left (OpenBB's quote boxes). */
export interface QuoteBox {
  page: number;
  x0: number;
  top: number;
  x1: number;
  bottom: number;
}

export type CitationKind = 'filing' | 'register' | 'upload' | 'web' | 'sec';

/**
 * Where a figure or statement came from. A document page ('filing', 'upload', 'sec') always
 * carries `page` and `quote` (the text on that page that holds the figure, as it reads there);
 * a register record carries `record` (what was read: "charges", "officers"...) and a `url` of the
 * page in the app that shows it.
 */
export interface ResearchCitation {
  /** "c1", "c2"... referenced from the answer text as `[^c1]`. */
  id: string;
  kind: CitationKind;
  /** The document's id (a filing's document id, an upload's id), or the register record's key. */
  document_id: string;
  /** What the reader sees: "Full accounts made up to 31/12/2024". */
  title: string;
  company_number?: string;
  pdf_name?: string;
  /** An upload's chat (fetch_pdf's chat_id), so the viewer can open the uploaded file. */
  chat_key?: string;
  page?: number;
  quote?: string;
  boxes?: QuoteBox[];
  url?: string;
  /** The register's section when kind is 'register': "charges", "officers", "pscs", "profile", "filings", "capital". */
  record?: string;
  /** False when the checker could not confirm the figure against its source: shown as unverified. */
  verified: boolean;
}

/** One line of a filing page as it reads, with the boxes of its pieces (PDF points from the page's top-left). */
export interface FilingPageLine {
  text: string;
  boxes: QuoteBox[];
}

/** `GET /api/research/page_text`: one page of the document get_filing_pdf serves, as lines. */
export interface FilingPageText {
  company_number: string;
  document_id: string;
  page: number;
  /** How many pages the document has. */
  pages: number;
  /** The filing's description: "Full accounts made up to 31/12/2024". */
  title: string;
  lines: FilingPageLine[];
}

export interface ResearchTable {
  id: string;
  title: string;
  headers: string[];
  rows: (string | number | null)[][];
  unit?: string;
  /** Citation ids backing the table's figures. */
  citations?: string[];
}

/** Spec 3 Source card. */
export interface ResearchSource {
  document_type: string;
  document_date: string | null;
  title: string;
  url: string | null;
  icon?: string;
}

/** Spec 3 registry section (registry mode "Key Findings"). */
export interface RegistryCitation {
  type: 'web' | 'filing';
  urls?: { uri: string; title: string }[];
  source?: { page_number: number; pdf_name: string; company_number?: string; quote?: string };
  /** The stream's citation id this one renders. */
  id?: string;
}

export interface RegistrySubsection {
  title: string;
  content: string;
  citations: RegistryCitation[];
}

export interface RegistrySection {
  section: string;
  content: string;
  citations: RegistryCitation[];
  subsections: RegistrySubsection[];
}

/** Spec 3 Tab. */
export interface ResearchTab {
  id: string;
  title: string;
  type: string;
  table?: { type: string; title: string; headers: string[]; rows: (string | number | null)[][] };
  chartData?: { year: number | string; revenue: number | null; netIncomeMargin: number | null; ebitdaMargin: number | null }[];
}

/** Which engine answered, and why another did not (a visible fall-back). */
export interface ResearchEngineInfo {
  engine: 'built-in' | 'model';
  model?: string;
  /** Set when a configured model failed and the built-in engine answered instead. */
  fallback_reason?: string;
}

/**
 * The stored answer (spec 3 Answer, plus what the stream carried): `text` is the markdown with
 * `[^cN]` markers; `sections` the registry-mode Key Findings built from it.
 */
export interface ResearchAnswer {
  text: string;
  sections: RegistrySection[];
  thoughtProcess: string[];
  /** Final status of each plan step (same order as thoughtProcess). */
  stepStatus: StepState[];
  tables: ResearchTable[];
  tabSet: ResearchTab[];
  sources: ResearchSource[];
  citations: ResearchCitation[];
  relatedQuestions: string[];
  error?: string;
  engine?: ResearchEngineInfo;
  /** Set when the data could not answer the question: what is missing. */
  declined?: { missing: string[] };
}

export type ResearchEvent =
  | { type: 'plan'; data: { steps: string[] } }
  | { type: 'step'; data: { index: number; status: StepStatus; detail?: string } }
  | { type: 'text'; data: { delta: string } }
  | { type: 'table'; data: ResearchTable }
  | { type: 'citation'; data: ResearchCitation }
  | { type: 'related'; data: { questions: string[] } }
  | { type: 'done'; data: { chat_id: string; answer: ResearchAnswer } }
  | { type: 'error'; data: { message: string } };

export type ResearchEventType = ResearchEvent['type'];

export const RESEARCH_EVENT_TYPES: readonly ResearchEventType[] = ['plan', 'step', 'text', 'table', 'citation', 'related', 'done', 'error'];

/** An event as it went over the wire, with its SSE id (resume point). */
export type ResearchStreamEvent = ResearchEvent & { id: string };

/** Spec 3 chat metadata. */
export interface ChatMetadata {
  cik?: string | null;
  company_id?: string | null;
  company_name?: string | null;
  model?: ResearchModel;
  isCurrentChatPDF?: boolean;
  chatPDFFileName?: string | null;
  /** A PDF chat's files (all the chat key's PDFs when its last answer was stored): its name in the lists. */
  chatPDFFileNames?: string[] | null;
  /** The key the chat's PDFs were uploaded with (a PDF chat; its id may differ). */
  chat_key?: string | null;
}

/** One question and its answer in a chat. */
export interface ChatDetail {
  /** The saved run's id: `restructuring/export_excel?run_id=` exports this run's table. */
  id: string;
  query_str: string;
  thought_process: string[];
  /** The whole answer as streamed. */
  observations: ResearchAnswer;
  table_data: ResearchTable[];
  created_at: string;
}

/** `POST create_chat_history` payload (spec 3 section 7). */
export interface CreateChatHistoryRequest {
  chat_id: string;
  query_str: string;
  table_data?: unknown;
  thought_process?: string[];
  observations?: unknown;
  chat_category?: string;
  chat_metadata?: ChatMetadataRequest;
}

/** The metadata a client sets; the server alone writes a PDF chat's file names and key (the API refuses them here). */
export type ChatMetadataRequest = Omit<ChatMetadata, 'chatPDFFileNames' | 'chat_key'>;

export interface CreateChatHistoryResponse {
  id: string;
  user_id: string;
  chat_metadata: ChatMetadata;
}

/**
 * `GET get_chat?chat_id=` (spec 3 "saved chat from server"): the chat's latest questions, oldest
 * first, as many as fit GET_CHAT_MAX_KB (always at least one). `earlier_before`, when set, is the id
 * to pass as `before` for the questions before them.
 */
export interface SavedChat {
  id: string;
  chat_id: string;
  user_id: string;
  chat_category: string;
  chat_metadata: ChatMetadata;
  details: ChatDetail[];
  table_data: ResearchTable[];
  created_at: string;
  updated_at: string;
  earlier_before?: string;
}

/** One entry of `GET get_chat_history`. */
export interface ChatHistoryItem {
  id: string;
  chat_id: string;
  user_id: string;
  query_str: string;
  chat_category: string;
  chat_metadata: ChatMetadata;
  created_at: string;
  updated_at: string;
}

export type JobStatusName = 'pending' | 'running' | 'completed' | 'failed';

/** `GET check_query?job_id=`. */
export interface CheckQueryResponse<T = unknown> {
  status: JobStatusName;
  result?: T;
  error?: string;
  /** While a job that reports progress runs (start_pdf_processing): how far it is. */
  progress?: Record<string, number>;
}

/** `GET delete_chat?chat_id=`. */
export interface DeleteChatResponse {
  status?: string;
  message?: string;
}

export interface JobStartedResponse {
  job_id: string;
}

/** `companies_house/generate_thought_process` body. */
export interface ThoughtProcessRequest {
  company_id?: string;
  company_name?: string;
  query: string;
  chat_id?: string;
  model?: ResearchModel;
}

export interface RunQueryRequest extends ThoughtProcessRequest {
  web_search_enabled?: boolean;
}

/** The result of a finished run_query job (spec 3: answer.observations and answer.table_data). */
export interface RunQueryResult {
  answer: { observations: RegistrySection[]; table_data: ResearchTable[]; text: string; citations: ResearchCitation[] };
  thought_process: string[];
  related_questions: string[];
}

/** `GET model_access_info`. */
export interface ModelAccessInfo {
  accessed_count: number;
  total_credits: number;
  /** False when the server has no language model configured (LLM_*): the built-in analyst answers whatever model is chosen. */
  model_configured?: boolean;
}

/** An empty answer: what a stream reduces from. */
export function emptyResearchAnswer(): ResearchAnswer {
  return {
    text: '',
    sections: [],
    thoughtProcess: [],
    stepStatus: [],
    tables: [],
    tabSet: [],
    sources: [],
    citations: [],
    relatedQuestions: [],
  };
}

/**
 * Folds one event into the answer: the one rule the API (to store what streamed), the web and the
 * terminal (to show it) all use. `done` replaces the answer with the stored one.
 */
export function reduceResearchAnswer(answer: ResearchAnswer, event: ResearchEvent): ResearchAnswer {
  switch (event.type) {
    case 'plan':
      return { ...answer, thoughtProcess: [...event.data.steps], stepStatus: event.data.steps.map(() => 'pending' as const) };
    case 'step': {
      const stepStatus = [...answer.stepStatus];
      stepStatus[event.data.index] = event.data.status;
      return { ...answer, stepStatus };
    }
    case 'text':
      return { ...answer, text: answer.text + event.data.delta };
    case 'table':
      return { ...answer, tables: [...answer.tables.filter((t) => t.id !== event.data.id), event.data] };
    case 'citation':
      return { ...answer, citations: [...answer.citations.filter((c) => c.id !== event.data.id), event.data] };
    case 'related':
      return { ...answer, relatedQuestions: [...event.data.questions] };
    case 'done':
      return event.data.answer;
    case 'error':
      return { ...answer, error: event.data.message };
  }
}

/** Plan validity (spec 3 sections 4 and 5): a non-empty list of strings without "error" or "failed". */
export function isValidPlan(plan: unknown): plan is string[] {
  return Array.isArray(plan) && plan.length > 0 && plan.every((s) => typeof s === 'string' && s.trim() !== '' && !/error|failed/i.test(s));
}

/**
 * The seed's three sample questions (spec 3 section 1: a summary sheet, a capital structure
 * analysis, a covenant summary), offered for any company: the built-in engine answers each from
 * the company's own data.
 */
export const RESEARCH_SAMPLE_QUESTIONS = ['Create a summary sheet', 'Capital structure analysis', 'Covenant summary'] as const;
