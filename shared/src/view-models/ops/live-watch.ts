/**
 * A live log watch as one framework-free view model (issue 25 §4, issue 28 §1-§2): the web's log
 * viewer and the terminal's ops screen render it, neither keeps its own copy of these rules.
 *
 * - One or several sources (files, on one or several instances) in one view: each line keeps its
 *   source, and a merged view prefixes it with the source's label in a colour of its own that
 *   stays the same for that label (as stern).
 * - The last lines first (`show`), then every new one (`follow`): each source follows on its own
 *   (the client reconnects with capped, jittered backoff and resumes after the last line it saw,
 *   by Last-Event-ID); one source that fails or ends says so in its state, the others go on.
 * - Pause freezes what is shown while the buffer keeps filling and counts what came meanwhile;
 *   resume shows it and follows again. The buffer keeps the newest `bufferLines`.
 * - Include and exclude filters (literal, or /regex/ in RE2) are applied by the server, to the
 *   last lines and to every new one; changing them while following starts again with them.
 *
 * Views read getState() (or `useViewModel(model)` from "@credence/shared/react") and call the
 * actions; `watchStatusText` and `sourceColour` are the words and colours both views show.
 */
import type { LogFileRef, OpsApi } from '../../client/ops-client.js';
import type { ReconnectClock, ReconnectPolicy } from '../../client/reconnect.js';
import { ApiError } from '../../client/errors.js';
import { OPS_TEXTS } from '../../contracts/ops-texts.js';
import { appendBounded, LIVE_BUFFER_LINES, logWatchView, opsFailureText, type BoundedLines } from '../../rules/ops/view.js';
import { createStore, type ReadableStore } from '../store.js';

/** One followed file: where it is, and how the view names it. */
export interface WatchSource {
  instance_id: string;
  path: string;
  region?: string;
  /** Shown before each line of a merged view (default: the path, with the instance when sources span instances). */
  label?: string;
}

export interface WatchLine {
  key: number;
  text: string;
  /** A note from the watch (rotation, truncation, skipped bytes, a line cut), not a line of the file. */
  marker?: boolean;
  lineNumber?: number;
  /** Index into `sources` (merged views prefix the line with it). */
  source?: number;
}

/** loading: its last lines are being read; live: following; reconnecting: its connection is being made again; ended / failed: no more lines. */
export type SourceStatus = 'idle' | 'loading' | 'live' | 'reconnecting' | 'ended' | 'failed';

export interface SourceState {
  label: string;
  /** Index into SOURCE_COLOURS, from the label (stable across views and runs). */
  colour: number;
  status: SourceStatus;
  /** What the view says about it (a reconnect, its failure), or null. */
  text: string | null;
  /** The file's size when its last lines were read. */
  size?: number;
}

export interface WatchFilters {
  include: string;
  exclude: string;
}

export interface LiveWatchState {
  /** The buffer: the newest lines of every source, in the order they came. */
  lines: BoundedLines<WatchLine>;
  /** What to show: the buffer, or while paused the lines as they were when it paused. */
  shown: BoundedLines<WatchLine>;
  sources: readonly SourceState[];
  /** Any source follows (live or reconnecting). */
  watching: boolean;
  loading: boolean;
  paused: boolean;
  /** Lines that came since it paused. */
  arrived: number;
  filters: WatchFilters;
  /** An error that ended it, or a note (reconnecting, reconnected), for the whole view. */
  notice: { tone: 'error' | 'info'; text: string } | null;
}

type WatchClient = Pick<OpsApi, 'opsTail' | 'watchLog'>;

export interface LiveWatchOptions {
  client: WatchClient;
  bufferLines?: number;
  reconnect?: Partial<ReconnectPolicy>;
  clock?: ReconnectClock;
  /** "Failed to fetch log content: ..." as the view words a failure (default: the shared wording). */
  failureText?: (prefix: string, error: unknown) => string;
}

export interface LiveWatchViewModel extends ReadableStore<LiveWatchState> {
  /** The sources to show, and the filters if given (a new set closes any watch and empties the buffer). */
  setSources(sources: readonly WatchSource[], filters?: Partial<WatchFilters>): void;
  /** The last `lines` of each source (stops following); answers whether at least one could be read. */
  show(lines: number): Promise<boolean>;
  /** The last `lines`, then every new line of each source. */
  follow(lines: number): Promise<void>;
  stop(): void;
  pause(): void;
  resume(): void;
  togglePause(): void;
  /** New include / exclude filters: read again with them (following again if it was). */
  setFilters(filters: Partial<WatchFilters>, lines: number): Promise<void>;
  /** Puts other lines in the view (a search's matches), closing the watch. */
  replaceLines(lines: readonly Omit<WatchLine, 'key'>[]): void;
  appendLines(lines: readonly Omit<WatchLine, 'key'>[]): void;
  /** After dispose(): usable again (React StrictMode mounts twice). */
  start(): void;
  dispose(): void;
}

