/**
 * The ops monitor's lists as one framework-free view model (issue 25 §4): the web's
 * /ec2-monitoring page and the terminal's ops screen render it, neither keeps its own copy.
 *
 * - The region's instances (and, with `withStatus`, the configured instance's status), loaded
 *   again by refresh() and on a region change; a 403 anywhere is the role refusal (`refused`).
 * - One chosen instance, with its log files (loaded once it is chosen) and its screen sessions
 *   (loaded each time that list opens); file, screen and marks go with a new region.
 * - Each list keeps a selected row that stays on its row across reloads: the log files are newest
 *   first, so a reload every 30 s moves rows, and an action must act on the row the cursor shows
 *   (a row gone keeps the cursor in the list).
 * - What is open in the viewer: a file, the marked files as one merged tail, or a screen.
 * - Start and stop on an instance: asked first, one at a time, the outcome in words, the lists
 *   loaded again after.
 */
import type { OpsApi } from '../../client/ops-client.js';
import { ApiError } from '../../client/errors.js';
import type { InstanceStatusResponse, LogFile, OpsAction, OpsInstance, ScreenSession } from '../../contracts/ops.js';
import { OPS_CONSTANTS, OPS_REGIONS, OPS_TEXTS, type OpsRegion } from '../../contracts/ops-texts.js';
import { actionOutcomeText } from '../../rules/ops/index.js';
import { opsFailureText } from '../../rules/ops/view.js';
import { createStore, type ReadableStore } from '../store.js';
import { opsErrorText, type WatchSource } from './live-watch.js';

/** A list loaded on demand: its items (null while the first load runs), or why it failed. */
export interface LoadedList<T> {
  items: readonly T[] | null;
  error: string | null;
}

export type OpsList = 'instances' | 'logs' | 'screens';

/** A file marked for a merged tail, on any instance of the region. */
export interface MarkedFile extends WatchSource {
  file: LogFile;
  instanceName: string;
}

export type OpsOpen = { kind: 'file'; file: LogFile } | { kind: 'merged' } | { kind: 'screen'; screen: ScreenSession };

export interface OpsMonitorState {
  region: OpsRegion;
  /** The configured instance's status (only with `withStatus`; null until it comes). */
  status: InstanceStatusResponse | null;
  /** A 403: the account has not the ops role. */
  refused: boolean;
  instances: LoadedList<OpsInstance>;
  instance: OpsInstance | null;
  files: LoadedList<LogFile>;
  screens: LoadedList<ScreenSession>;
  /** Which of the chosen instance's lists is open (the web's tab). */
  list: 'logs' | 'screens';
  /** The selected row of each list. */
  selected: Record<OpsList, number>;
  open: OpsOpen | null;
  marked: readonly MarkedFile[];
  /** Start or stop asked about, waiting for yes or no. */
  asking: { instance: OpsInstance; action: OpsAction } | null;
  busy: { id: string; action: OpsAction } | null;
  outcome: { tone: 'error' | 'success'; text: string } | null;
}

type MonitorClient = Pick<OpsApi, 'opsStatus' | 'opsInstances' | 'opsLogs' | 'opsScreens' | 'opsStart' | 'opsStop'>;

export interface OpsMonitorOptions {
  client: MonitorClient;
  region?: OpsRegion;
  /** Also load the configured instance's status (the terminal's header). */
  withStatus?: boolean;
  /** "Failed to fetch log files: Not Found" as the view words a failure (default: the shared wording). */
  failureText?: (prefix: string, error: unknown) => string;
}

export interface OpsMonitorViewModel extends ReadableStore<OpsMonitorState> {
  /** The status, the instances and the chosen instance's open list, loaded again. */
  refresh(): Promise<void>;
  setRegion(region: OpsRegion): void;
  /** The next region of OPS_REGIONS (the terminal's R). */
  nextRegion(): void;
  /** To its log files (spec 1 section 4): file, content and screen are cleared. */
  chooseInstance(instance: OpsInstance): void;
  showList(list: 'logs' | 'screens'): void;
  loadFiles(): Promise<void>;
  loadScreens(): Promise<void>;
  select(list: OpsList, index: number): void;
  /** Moves a list's selection (clamped to the list). */
  move(list: OpsList, delta: number | 'top' | 'bottom'): void;
  open(open: OpsOpen | null): void;
  /** Marks a file of the chosen instance for a merged tail, or unmarks it. */
  toggleMark(file: LogFile): void;
  ask(instance: OpsInstance, action: OpsAction): void;
  cancel(): void;
  /** Does what was asked; the lists load again after. */
  confirm(): Promise<void>;
  start(): void;
  dispose(): void;
}

