/**
 * A company's filings (spec 2 2.4 sidebar, 2.10): grouped by category (A-Z), newest first in each,
 * each with the sidebar label "category: date - description" cut at 30 characters.
 */
import type { ApiClient } from '../../client/api-client.js';
import type { FilingListItem, FilingsByCategory } from '../../contracts/uk-companies.js';
import { describeFiling } from '../../rules/filing-descriptions.js';
import { formatDate } from '../../rules/uk/dates.js';
import { filingLabel, LABEL_LENGTHS, sortFilingsForList, truncateLabel } from '../../rules/uk/format.js';
import { errorStatus, isAbort } from '../errors.js';
import { createLatestRequest } from '../latest-request.js';
import { clampIndex, moveIndex } from '../selection.js';
import { createStore, type ReadableStore } from '../store.js';

export const FILINGS_TEXTS = {
  failed: 'Failed to load filings.',
  empty: 'No filings found for this company.',
  notFound: (companyNumber: string) => `Company with number ${companyNumber} not found.`,
} as const;

export interface FilingEntry {
  filing: FilingListItem;
  /** The description in words (long_description, else worded from the key). */
  description: string;
  /** The sidebar label: "category: date - description", cut at 30 characters plus "...". */
  label: string;
  /**
   * The label under its category's heading: "date - description", cut at 30 characters plus
   * "...". The heading already names the category, so the characters go to the date and words.
   */
  datedLabel: string;
  /** Position in the flat list (the selection index). */
  index: number;
}

export interface FilingGroup {
  category: string;
  entries: readonly FilingEntry[];
}

export interface FilingsState {
  companyNumber: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  groups: readonly FilingGroup[];
  /** Every entry in display order (groups flattened). */
  entries: readonly FilingEntry[];
  selectedIndex: number;
  /** The empty or error text to show instead of the list; null when there are rows. */
  message: string | null;
}

/** The words of a filing: its long description, else its key worded by the shared templates. */
export function filingDescription(filing: FilingListItem): string {
  return filing.long_description || describeFiling(filing.description ?? '', filing.description_values ?? {});
}

/** The file name get_filing_pdf takes for a filing (document id plus ".pdf"), or null without a document. */
export function filingDocumentFileName(filing: Pick<FilingListItem, 'document_id'>): string | null {
  return filing.document_id ? `${filing.document_id}.pdf` : null;
}

/** Groups by category name A-Z, newest first inside each (undated last), and labels each filing. */
export function groupFilings(byCategory: FilingsByCategory, now: Date = new Date()): FilingGroup[] {
  const all = Object.entries(byCategory ?? {}).flatMap(([category, filings]) =>
    (filings ?? []).map((filing) => ({ ...filing, category: filing.category || category })),
  );
  const groups: FilingGroup[] = [];
  let index = 0;
  for (const filing of sortFilingsForList(all)) {
    const description = filingDescription(filing);
    const entry: FilingEntry = {
      filing,
      description,
      label: filingLabel({ category: filing.category, date: filing.date, description }, now),
      datedLabel: truncateLabel(`${formatDate(filing.date, now)} - ${description}`, LABEL_LENGTHS.filing),
      index: index++,
    };
    const last = groups.at(-1);
    if (last && last.category === filing.category) (last.entries as FilingEntry[]).push(entry);
    else groups.push({ category: filing.category, entries: [entry] });
  }
  return groups;
}

export interface FilingsViewModelOptions {
  client: Pick<ApiClient, 'filings'>;
  /** The clock for date labels (tests fix it). */
  now?: () => Date;
}

export interface FilingsViewModel extends ReadableStore<FilingsState> {
  /** Loads a company's filings (again when already loaded: pass force). */
  load(companyNumber: string, options?: { force?: boolean }): void;
  retry(): void;
  moveSelection(delta: number): void;
  select(index: number): void;
  /** Selects the filing with this transaction id (the web's `filing` address parameter); false when absent. */
  selectTransaction(transactionId: string): boolean;
  selected(): FilingEntry | null;
  /** Forgets the company (the explorer's "clear selection"). */
  reset(): void;
  dispose(): void;
}

const INITIAL: FilingsState = {
  companyNumber: null,
  status: 'idle',
  error: null,
  groups: [],
  entries: [],
  selectedIndex: -1,
  message: null,
};

export function createFilingsViewModel(options: FilingsViewModelOptions): FilingsViewModel {
  const store = createStore<FilingsState>(INITIAL);
  const latest = createLatestRequest();
  const now = options.now ?? (() => new Date());

  function load(companyNumber: string, force = false) {
    const state = store.getState();
    if (!force && state.companyNumber === companyNumber && (state.status === 'ready' || state.status === 'loading')) return;
    const ticket = latest.next();
    const sameCompany = state.companyNumber === companyNumber;
    store.setState(sameCompany ? { status: 'loading', error: null } : { ...INITIAL, companyNumber, status: 'loading' });
    options.client.filings(companyNumber, { signal: ticket.signal }).then(
      (byCategory) => {
        if (!ticket.isCurrent()) return;
        const groups = groupFilings(byCategory, now());
        const entries = groups.flatMap((g) => g.entries);
        const selectedIndex = clampIndex(
          sameCompany && store.getState().selectedIndex >= 0 ? store.getState().selectedIndex : 0,
          entries.length,
        );
        store.setState({
          status: 'ready',
          error: null,
          groups,
          entries,
          selectedIndex,
          message: entries.length ? null : FILINGS_TEXTS.empty,
        });
      },
      (error) => {
        if (!ticket.isCurrent() || isAbort(error)) return;
        const text = errorStatus(error) === 404 ? FILINGS_TEXTS.notFound(companyNumber) : FILINGS_TEXTS.failed;
        store.setState({ status: 'error', error: text, message: text });
      },
    );
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    load: (companyNumber, opts) => load(companyNumber, opts?.force ?? false),
    retry() {
      const { companyNumber } = store.getState();
      if (companyNumber) load(companyNumber, true);
    },
    moveSelection(delta) {
      const { selectedIndex, entries } = store.getState();
      store.setState({ selectedIndex: moveIndex(selectedIndex, delta, entries.length) });
    },
    select(index) {
      store.setState({ selectedIndex: clampIndex(index, store.getState().entries.length) });
    },
    selectTransaction(transactionId) {
      const entry = store.getState().entries.find((e) => e.filing.transaction_id === transactionId);
      if (entry) store.setState({ selectedIndex: entry.index });
      return entry !== undefined;
    },
    selected() {
      const { entries, selectedIndex } = store.getState();
      return entries[selectedIndex] ?? null;
    },
    reset() {
      latest.cancel();
      store.setState(INITIAL);
    },
    dispose() {
      latest.cancel();
      if (store.getState().status === 'loading') store.setState({ status: 'idle' });
    },
  };
}
