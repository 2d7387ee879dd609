/**
 * The terminal's ops screen, as state (issue 17): the managed instance and the region's instances,
 * an instance's log files and screen sessions, a live tail (follows, pauses, scrolls a bounded
 * buffer), a search, and a watched screen. Framework-free: the screen reads getState() and the
 * key handler calls the methods; dispose() ends every call and watch. The store and the
 * viewer's moves are OpsViewerModel's (ops-viewer.ts).
 */
import {
  actionOutcomeText,
  ApiError,
  createLiveWatchViewModel,
  OPS_CONSTANTS,
  OPS_REGIONS,
  OPS_TEXTS,
  opsFailureText,
  screenWatchView,
  type ApiClient,
  type LiveWatchState,
  type LogFile,
  type OpsAction,
  type OpsInstance,
  type ScreenSession,
} from '@credence/shared';
import { reconnectPolicy } from '../../runtime/reconnect.js';
import { failure, markKey, NO_LINES, OPS_REFUSED_TEXT, type Marked, type OpsPane } from './ops-state.js';
import { OpsViewerModel } from './ops-viewer.js';

export * from './ops-state.js';

interface OpsRows {
  instances: OpsInstance[];
  logs: LogFile[];
  screens: ScreenSession[];
}

const rowKey = (row: OpsInstance | LogFile | ScreenSession): string =>
  'id' in row ? row.id : 'path' in row ? row.path : `${row.pid}.${row.name}`;

export class OpsModel extends OpsViewerModel {
  /** The screen session's watch (a log tail is the shared live watch's). */
  private watch: AbortController | null = null;
  private mirroredNotice: LiveWatchState['notice'] = null;
  private readonly unmirror: () => void;

  constructor(
    private readonly client: ApiClient,
    /** Lines the live tail keeps. */
    readonly bufferLines = 2000,
  ) {
    super(createLiveWatchViewModel({ client, bufferLines, reconnect: reconnectPolicy() }));
    this.unmirror = this.live.subscribe(() => this.mirror());
  }

  /** The status and the instances of the region (first show, Refresh, region change). */
  async refresh(): Promise<void> {
    const { region, instance, pane } = this.getState();
    const [status, instances] = await Promise.allSettled([this.client.opsStatus(region), this.client.opsInstances(region)]);
    const refused = [status, instances].some((r) => r.status === 'rejected' && r.reason instanceof ApiError && r.reason.status === 403);
    // a 403 is an answer, not a load still going: the role is said where the instances would be
    if (refused) return this.set({ refused: OPS_REFUSED_TEXT, instances: [], message: null });
    if (this.getState().refused) this.set({ refused: null });
    if (status.status === 'fulfilled') this.set({ status: status.value });
    else return this.say(failure(OPS_TEXTS.statusFailed, status.reason));
    if (instances.status === 'fulfilled') this.setRows('instances', instances.value.instances);
    else return this.say(failure(OPS_TEXTS.instancesFailed, instances.reason));
    if (instance && pane === 'logs') await this.loadFiles();
    if (instance && pane === 'screens') await this.loadScreens();
  }

  /**
   * A pane's list, loaded again: the selection stays on the row it was on (the log files are newest
   * first, so a reload every 30 s moves rows, and m or Enter must act on the file the cursor shows).
   */
  private setRows<P extends OpsPane>(pane: P, rows: OpsRows[P]): void {
    const { selected } = this.getState();
    const before = this.rows(pane)?.[selected[pane]];
    const index = before ? rows.findIndex((row) => rowKey(row) === rowKey(before)) : -1;
    const key = pane === 'logs' ? 'files' : pane;
    this.set({
      [key]: rows,
      selected: { ...selected, [pane]: index >= 0 ? index : Math.min(selected[pane], Math.max(0, rows.length - 1)) },
    });
  }

  private rows<P extends OpsPane>(pane: P): OpsRows[P] | null {
    const state = this.getState();
    return (pane === 'instances' ? state.instances : pane === 'logs' ? state.files : state.screens) as OpsRows[P] | null;
  }

  nextRegion(): void {
    const { region } = this.getState();
    const next = OPS_REGIONS[(OPS_REGIONS.indexOf(region) + 1) % OPS_REGIONS.length];
    this.closeView();
    this.set({ region: next, instance: null, files: null, screens: null, instances: null, status: null, pane: 'instances' });
    void this.refresh();
  }

  move(delta: number | 'top' | 'bottom'): void {
    const state = this.getState();
    const count = this.rows(state.pane)?.length ?? 0;
    const now = state.selected[state.pane];
    const next = delta === 'top' ? 0 : delta === 'bottom' ? count - 1 : now + delta;
    this.set({ selected: { ...state.selected, [state.pane]: Math.max(0, Math.min(count - 1, next)) } });
  }