export const markKey = (m: Pick<WatchSource, 'instance_id' | 'path'>): string => `${m.instance_id}\n${m.path}`;

export const isMarked = (marked: readonly MarkedFile[], file: Pick<WatchSource, 'instance_id' | 'path'>): boolean =>
  marked.some((m) => markKey(m) === markKey(file));

/** The marked files as one tail's sources: each named by its file, and by its instance too when they are on more than one. */
export function mergedSources(marked: readonly MarkedFile[]): WatchSource[] {
  const several = new Set(marked.map((m) => m.instance_id)).size > 1;
  return marked.map((m) => ({
    instance_id: m.instance_id,
    path: m.path,
    region: m.region,
    label: several ? `${m.instanceName}:${m.file.name}` : m.file.name,
  }));
}

type Row = OpsInstance | LogFile | ScreenSession;
const rowKey = (row: Row): string => ('id' in row ? row.id : 'path' in row ? row.path : `${row.pid}.${row.name}`);

/** The selection after a reload: on the row it was on, else where it was (kept in the list). */
export function followedSelection(before: readonly Row[] | null, index: number, after: readonly Row[]): number {
  const was = before?.[index];
  const found = was ? after.findIndex((row) => rowKey(row) === rowKey(was)) : -1;
  return found >= 0 ? found : Math.min(index, Math.max(0, after.length - 1));
}

const NOTHING = { items: null, error: null };

const initial = (region: OpsRegion): OpsMonitorState => ({
  region,
  status: null,
  refused: false,
  instances: NOTHING,
  instance: null,
  files: NOTHING,
  screens: NOTHING,
  list: 'logs',
  selected: { instances: 0, logs: 0, screens: 0 },
  open: null,
  marked: [],
  asking: null,
  busy: null,
  outcome: null,
});

/** The status call's failure, said in place of the instances (they are not shown without it). */
class StatusFailure extends Error {
  constructor(readonly error: unknown) {
    super(OPS_TEXTS.statusFailed);
  }
}