/** The colours a source may take (the views map them to their own styles). */
export const SOURCE_COLOURS = ['cyan', 'green', 'yellow', 'magenta', 'blue', 'red'] as const;
export type SourceColour = (typeof SOURCE_COLOURS)[number];

/** A label's colour, the same every time (FNV-1a over the label, as stern hashes a pod's name). */
export function sourceColour(label: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193) >>> 0;
  return hash % SOURCE_COLOURS.length;
}

/** Labels: the paths, with their instance when the sources are on more than one. */
export function sourceLabels(sources: readonly WatchSource[]): string[] {
  const instances = new Set(sources.map((s) => s.instance_id));
  return sources.map((s) => s.label ?? (instances.size > 1 ? `${s.instance_id}:${s.path}` : s.path));
}

const EMPTY: BoundedLines<WatchLine> = { lines: [], dropped: 0 };

export const LIVE_WATCH_INITIAL: LiveWatchState = {
  lines: EMPTY,
  shown: EMPTY,
  sources: [],
  watching: false,
  loading: false,
  paused: false,
  arrived: 0,
  filters: { include: '', exclude: '' },
  notice: null,
};

/** A failure in the shared words: a 403's own text, "the API is unreachable", else the server's error. */
export const opsErrorText = (prefix: string, error: unknown) =>
  error instanceof ApiError
    ? error.status === 403
      ? error.error
      : opsFailureText(prefix, error.status === 0 ? 'the API is unreachable' : error.error || error.statusText)
    : opsFailureText(prefix, (error as Error)?.message);