  setPane(pane: OpsPane): void {
    const { refused, instance, pane: now } = this.getState();
    if (refused) return;
    // 2 or 3 from the instances list: the selected row is the instance (as Enter on it)
    if (pane !== 'instances' && now === 'instances' && this.target() && this.target()?.id !== instance?.id) {
      this.chooseInstance();
      if (pane === 'screens') this.setPane('screens');
      return;
    }
    if (pane !== 'instances' && !instance) return this.say('Choose an instance first (Enter on it).', 'info');
    this.closeView();
    this.set({ pane, message: null });
    if (pane === 'logs' && !this.getState().files) void this.loadFiles();
    if (pane === 'screens') void this.loadScreens();
  }

  /** Spec 1 section 4: choosing an instance goes to its log files; file, content and screen are cleared. */
  chooseInstance(): void {
    const { instances, selected } = this.getState();
    const instance = instances?.[selected.instances];
    if (!instance) return;
    this.closeView();
    this.set({ instance, pane: 'logs', files: null, screens: null, selected: { ...selected, logs: 0, screens: 0 }, message: null });
    void this.loadFiles();
  }

  async loadFiles(): Promise<void> {
    const { instance, region } = this.getState();
    if (!instance) return;
    try {
      this.setRows('logs', (await this.client.opsLogs(instance.id, region)).logs);
    } catch (error) {
      this.say(failure(OPS_TEXTS.logsFailed, error));
    }
  }

  async loadScreens(): Promise<void> {
    const { instance, region } = this.getState();
    if (!instance) return;
    try {
      this.setRows('screens', (await this.client.opsScreens(instance.id, region)).screens);
    } catch (error) {
      this.say(failure(OPS_TEXTS.screensFailed, error));
    }
  }

  /** What start and stop act on: the selected row in the instances list, else the chosen instance, else the configured one. */
  target(): OpsInstance | null {
    const { pane, instances, selected, instance } = this.getState();
    return (pane === 'instances' ? instances?.[selected.instances] : instance) ?? instance ?? null;
  }

  /** Start or stop: asks first; `confirm(true)` does it. */
  ask(action: OpsAction): void {
    const { status, busy } = this.getState();
    if (!status || busy) return;
    if (status.backend === 'local') return this.say(OPS_TEXTS.localStartStop, 'info');
    this.set({ confirming: action, message: null });
  }

  async confirm(yes: boolean): Promise<void> {
    const { confirming: action, region } = this.getState();
    this.set({ confirming: null });
    if (!action || !yes) return;
    this.set({ busy: action });
    const failed = action === 'start' ? OPS_TEXTS.startFailed : OPS_TEXTS.stopFailed;
    const target = { region, instance_id: this.target()?.id };
    try {
      const answer = action === 'start' ? await this.client.opsStart(target) : await this.client.opsStop(target);
      if (answer.status === 'success') this.say(answer.message ?? actionOutcomeText(action, answer.state, answer.instance_name), 'info');
      else this.say(opsFailureText(failed, answer.error));
    } catch (error) {
      this.say(
        error instanceof ApiError && error.status === 0
          ? action === 'start'
            ? OPS_TEXTS.startError
            : OPS_TEXTS.stopError
          : failure(failed, error),
      );
    } finally {
      this.set({ busy: null });
    }
    await this.refresh();
  }

  /** The selected file's last lines, then every new one (a live tail that follows). */
  async openFile(lines = 100): Promise<void> {
    const { files, selected, instance, region } = this.getState();
    const file = files?.[selected.logs];
    if (!file || !instance) return;
    await this.openTail([{ instance_id: instance.id, path: file.path, region, file, instanceName: instance.name }], lines);
  }

  /** m: marks the selected file for a merged tail (or unmarks it); marks on several instances add up. */
  toggleMark(): void {
    const { files, selected, instance, region, marked } = this.getState();
    const file = files?.[selected.logs];
    if (!file || !instance) return;
    const key = markKey(instance.id, file.path);
    const next = marked.some((m) => markKey(m.instance_id, m.path) === key)
      ? marked.filter((m) => markKey(m.instance_id, m.path) !== key)
      : [...marked, { instance_id: instance.id, path: file.path, region, file, instanceName: instance.name || instance.id }];
    this.set({ marked: next });
    this.say(next.length > 0 ? `${next.length} marked for a merged tail: M opens it.` : null, 'info');
  }

  /** M: the marked files (else the selected one) in one live tail, each line prefixed with its source. */
  async openMerged(lines = 100): Promise<void> {
    const { marked } = this.getState();
    if (marked.length === 0) return this.openFile(lines);
    // each named by its file, and by its instance too when they are on more than one
    const several = new Set(marked.map((m) => m.instance_id)).size > 1;
    await this.openTail(
      marked.map((m) => ({ ...m, label: several ? `${m.instanceName}:${m.file.name}` : m.file.name })),
      lines,
    );
  }

