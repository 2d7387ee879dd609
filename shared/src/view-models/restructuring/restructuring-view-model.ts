/**
 * The Capital Restructuring workspace (spec 3 /us/restructuring, sections 3 to 5) without a
 * framework: the chat of the address, its uploaded documents, the History lists, the chips of its
 * saved runs, the query with its focus area, a run (plan, start_query, poll, save) with its stage,
 * Add Column and Edit Columns (a run again with the plan shown), the run shown, Export and the
 * error modal's text. The web page renders it; `credence restructure` runs the same flow once and
 * words its stages and errors with the pure parts here.
 */
import type { ApiClient } from '../../client/api-client.js';
import { RestructuringError, runRestructuringQuery, type RestructuringStage } from '../../client/restructuring-client.js';
import type { ChatDetail, ChatHistoryItem } from '../../contracts/research.js';
import { DOCUMENT_TEXTS, type UploadedPdf } from '../../contracts/documents.js';
import { RESTRUCTURING_TEXTS, type WorkflowCategory } from '../../contracts/restructuring.js';
import { restructuringRunOf, type SavedRestructuringRun } from '../../rules/research/restructuring.js';
import { isAbort } from '../errors.js';
import { createLatestRequest } from '../latest-request.js';
import { createStore, type ReadableStore } from '../store.js';

/** Nothing shown yet: a new chat, or one whose runs are still loading. */
export const EMPTY_RESTRUCTURING_RUN: SavedRestructuringRun = { query: '', plan: [], observations: [], table: null };

/** What a run is doing, in the words both the page and `credence restructure` show. */
export const RESTRUCTURING_STAGE_TEXTS: Record<RestructuringStage, string> = {
  plan: 'planned: reading the documents',
  query: 'building the table…',
  save: 'saving the chat',
};

/** The error modal's text for a failed call: the step's words (RestructuringError), else "An unexpected error occurred". */
export function restructuringErrorText(error: unknown): string {
  if (error instanceof RestructuringError) return error.message;
  return RESTRUCTURING_TEXTS.unexpected((error as Error | undefined)?.message ?? String(error));
}

/** The workspace's documents in one line: "a.pdf (3 pages) · b.pdf (12 pages)". */
export function uploadedFilesText(files: readonly UploadedPdf[]): string {
  return files.length ? files.map((f) => `${f.file_name} (${f.pages} pages)`).join(' · ') : 'No files uploaded yet.';
}

/** The chat's runs for the chips, most recent first, one per query (its latest run; case and spacing ignored). */
export function chipRuns(details: readonly ChatDetail[]): SavedRestructuringRun[] {
  const seen = new Set<string>();
  const runs: SavedRestructuringRun[] = [];
  for (const detail of [...details].reverse()) {
    const key = detail.query_str.replace(/\s+/g, ' ').trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    runs.push(restructuringRunOf(detail));
  }
  return runs;
}

export interface RestructuringState {
  chatKey: string;
  /** The query bar's text. */
  query: string;
  category: WorkflowCategory;
  /** The run shown: observations, thought process and table (a chip's saved run, or the one just made). */
  shown: SavedRestructuringRun;
  /** The chips: this chat's saved runs. */
  runs: readonly SavedRestructuringRun[];
  /** Every chat of the user, for the History lists. */
  history: readonly ChatHistoryItem[];
  files: readonly UploadedPdf[];
  running: boolean;
  /** The running query's step (null when none runs). */
  stage: RestructuringStage | null;
  exporting: boolean;
  /** The error modal's text. */
  error: string | null;
}

type Client = Pick<
  ApiClient,
  | 'restructuringPlan'
  | 'startQuery'
  | 'checkQuery'
  | 'createChatHistory'
  | 'getChat'
  | 'getChatHistory'
  | 'deleteChat'
  | 'fetchPdfList'
  | 'restructuringExcel'
>;

export interface RestructuringViewModel extends ReadableStore<RestructuringState> {
  /** The chat of the address: its documents, its runs (the latest shown) and the History lists. */
  open(chatKey: string): void;
  setQuery(query: string): void;
  setCategory(category: WorkflowCategory): void;
  /** Runs the query bar's text (nothing when it is blank or a run is going). */
  submit(): Promise<void>;
  /** Add Column: the run shown again with one more column (a name checked by `checkColumnName`). */
  addColumn(name: string): Promise<void>;
  /** Edit Columns: the run shown again with these columns. */
  setColumns(columns: readonly string[]): Promise<void>;
  /** A chip: shows that saved run and puts its query in the bar. */
  pick(run: SavedRestructuringRun): void;
  /** After an upload: the workspace's documents again. */
  refreshFiles(): void;
  /** Deletes a chat (spec 3 section 4): true when it went, and it leaves the History lists. */
  deleteChat(chat: ChatHistoryItem): Promise<boolean>;
  /** The run shown as an xlsx file (its id, or the chat's latest for a run just made); null when it failed. */
  exportExcel(): Promise<{ bytes: Uint8Array; fileName: string } | null>;
  closeError(): void;
  dispose(): void;
}

