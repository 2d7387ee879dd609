/**
 * A log search as a stream, as one framework-free view model (issue 28 §4, issue 25 §4): matches
 * go into the live watch's view as they are found, the bytes scanned are said while it runs,
 * cancel() (and another file, or leaving) stops it on the server, and its end is said by the
 * shared rule, truncation included. An empty pattern, no match and a failure are said as `error`.
 */
import type { LogFileRef, OpsApi } from '../../client/ops-client.js';
import { OPS_TEXTS } from '../../contracts/ops-texts.js';
import { searchEndText, searchProgressText } from '../../rules/ops/view.js';
import { createLatestRequest } from '../latest-request.js';
import { createStore, type ReadableStore } from '../store.js';
import { opsErrorText, type LiveWatchViewModel } from './live-watch.js';

export interface LogSearchState {
  /** "scanned 45% (90.00 MB of 200.00 MB)" while it runs ("starting" before the first count), else null. */
  progress: string | null;
  running: boolean;
  /** Its end when more matched than shown (the truncation stated), else null. */
  truncation: string | null;
  /** The pattern the lines shown matched (what a view highlights). */
  pattern: string;
  error: string | null;
}

export interface LogSearchOptions {
  client: Pick<OpsApi, 'opsSearchStream'>;
  /** Where the matches are shown (its lines are replaced by them). */
  live: Pick<LiveWatchViewModel, 'replaceLines' | 'appendLines'>;
  failureText?: (prefix: string, error: unknown) => string;
}

export interface LogSearchViewModel extends ReadableStore<LogSearchState> {
  /** Searches `file` for `pattern` (literal, any case); resolves when it ends. */
  run(file: LogFileRef, pattern: string): Promise<void>;
  cancel(): void;
  /** Other lines are shown: the last search's truncation and words no longer apply. */
  clear(): void;
  start(): void;
  dispose(): void;
}

const IDLE: LogSearchState = { progress: null, running: false, truncation: null, pattern: '', error: null };

export function createLogSearchViewModel(options: LogSearchOptions): LogSearchViewModel {
  const { client, live } = options;
  const failureText = options.failureText ?? opsErrorText;
  const store = createStore<LogSearchState>(IDLE);
  const request = createLatestRequest();
  let disposed = false;
  const set = (update: Partial<LogSearchState>): void => {
    if (!disposed) store.setState(update);
  };

  async function run(file: LogFileRef, pattern: string) {
    if (pattern.trim() === '') return set({ error: OPS_TEXTS.patternRequired });
    const ticket = request.next();
    set({ running: true, truncation: null, progress: 'starting', pattern, error: null });
    live.replaceLines([]);
    try {
      // matches shown as they are found; the bounded buffer holds the 1,000 a search streams at most
      const end = await client.opsSearchStream(
        { ...file, pattern },
        {
          signal: ticket.signal,
          onEvent: (event) => {
            if (!ticket.isCurrent()) return;
            if (event.type === 'match') live.appendLines([{ text: event.data.line, lineNumber: event.data.line_number }]);
            else if (event.type === 'progress') set({ progress: searchProgressText(event.data.scanned_bytes, event.data.total_bytes) });
          },
        },
      );
      if (!ticket.isCurrent()) return;
      if (end.truncated) set({ truncation: searchEndText(end) });
      if (end.matched === 0) set({ error: `No lines contain "${pattern}".` });
    } catch (error) {
      if (ticket.isCurrent()) set({ error: failureText(OPS_TEXTS.searchFailed, error) });
    } finally {
      if (ticket.isCurrent()) set({ running: false, progress: null });
    }
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    run,
    cancel() {
      request.cancel();
      set({ running: false, progress: null });
    },
    clear: () => set({ truncation: null, pattern: '', error: null }),
    start() {
      disposed = false;
    },
    dispose() {
      request.cancel();
      store.setState({ running: false, progress: null });
      disposed = true;
    },
  };
}