  /** f / F: the include or exclude filter (literal, or /regex/), applied by the server; empty clears it. */
  async setFilter(which: 'include' | 'exclude', text: string): Promise<void> {
    const view = this.getState().view;
    this.set({ filters: { ...this.getState().filters, [which]: text.trim() } });
    if (view?.kind === 'tail') {
      this.set({ top: null });
      await this.live.setFilters({ [which]: text.trim() }, 100);
    }
  }

  private async openTail(sources: readonly Marked[], lines: number): Promise<void> {
    this.closeView();
    this.live.setSources(sources, this.getState().filters);
    this.mirroredNotice = null;
    const view = { kind: 'tail' as const, file: sources[0].file, paused: false, watching: true, sources: this.live.getState().sources };
    this.set({ view, lines: NO_LINES, top: null, message: null });
    await this.live.follow(Math.min(lines, OPS_CONSTANTS.tailMaxLines));
  }

  /** The shared watch's state into the screen's: its lines, pause, sources and notes. */
  private mirror(): void {
    const view = this.getState().view;
    if (view?.kind !== 'tail') return;
    const w = this.live.getState();
    const size = w.sources[0]?.size;
    const file = size !== undefined && w.sources.length === 1 ? { ...view.file, size } : view.file;
    this.set({
      view: { ...view, file, paused: w.paused, watching: w.watching || w.loading, sources: w.sources },
      lines: w.shown,
      buffered: w.lines.lines.filter((l) => !l.marker).length,
    });
    if (w.notice?.text !== this.mirroredNotice?.text) {
      this.mirroredNotice = w.notice;
      this.set({ message: w.notice });
    }
  }

  /** The selected file's lines that contain `pattern` (literal, any case). */
  async search(pattern: string): Promise<void> {
    const state = this.getState();
    const file = state.view && state.view.kind !== 'screen' ? state.view.file : state.files?.[state.selected.logs];
    if (!file || !state.instance) return;
    if (pattern.trim() === '') return this.say(OPS_TEXTS.patternRequired);
    this.closeView();
    try {
      const answer = await this.client.opsSearch({ instance_id: state.instance.id, path: file.path, region: state.region, pattern });
      this.set({
        view: { kind: 'search', file, pattern, truncated: answer.truncated },
        lines: { lines: answer.matches.map((m) => ({ text: m.line, lineNumber: m.line_number })), dropped: 0 },
        top: 0,
        message: answer.matches.length === 0 ? { text: `No lines contain "${pattern}".`, tone: 'info' } : null,
      });
    } catch (error) {
      this.say(failure(OPS_TEXTS.searchFailed, error));
    }
  }

  /** The selected screen's content, then its changes. */
  async openScreen(): Promise<void> {
    const { screens, selected, instance, region } = this.getState();
    const screen = screens?.[selected.screens];
    if (!screen || !instance) return;
    this.closeView();
    this.set({ view: { kind: 'screen', screen, watching: true }, lines: NO_LINES, top: null, message: null });
    const show = (content: string) =>
      this.set({
        lines: {
          lines: content
            .replace(/\n+$/, '')
            .split('\n')
            .map((text) => ({ text })),
          dropped: 0,
        },
      });
    try {
      show((await this.client.opsScreenContent(instance.id, screen.pid, region)).content);
    } catch (error) {
      this.setWatching(false);
      return this.say(failure(OPS_TEXTS.screenFailed, error));
    }
    const controller = this.startWatch();
    this.client
      .watchScreen(
        { instance_id: instance.id, screen_pid: screen.pid, region },
        {
          signal: controller.signal,
          reconnect: reconnectPolicy(),
          onReconnecting: () => this.say(OPS_TEXTS.reconnecting, 'info'),
          onReconnected: () => this.say(OPS_TEXTS.reconnected, 'info'),
          onEvent: (event) => {
            const view = screenWatchView(event);
            if (view.kind === 'error') this.endWatch(controller, view.text);
            else show(view.text);
          },
        },
      )
      .then(
        () => this.endWatch(controller, null),
        () => this.endWatch(controller, OPS_TEXTS.connectionLost),
      );
  }

  /** Esc in a viewer: back to its list (the watch closes). */
  closeView(): void {
    this.watch?.abort();
    this.watch = null;
    if (this.getState().view) this.set({ view: null, lines: NO_LINES, top: null, left: 0 });
    this.live.setSources([]);
  }

  dispose(): void {
    this.closeView();
    this.unmirror();
    this.live.dispose();
    this.disposed = true;
  }

  private startWatch(): AbortController {
    this.watch?.abort();
    const controller = new AbortController();
    this.watch = controller;
    return controller;
  }

  private setWatching(watching: boolean): void {
    const { view } = this.getState();
    if (view && view.kind !== 'search') this.set({ view: { ...view, watching } });
  }

  private endWatch(controller: AbortController, message: string | null): void {
    if (this.watch !== controller) return;
    controller.abort();
    this.watch = null;
    this.setWatching(false);
    if (message) this.say(message);
  }
}
