/**
 * US data insights (spec 3 /us/equity_analysis/data_insights, sections 4, 7 and 8): a free-text
 * query about one US company, answered in stages: 1 the thought process (the equity
 * thought-process call), 2 the relevant KPI tables (the table-selection job), 3 the observations
 * (the observations job), 4 done; the chat stored with create_chat_history under its chatKey. The
 * relevant tables are KPI tables of the company, shown from get_kpi_values_by_table_name, so each
 * figure opens its filing. Errors of the table and observation jobs are ignored and the stages go
 * on (spec 3 section 8); a saved chat is restored at stage 2. The observations' `[^cN]` markers
 * are numbered by the research chat's shared citation rule (each citation a filing tag opening in
 * /backlinker); the citations are saved with the chat's table data and restored with it.
 */
import type { ApiClient } from '../../client/api-client.js';
import { waitForJob } from '../../client/research-client.js';
import { isValidPlan, type ResearchCitation } from '../../contracts/research.js';
import { US_EQUITY_TEXTS, type UsCompany, type UsDocumentCategory, type UsKpiTable } from '../../contracts/us-equity.js';
import { citationFootnotes, citationIdsInText, type CitationFootnote } from '../../rules/research/citations.js';
import { isKpiTableName } from '../../rules/us/kpi-tables.js';
import { isAbort, serverText } from '../errors.js';
import { createLatestRequest } from '../latest-request.js';
import { createStore, type ReadableStore } from '../store.js';

export type DataInsightsStage = 0 | 1 | 2 | 3 | 4;

/** A relevant table: an entry of relevant_table_names, labelled by its first element. */
export interface RelevantTable {
  label: string;
  /** The KPI table it names, when it names one. */
  table_name: string | null;
  category: UsDocumentCategory;
}

export interface DataInsightsState {
  chatKey: string;
  company: UsCompany | null;
  input: string;
  query: string;
  stage: DataInsightsStage;
  thoughtProcess: readonly string[];
  /** Why the thought process failed (the server's text). */
  error: string | null;
  observations: readonly string[];
  /** The observations' citations (each a SEC filing tag) and their footnotes, numbered in order of first use. */
  citations: readonly ResearchCitation[];
  footnotes: readonly CitationFootnote[];
  tables: readonly RelevantTable[];
  /** The chosen relevant table (-1: none). */
  selected: number;
  table: UsKpiTable | null;
  tableStatus: 'idle' | 'loading' | 'ready' | 'error';
  tableError: string | null;
}

type Client = Pick<
  ApiClient,
  | 'usCompany'
  | 'usKpiTable'
  | 'usEquityThoughtProcess'
  | 'usEquitySelectTables'
  | 'usEquityObservations'
  | 'checkQuery'
  | 'getChat'
  | 'createChatHistory'
>;

export interface DataInsightsViewModel extends ReadableStore<DataInsightsState> {
  /** The chat of the address (a saved one is restored) and the company asked about. */
  open(chatKey: string, cik: string | null): void;
  setInput(text: string): void;
  setCompany(company: UsCompany): void;
  /** Runs the input's query through the stages. */
  run(): Promise<void>;
  selectTable(index: number): void;
  /** Clears everything to stage 0 under a new chat key (answered). */
  newQuery(): string;
  dispose(): void;
}

/** Each entry of relevant_table_names: a name, or a list whose first element is the name (then maybe its category). */
export function relevantTables(raw: unknown): RelevantTable[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry): RelevantTable[] => {
    const parts: unknown[] = Array.isArray(entry) ? entry : [entry];
    const label = parts[0];
    if (typeof label !== 'string' || !label.trim()) return [];
    const category = parts.includes('quarterly') ? 'quarterly' : 'annual';
    return [{ label, table_name: isKpiTableName(label) ? label : null, category }];
  });
}

const strings = (raw: unknown): string[] => (Array.isArray(raw) ? raw.filter((s): s is string => typeof s === 'string') : []);

const isCitation = (c: unknown): c is ResearchCitation =>
  typeof c === 'object' && c !== null && typeof (c as ResearchCitation).id === 'string' && typeof (c as ResearchCitation).kind === 'string';

/** The observations with their citations, and the footnotes of those the observations' markers use. */
export function citedObservations(observations: unknown, citations: unknown) {
  const texts = strings(observations);
  const cited = Array.isArray(citations) ? citations.filter(isCitation) : [];
  const text = texts.join('\n');
  const used = new Set(citationIdsInText(text));
  const footnotes = citationFootnotes({ text, citations: cited, tables: [] }).filter((f) => used.has(f.id));
  return { observations: texts, citations: cited, footnotes };
}