export function createRestructuringViewModel({ client, pollMs }: { client: Client; pollMs?: number }): RestructuringViewModel {
  const store = createStore<RestructuringState>({
    chatKey: '',
    query: '',
    category: 'restructuring',
    shown: EMPTY_RESTRUCTURING_RUN,
    runs: [],
    history: [],
    files: [],
    running: false,
    stage: null,
    exporting: false,
    error: null,
  });
  const chatLoad = createLatestRequest();
  const filesLoad = createLatestRequest();
  const historyLoad = createLatestRequest();
  const runRequest = createLatestRequest();
  const fail = (error: string) => store.setState({ error });

  function refreshFiles() {
    const { chatKey } = store.getState();
    if (!chatKey) return;
    const ticket = filesLoad.next();
    client.fetchPdfList(chatKey, { signal: ticket.signal }).then(
      (files) => ticket.isCurrent() && store.setState({ files }),
      (error: unknown) => ticket.isCurrent() && !isAbort(error) && fail(DOCUMENT_TEXTS.listFailed),
    );
  }

  function refreshHistory() {
    const ticket = historyLoad.next();
    client.getChatHistory({ signal: ticket.signal }).then(
      (history) => ticket.isCurrent() && store.setState({ history }),
      (error: unknown) => ticket.isCurrent() && !isAbort(error) && fail(RESTRUCTURING_TEXTS.historyFailed),
    );
  }

  /** The chat's saved runs become the chips; on opening a chat its latest run is shown. */
  async function loadRuns(showLatest: boolean): Promise<void> {
    const ticket = chatLoad.next();
    const chat = await client.getChat(store.getState().chatKey, { signal: ticket.signal });
    if (!ticket.isCurrent()) return;
    const last = chat.details.at(-1);
    store.setState({ runs: chipRuns(chat.details) });
    if (showLatest && last) store.setState({ shown: restructuringRunOf(last), query: last.query_str });
  }

  async function run(text: string, columns?: readonly string[]): Promise<void> {
    const { chatKey, category, shown } = store.getState();
    const ticket = runRequest.next();
    store.setState({ running: true, stage: null });
    try {
      const result = await runRestructuringQuery(client, {
        query: text,
        chatKey,
        category,
        columns,
        plan: columns ? shown.plan : undefined,
        signal: ticket.signal,
        pollMs,
        onStage: (stage, detail) => {
          if (!ticket.isCurrent()) return;
          store.setState({ stage });
          if (stage === 'plan' && detail) store.setState((s) => ({ shown: { ...s.shown, query: text, plan: detail.plan } }));
        },
      });
      if (!ticket.isCurrent()) return;
      store.setState({ shown: { query: text, plan: result.thought_process, observations: result.observations, table: result.table_data } });
      refreshHistory();
      loadRuns(false).catch((error: unknown) => !isAbort(error) && fail(RESTRUCTURING_TEXTS.historyFailed));
    } catch (error) {
      if (ticket.isCurrent() && !isAbort(error)) fail(restructuringErrorText(error));
    } finally {
      if (ticket.isCurrent()) store.setState({ running: false, stage: null });
    }
  }

  /** The query a column change re-runs: the run shown's, else the bar's. */
  const shownQuery = () => store.getState().shown.query || store.getState().query.trim();

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    open(chatKey) {
      if (!chatKey || chatKey === store.getState().chatKey) return;
      runRequest.cancel();
      store.setState({ chatKey, shown: EMPTY_RESTRUCTURING_RUN, runs: [], files: [], running: false, stage: null });
      refreshFiles();
      refreshHistory();
      loadRuns(true).catch(() => undefined); // a new chat has nothing saved yet
    },
    setQuery: (query) => store.setState({ query }),
    setCategory: (category) => store.setState({ category }),
    async submit() {
      const { query, running } = store.getState();
      if (!query.trim() || running) return;
      await run(query.trim());
    },
    addColumn: (name) => run(shownQuery(), [...(store.getState().shown.table?.columns ?? []), name]),
    setColumns: (columns) => run(shownQuery(), columns),
    pick: (saved) => store.setState({ shown: saved, query: saved.query }),
    refreshFiles,
    async deleteChat(chat) {
      try {
        await client.deleteChat(chat.chat_id);
        store.setState((s) => ({ history: s.history.filter((c) => c.chat_id !== chat.chat_id) }));
        return true;
      } catch (error) {
        fail(restructuringErrorText(error));
        return false;
      }
    },
    async exportExcel() {
      const { chatKey, shown } = store.getState();
      store.setState({ exporting: true });
      try {
        return await client.restructuringExcel(chatKey, { runId: shown.runId });
      } catch (error) {
        fail(restructuringErrorText(error));
        return null;
      } finally {
        store.setState({ exporting: false });
      }
    },
    closeError: () => store.setState({ error: null }),
    dispose() {
      for (const request of [chatLoad, filesLoad, historyLoad, runRequest]) request.cancel();
      store.setState({ chatKey: '', running: false, stage: null });
    },
  };
}