const isRefusal = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export function createOpsMonitorViewModel(options: OpsMonitorOptions): OpsMonitorViewModel {
  const { client } = options;
  const failureText = options.failureText ?? opsErrorText;
  const store = createStore(initial(options.region ?? OPS_CONSTANTS.defaultRegion));
  let disposed = false;
  /** Bumped by a region change: answers for the one before are dropped. */
  let epoch = 0;
  const set = (update: Partial<OpsMonitorState>): void => {
    if (!disposed) store.setState(update);
  };
  const get = store.getState;

  /** A list's rows, loaded: the selection follows its row; a failure keeps the rows it had. */
  async function load(list: OpsList, call: () => Promise<readonly Row[]>, failed: string) {
    const key: 'instances' | 'files' | 'screens' = list === 'logs' ? 'files' : list;
    const mine = epoch;
    const instance = get().instance;
    // an answer for another region, or for another instance's lists, is not shown
    const stale = () => mine !== epoch || (list !== 'instances' && get().instance !== instance);
    try {
      const rows = await call();
      if (stale()) return;
      const s = get();
      const before = s[key].items as readonly Row[] | null;
      const selected = { ...s.selected, [list]: followedSelection(before, s.selected[list], rows) };
      // the instances answered: the role is there (again)
      set({ [key]: { items: rows, error: null }, selected, ...(list === 'instances' ? { refused: false } : {}) });
      if (list === 'screens') keepOpenScreen(rows as readonly ScreenSession[]);
    } catch (thrown) {
      if (stale()) return;
      const error = thrown instanceof StatusFailure ? thrown.error : thrown;
      if (isRefusal(error)) return set({ refused: true });
      const prefix = thrown instanceof StatusFailure ? OPS_TEXTS.statusFailed : failed;
      set({ [key]: { items: get()[key].items, error: failureText(prefix, error) } });
    }
  }

  /** The open screen, still there after a reload (or closed). */
  function keepOpenScreen(screens: readonly ScreenSession[]) {
    const open = get().open;
    if (open?.kind !== 'screen') return;
    const same = screens.find((s) => s.pid === open.screen.pid);
    set({ open: same ? { kind: 'screen', screen: same } : null });
  }

  /** The status, shown; a failure is given back for the instances' load to say. */
  async function loadStatus(): Promise<StatusFailure | null> {
    const mine = epoch;
    try {
      const status = await client.opsStatus(get().region);
      if (mine === epoch) set({ status });
      return null;
    } catch (error) {
      return new StatusFailure(error);
    }
  }

  async function loadFiles() {
    const { instance, region } = get();
    if (instance) await load('logs', async () => (await client.opsLogs(instance.id, region)).logs, OPS_TEXTS.logsFailed);
  }

  async function loadScreens() {
    const { instance, region } = get();
    if (instance) await load('screens', async () => (await client.opsScreens(instance.id, region)).screens, OPS_TEXTS.screensFailed);
  }

  async function refresh() {
    const { region } = get();
    const status = options.withStatus ? loadStatus() : Promise.resolve(null);
    // asked together, shown status first: an instance listed has its status (start and stop need it)
    const answer = async () => {
      const [failed, answered] = await Promise.all([status, client.opsInstances(region)]);
      if (failed) throw failed;
      return answered.instances;
    };
    await load('instances', answer, OPS_TEXTS.instancesFailed);
    if ((await status) || get().refused) return;
    await Promise.all([loadFiles(), get().list === 'screens' ? loadScreens() : undefined]);
  }

  function setRegion(region: OpsRegion) {
    epoch++;
    set({ ...initial(region), refused: get().refused });
    void refresh();
  }

  function move(list: OpsList, delta: number | 'top' | 'bottom') {
    const s = get();
    const count = (list === 'instances' ? s.instances : list === 'logs' ? s.files : s.screens).items?.length ?? 0;
    const now = s.selected[list];
    const next = delta === 'top' ? 0 : delta === 'bottom' ? count - 1 : now + delta;
    set({ selected: { ...s.selected, [list]: Math.max(0, Math.min(count - 1, next)) } });
  }

  async function confirm() {
    const asking = get().asking;
    if (!asking) return;
    const { instance, action } = asking;
    set({ asking: null, busy: { id: instance.id, action } });
    const failed = action === 'start' ? OPS_TEXTS.startFailed : OPS_TEXTS.stopFailed;
    const target = { region: get().region, instance_id: instance.id };
    try {
      const answer = action === 'start' ? await client.opsStart(target) : await client.opsStop(target);
      if (answer.status === 'success') {
        const text = answer.message ?? actionOutcomeText(action, answer.state, answer.instance_name ?? instance.name);
        set({ outcome: { tone: 'success', text } });
      } else set({ outcome: { tone: 'error', text: opsFailureText(failed, answer.error) } });
    } catch (error) {
      if (isRefusal(error)) set({ refused: true });
      const answered = error instanceof ApiError && error.status !== 0;
      const unreachable = action === 'start' ? OPS_TEXTS.startError : OPS_TEXTS.stopError;
      set({ outcome: { tone: 'error', text: answered ? failureText(failed, error) : unreachable } });
    } finally {
      set({ busy: null });
    }
    if (!get().refused) await refresh();
  }

  return {
    getState: get,
    subscribe: store.subscribe,
    refresh,
    setRegion,
    nextRegion: () => setRegion(OPS_REGIONS[(OPS_REGIONS.indexOf(get().region) + 1) % OPS_REGIONS.length]),
    chooseInstance(instance) {
      const selected = { ...get().selected, logs: 0, screens: 0 };
      set({ instance, list: 'logs', files: NOTHING, screens: NOTHING, open: null, selected });
      void loadFiles();
    },
    showList(list) {
      set({ list });
      if (list === 'screens') void loadScreens();
      else if (!get().files.items) void loadFiles();
    },
    loadFiles,
    loadScreens,
    select: (list, index) => set({ selected: { ...get().selected, [list]: index } }),
    move,
    open: (open) => set({ open }),
    toggleMark(file) {
      const { instance, region, marked } = get();
      if (!instance) return;
      const mark = { instance_id: instance.id, path: file.path, region, file, instanceName: instance.name || instance.id };
      set({ marked: isMarked(marked, mark) ? marked.filter((m) => markKey(m) !== markKey(mark)) : [...marked, mark] });
    },
    ask: (instance, action) => !get().busy && set({ asking: { instance, action }, outcome: null }),
    cancel: () => set({ asking: null }),
    confirm,
    start() {
      disposed = false;
      void refresh();
    },
    dispose() {
      epoch++;
      disposed = true;
    },
  };
}
