/**
 * The restructuring workspace (spec 3 "/us/restructuring", sections 4, 5, 7, 8 and 9): a plan, a
 * job that reads the workspace's PDFs into a table whose columns are the plan's chosen fields,
 * each cell cited to a page, observations, and the Excel export.
 */

/** Routes relative to /api (spec 3 section 7; the export is named here, the spec leaves it unnamed). */
export const RESTRUCTURING_ROUTES = {
  /** GET: `query`, `chat_id` (the workspace's chat key), `workflow_category`: `{thought_process}`. */
  generateThoughtProcess: 'generate_thought_process',
  /** POST: `query`, `thoughts`, `chat_key`, `workflow_category`: `{data: {job_id}}`; poll check_query. */
  startQuery: 'start_query',
  /**
   * GET: `chat_id`, optional `run_id` (a saved run's `id` from get_chat's details): that run's
   * table as xlsx (sheets "Table" and "Observations"); without `run_id`, the chat's latest table.
   */
  exportExcel: 'restructuring/export_excel',
} as const;

/** The workflows a restructuring query runs under (spec 3: the active focus areas). */
export const WORKFLOW_CATEGORIES = ['restructuring', 'private_credit'] as const;
export type WorkflowCategory = (typeof WORKFLOW_CATEGORIES)[number];

/** Spec 3 section 4: the focus areas and which of them are active. */
export const FOCUS_AREAS: readonly { id: string; label: string; active: boolean }[] = [
  { id: 'restructuring', label: 'Restructuring', active: true },
  { id: 'private_credit', label: 'Private Credit', active: true },
  { id: 'performing_credit', label: 'Performing Credit', active: false },
  { id: 'high_yield', label: 'High Yield', active: false },
  { id: 'structured_credit', label: 'Structured Credit', active: false },
  { id: 'real_estate_financing', label: 'Real Estate Financing', active: false },
];

/** The columns a credit analyst expects from credit documents (the plan lists them unless the user chose). */
export const DEFAULT_RESTRUCTURING_COLUMNS: readonly string[] = [
  'Instrument / Facility',
  'Borrower / Issuer',
  'Lenders / Agent',
  'Amount',
  'Margin / Coupon',
  'Maturity',
  'Security',
  'Financial Covenants',
  'Ranking',
];

/** A table cell: what the documents say, and the page it was read on (null when not found). */
export interface RestructuringCell {
  text: string;
  pdf_file_name: string | null;
  pageNumber: number | null;
  /** The uploaded document's id (pdf_page_text) and the line quoted, for highlighting. */
  document_id?: string;
  quote?: string;
}

export type RestructuringRow = Record<string, RestructuringCell>;

export interface RestructuringTable {
  table_title: string;
  columns: string[];
  /** One row per instrument or facility found, keyed by column. */
  rows: RestructuringRow[];
}

export interface RestructuringObservation {
  title: string;
  details: string;
}

/** The start_query job's result (check_query `result`). */
export interface RestructuringResult {
  thought_process: string[];
  observations: RestructuringObservation[];
  table_data: RestructuringTable;
  chat_key: string;
  workflow_category: WorkflowCategory;
  engine: 'built-in' | 'model';
}

export interface RestructuringPlanResponse {
  thought_process: string[];
}

export interface StartQueryRequest {
  query: string;
  thoughts: string[];
  chat_key: string;
  workflow_category: WorkflowCategory;
}

export interface StartQueryResponse {
  job_id: string;
  data: { job_id: string };
}

/** Spec 3 sections 4, 5, 8 and 9: what the user reads. */
export const RESTRUCTURING_TEXTS = {
  title: 'Capital Restructuring',
  loading: 'Gathering relevant data.. Building Tables...',
  errorTitle: 'Error',
  thoughtProcessFailed: (m: string) => `Fetching thought process failed: ${m}`,
  startFailed: (m: string) => `Starting query failed: ${m}`,
  tableFailed: (m: string) => `Fetching table data failed: ${m}`,
  saveFailed: (m: string) => `Saving chat history failed: ${m}`,
  unexpected: (m: string) => `An unexpected error occurred: ${m}`,
  historyFailed: 'Failed to load chat history',
  queryFailed: (m: string) => `Query processing failed: ${m}`,
  columnEmpty: 'Column name cannot be empty.',
  columnExists: 'Column name already exists.',
  /** Ours: the plan lists columns as "[a, b]", so a name cannot hold those characters. */
  columnCharacters: 'Column name cannot contain commas or square brackets.',
  columnTooLong: (max: number) => `Column name must be at most ${max} characters.`,
  tooManyColumns: (max: number) => `A table has at most ${max} columns.`,
  notFound: 'Not found in the documents',
  noDocuments: 'No documents in this workspace: upload PDFs first.',
  defaultTableTitle: 'Research Data',
  queryRequired: 'Type a query first.',
} as const;

export const RESTRUCTURING_CONSTANTS = {
  /** Upload progress is held here until the server answers (spec 3 section 4), moving once a second. */
  uploadProgressCap: 90,
  uploadTickMs: 1000,
  errorAutoCloseMs: 30_000,
  maxColumns: 20,
  columnMaxLength: 60,
  /** Restructuring navigation cuts chat titles at 30 characters. */
  navTitleMax: 30,
  exportSheets: { table: 'Table', observations: 'Observations' },
} as const;