export function createLiveWatchViewModel(options: LiveWatchOptions): LiveWatchViewModel {
  const { client } = options;
  const failureText = options.failureText ?? opsErrorText;
  const max = options.bufferLines ?? LIVE_BUFFER_LINES;
  const store = createStore<LiveWatchState>(LIVE_WATCH_INITIAL);
  let refs: WatchSource[] = [];
  let run: AbortController | null = null;
  let nextKey = 0;
  let disposed = false;

  const set = (update: Partial<LiveWatchState> | ((s: LiveWatchState) => Partial<LiveWatchState>)) => {
    if (disposed) return;
    store.setState((s) => {
      const next = { ...s, ...(typeof update === 'function' ? update(s) : update) };
      const watching = next.sources.some((x) => x.status === 'live' || x.status === 'reconnecting');
      const paused = next.paused && watching;
      return {
        ...next,
        watching,
        paused,
        arrived: paused ? next.arrived : 0,
        shown: paused ? next.shown : next.lines,
        notice: noticeOf(next),
      };
    });
  };
  const setSource = (i: number, part: Partial<SourceState>) =>
    set((s) => ({ sources: s.sources.map((x, j) => (j === i ? { ...x, ...part } : x)) }));
  const keyed = (more: readonly Omit<WatchLine, 'key'>[]) => more.map((l) => ({ ...l, key: nextKey++ }));
  const append = (more: readonly Omit<WatchLine, 'key'>[], counted = 0) =>
    set((s) => ({ lines: appendBounded(s.lines, keyed(more), max), arrived: s.arrived + (s.paused ? counted : 0) }));

  function close(): void {
    run?.abort();
    run = null;
  }

  const fileOf = (source: WatchSource): LogFileRef => {
    const { include, exclude } = store.getState().filters;
    return {
      instance_id: source.instance_id,
      path: source.path,
      region: source.region,
      grep: include.trim() || undefined,
      exclude: exclude.trim() || undefined,
    };
  };

  /** Reads every source's last lines: the cursor each follows from (null: it failed). */
  async function readLast(lines: number, signal: AbortSignal): Promise<(string | null)[]> {
    set((s) => ({ loading: true, lines: EMPTY, sources: s.sources.map((x) => ({ ...x, status: 'loading', text: null })) }));
    const answers = await Promise.allSettled(refs.map((r) => client.opsTail({ ...fileOf(r), lines }, { signal })));
    if (signal.aborted) return [];
    const merged = refs.length > 1;
    append(
      answers.flatMap((a, i) => (a.status === 'fulfilled' ? a.value.lines.map((text) => ({ text, source: merged ? i : undefined })) : [])),
    );
    answers.forEach((a, i) =>
      setSource(
        i,
        a.status === 'fulfilled'
          ? { status: 'idle', text: null }
          : { status: 'failed', text: failureText(OPS_TEXTS.contentFailed, a.reason) },
      ),
    );
    set({ loading: false });
    return answers.map((a) => (a.status === 'fulfilled' ? a.value.cursor : null));
  }

  function followOne(i: number, cursor: string, signal: AbortSignal): void {
    const merged = refs.length > 1;
    const source = merged ? i : undefined;
    const end = (status: SourceStatus, text: string | null) => !signal.aborted && setSource(i, { status, text });
    setSource(i, { status: 'live', text: null });
    client
      .watchLog(fileOf(refs[i]), {
        signal,
        lastEventId: cursor,
        reconnect: options.reconnect,
        clock: options.clock,
        onReconnecting: () => !signal.aborted && setSource(i, { status: 'reconnecting', text: OPS_TEXTS.reconnecting }),
        onReconnected: () => !signal.aborted && setSource(i, { status: 'live', text: OPS_TEXTS.reconnected }),
        onEvent: (event) => {
          if (signal.aborted) return;
          if (store.getState().sources[i]?.text) setSource(i, { text: null });
          const view = logWatchView(event);
          if (view.kind === 'error') return end('failed', view.text);
          const cut = view.kind === 'line' && view.truncated ? [{ text: OPS_TEXTS.lineCut, marker: true, source }] : [];
          append([{ text: view.text, marker: view.kind === 'marker', source }, ...cut], view.kind === 'line' ? 1 : 0);
        },
      })
      .then(
        () => end('ended', null),
        (error: unknown) =>
          end(
            'failed',
            error instanceof ApiError && error.status !== 0 ? failureText(OPS_TEXTS.watchingError, error) : OPS_TEXTS.connectionLost,
          ),
      );
  }

  async function load(lines: number, following: boolean): Promise<boolean> {
    close();
    const controller = new AbortController();
    run = controller;
    set({ paused: false });
    const cursors = await readLast(lines, controller.signal);
    if (controller.signal.aborted) return false;
    if (following) cursors.forEach((cursor, i) => cursor !== null && followOne(i, cursor, controller.signal));
    return cursors.some((c) => c !== null);
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    setSources(sources, filters) {
      close();
      refs = [...sources];
      const labels = sourceLabels(refs);
      if (filters) set((s) => ({ filters: { ...s.filters, ...filters } }));
      set({
        lines: EMPTY,
        paused: false,
        loading: false,
        sources: labels.map((label) => ({ label, colour: sourceColour(label), status: 'idle', text: null })),
      });
    },
    show: (lines) => load(lines, false),
    follow: async (lines) => void (await load(lines, true)),
    stop() {
      close();
      set((s) => ({
        sources: s.sources.map((x) => (x.status === 'live' || x.status === 'reconnecting' ? { ...x, status: 'ended', text: null } : x)),
      }));
    },
    pause() {
      if (store.getState().watching) set((s) => ({ paused: true, arrived: 0, shown: s.lines }));
    },
    resume: () => set({ paused: false }),
    togglePause() {
      if (store.getState().paused) this.resume();
      else this.pause();
    },
    async setFilters(filters, lines) {
      const { watching } = store.getState();
      set((s) => ({ filters: { ...s.filters, ...filters } }));
      if (refs.length > 0) await load(lines, watching);
    },
    replaceLines(lines) {
      this.stop();
      set({ lines: { lines: keyed(lines), dropped: 0 } });
    },
    appendLines: (lines) => append(lines),
    start() {
      disposed = false;
    },
    dispose() {
      close();
      disposed = true;
    },
  };
}

/** The view's one notice: an error that ended every source, else each source's note (labelled when merged). */
function noticeOf(state: LiveWatchState): LiveWatchState['notice'] {
  const said = state.sources.filter((s) => s.text);
  if (said.length === 0) return null;
  const merged = state.sources.length > 1;
  const tone = said.some((s) => s.status === 'failed') ? 'error' : 'info';
  return { tone, text: said.map((s) => (merged ? `${s.label}: ${s.text}` : s.text)).join(' · ') };
}

/** The watch in words for a status bar: "Live", "Live 2 of 3 sources · app.log reconnecting", "Paused: 4 new lines since". */
export function watchStatusText(state: LiveWatchState): string {
  if (state.loading) return 'Loading';
  if (state.paused) return `Paused: ${state.arrived} new ${state.arrived === 1 ? 'line' : 'lines'} since. Resume to show them.`;
  if (!state.watching) return '';
  const live = state.sources.filter((s) => s.status === 'live').length;
  if (state.sources.length <= 1) return state.sources[0]?.status === 'reconnecting' ? 'Reconnecting' : 'Live';
  const others = state.sources.filter((s) => s.status !== 'live').map((s) => `${s.label} ${s.status}`);
  return [`Live ${live} of ${state.sources.length} sources`, ...others].join(' · ');
}