export function createDataInsightsViewModel({
  client,
  newChatKey = () => globalThis.crypto.randomUUID(),
}: {
  client: Client;
  newChatKey?: () => string;
}): DataInsightsViewModel {
  const blank = (chatKey: string, company: UsCompany | null): DataInsightsState => ({
    chatKey,
    company,
    input: '',
    query: '',
    stage: 0,
    thoughtProcess: [],
    error: null,
    observations: [],
    citations: [],
    footnotes: [],
    tables: [],
    selected: -1,
    table: null,
    tableStatus: 'idle',
    tableError: null,
  });
  const store = createStore<DataInsightsState>(blank(newChatKey(), null));
  const work = createLatestRequest();
  const tableRequest = createLatestRequest();
  const companyRequest = createLatestRequest();

  function loadCompany(cik: string) {
    if (store.getState().company?.cik_str === String(Number(cik))) return;
    const ticket = companyRequest.next();
    client
      .usCompany(cik, { signal: ticket.signal })
      .then((company) => ticket.isCurrent() && store.setState({ company }))
      .catch(() => undefined);
  }

  function selectTable(index: number) {
    const { tables, company } = store.getState();
    const entry = tables[index];
    store.setState({ selected: entry ? index : -1, table: null, tableError: null, tableStatus: 'idle' });
    if (!entry || !company) return;
    if (!entry.table_name)
      return store.setState({ tableStatus: 'error', tableError: `"${entry.label}" is not a KPI table of this company.` });
    const ticket = tableRequest.next();
    store.setState({ tableStatus: 'loading' });
    client
      .usKpiTable(company.cik_str, entry.table_name, entry.category, { signal: ticket.signal })
      .then((table) => ticket.isCurrent() && store.setState({ table, tableStatus: 'ready' }))
      .catch((error: unknown) => {
        if (!ticket.isCurrent() || isAbort(error)) return;
        store.setState({ tableStatus: 'error', tableError: serverText(error) ?? US_EQUITY_TEXTS.fetchFailed });
      });
  }

  async function restore(chatKey: string, signal: AbortSignal) {
    try {
      const chat = await client.getChat(chatKey, { signal });
      const detail = chat.details.at(-1) as unknown as Record<string, unknown> | undefined;
      if (!detail || store.getState().chatKey !== chatKey) return;
      const tableData = (detail.table_data ?? chat.table_data) as { relevant_table_names?: unknown; citations?: unknown } | null;
      store.setState({
        query: String(detail.query_str ?? ''),
        input: String(detail.query_str ?? ''),
        thoughtProcess: strings(detail.thought_process),
        ...citedObservations(detail.observations, tableData?.citations),
        tables: relevantTables(tableData?.relevant_table_names),
        stage: 2,
      });
      if (chat.chat_metadata?.cik) loadCompany(chat.chat_metadata.cik);
    } catch {
      // spec 3 section 8: a failed chat load is silent
    }
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    open(chatKey, cik) {
      const s = store.getState();
      if (cik) loadCompany(cik);
      if (s.chatKey === chatKey) return;
      work.cancel();
      store.setState(blank(chatKey, s.company));
      void restore(chatKey, work.next().signal);
    },
    setInput: (input) => store.setState({ input }),
    setCompany(company) {
      companyRequest.cancel();
      store.setState({ company });
    },
    async run() {
      const { input, company, chatKey } = store.getState();
      const query = input.trim();
      if (!query || !company) return;
      const ticket = work.next();
      const signal = ticket.signal;
      const companyId = company.cik_str;
      store.setState({ ...blank(chatKey, company), input, query, stage: 1 });
      try {
        const { thought_process } = await client.usEquityThoughtProcess(companyId, query, { signal });
        if (!ticket.isCurrent()) return;
        if (!isValidPlan(thought_process)) throw new Error('Could not generate specific thought process');
        store.setState({ thoughtProcess: thought_process, stage: 2 });
      } catch (error) {
        if (!ticket.isCurrent() || isAbort(error)) return;
        return store.setState({ stage: 0, error: serverText(error) ?? US_EQUITY_TEXTS.fetchFailed });
      }
      const request = { company_id: companyId, query, chat_id: chatKey };
      let names: unknown = [];
      try {
        const { job_id } = await client.usEquitySelectTables(request, { signal });
        const result = await waitForJob<{ relevant_table_names?: unknown }>(client, job_id, { signal });
        names = result?.relevant_table_names ?? [];
      } catch (error) {
        if (!ticket.isCurrent() || isAbort(error)) return;
      }
      if (!ticket.isCurrent()) return;
      store.setState({ tables: relevantTables(names), stage: 3 });
      if (store.getState().tables.length > 0) selectTable(0);
      try {
        const { job_id } = await client.usEquityObservations(request, { signal });
        const result = await waitForJob<{ observations?: unknown; citations?: unknown }>(client, job_id, { signal });
        if (ticket.isCurrent()) store.setState(citedObservations(result?.observations, result?.citations));
      } catch (error) {
        if (!ticket.isCurrent() || isAbort(error)) return;
      }
      if (!ticket.isCurrent()) return;
      store.setState({ stage: 4 });
      const s = store.getState();
      await client
        .createChatHistory({
          chat_id: chatKey,
          query_str: query,
          thought_process: [...s.thoughtProcess],
          observations: [...s.observations],
          table_data: { relevant_table_names: s.tables.map((t) => [t.label, t.category]), citations: [...s.citations] },
          chat_category: 'equity-analysis',
          chat_metadata: { cik: companyId, company_name: company.title },
        })
        .catch(() => undefined);
    },
    selectTable,
    newQuery() {
      work.cancel();
      tableRequest.cancel();
      const chatKey = newChatKey();
      store.setState(blank(chatKey, store.getState().company));
      return chatKey;
    },
    dispose() {
      work.cancel();
      tableRequest.cancel();
      companyRequest.cancel();
    },
  };
}
