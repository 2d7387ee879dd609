/**
 * The terminal's ops screen, as state (issue 17): its lists, marks, start and stop are the shared
 * ops monitor view model, a live tail is the shared live watch, a watched screen the shared
 * screen watch (issue 25 §4), as the web's monitor page renders them. What stays here is the
 * terminal's: the pane shown, the cursor's row as the target of a key, one message line, and the
 * viewer's moves (OpsViewerModel, ops-viewer.ts). A search is the shared streamed log search, its
 * matches shown as they are found in the live watch's lines, as on the web. dispose() ends every
 * call, watch and search.
 */
import {
  createLiveWatchViewModel,
  createLogSearchViewModel,
  createOpsMonitorViewModel,
  createScreenWatchViewModel,
  mergedSources,
  OPS_CONSTANTS,
  OPS_TEXTS,
  type ApiClient,
  type LiveWatchState,
  type LogFile,
  type LogSearchViewModel,
  type OpsAction,
  type OpsInstance,
  type OpsMonitorState,
  type OpsMonitorViewModel,
  type ScreenWatchState,
  type ScreenWatchViewModel,
  type WatchSource,
} from '@credence/shared';
import { reconnectPolicy } from '../../runtime/reconnect.js';
import { NO_LINES, OPS_REFUSED_TEXT, type OpsPane } from './ops-state.js';
import { OpsViewerModel } from './ops-viewer.js';

export * from './ops-state.js';

type Said = { text: string; tone: 'error' | 'info' } | null;

export class OpsModel extends OpsViewerModel {
  readonly monitor: OpsMonitorViewModel;
  private readonly screen: ScreenWatchViewModel;
  private readonly logSearch: LogSearchViewModel;
  /** What each shared model last said (a message is put up once, when it changes). */
  private readonly said = new Map<string, string | null>();
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly client: ApiClient,
    /** Lines the live tail keeps. */
    readonly bufferLines = 2000,
  ) {
    super(createLiveWatchViewModel({ client, bufferLines, reconnect: reconnectPolicy() }));
    this.monitor = createOpsMonitorViewModel({ client, withStatus: true });
    this.screen = createScreenWatchViewModel({ client, reconnect: reconnectPolicy() });
    this.logSearch = createLogSearchViewModel({ client, live: this.live });
    this.unsubscribe = [
      this.live.subscribe(() => this.mirrorTail()),
      this.logSearch.subscribe(() => this.mirrorSearch()),
      this.monitor.subscribe(() => this.mirrorLists()),
      this.screen.subscribe(() => this.mirrorScreen()),
    ];
  }

  /** The status and the instances of the region (first show, r, every 30 s), and the open list. */
  refresh(): Promise<void> {
    return this.monitor.refresh();
  }

  /** The shared lists into the screen's state, and what they say into its message line. */
  private mirrorLists(): void {
    const m = this.monitor.getState();
    this.set({
      region: m.region,
      status: m.status,
      instances: m.instances.items,
      instance: m.instance,
      files: m.files.items,
      screens: m.screens.items,
      selected: m.selected,
      marked: m.marked,
      confirming: m.asking?.action ?? null,
      busy: m.busy?.action ?? null,
      refused: m.refused ? OPS_REFUSED_TEXT : null,
    });
    if (m.refused) return;
    for (const [key, said] of listNotes(m)) this.sayOnce(key, said);
  }

  /** Says `said` when it is new for `key` (a list's error, an action's outcome, a watch's notice). */
  private sayOnce(key: string, said: Said): void {
    if (this.said.get(key) === (said?.text ?? null)) return;
    this.said.set(key, said?.text ?? null);
    if (said) this.say(said.text, said.tone);
  }

  nextRegion(): void {
    this.closeView();
    this.set({ pane: 'instances' });
    this.monitor.nextRegion();
  }

  move(delta: number | 'top' | 'bottom'): void {
    this.monitor.move(this.getState().pane, delta);
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
    if (pane !== 'instances') this.monitor.showList(pane);
  }

  /** Spec 1 section 4: choosing an instance goes to its log files; file, content and screen are cleared. */
  chooseInstance(): void {
    const { instances, selected } = this.getState();
    const instance = instances?.[selected.instances];
    if (!instance) return;
    this.closeView();
    this.set({ pane: 'logs', message: null });
    this.monitor.chooseInstance(instance);
  }

  loadFiles(): Promise<void> {
    return this.monitor.loadFiles();
  }

  loadScreens(): Promise<void> {
    return this.monitor.loadScreens();
  }

  /** What start and stop act on: the selected row in the instances list, else the chosen instance. */
  target(): OpsInstance | null {
    const { pane, instances, selected, instance } = this.getState();
    return (pane === 'instances' ? instances?.[selected.instances] : instance) ?? instance ?? null;
  }

  /** Start or stop: asks first; `confirm(true)` does it. */
  ask(action: OpsAction): void {
    const { status, busy } = this.getState();
    const target = this.target();
    if (!status || busy) return;
    // said before the list comes: the local backend cannot start or stop its host whichever row
    if (status.backend === 'local') return this.say(OPS_TEXTS.localStartStop, 'info');
    if (!target) return;
    this.monitor.ask(target, action);
    this.set({ message: null });
  }

  async confirm(yes: boolean): Promise<void> {
    if (!yes) return this.monitor.cancel();
    await this.monitor.confirm();
  }

  /** The selected file's last lines, then every new one (a live tail that follows). */
  async openFile(lines = 100): Promise<void> {
    const { files, selected, instance, region } = this.getState();
    const file = files?.[selected.logs];
    if (!file || !instance) return;
    await this.openTail([{ instance_id: instance.id, path: file.path, region, label: file.name }], file, lines);
  }

  /** m: marks the selected file for a merged tail (or unmarks it); marks on several instances add up. */
  toggleMark(): void {
    const { files, selected } = this.getState();
    const file = files?.[selected.logs];
    if (!file) return;
    this.monitor.toggleMark(file);
    const count = this.getState().marked.length;
    this.say(count > 0 ? `${count} marked for a merged tail: M opens it.` : null, 'info');
  }

  /** M: the marked files (else the selected one) in one live tail, each line prefixed with its source. */
  async openMerged(lines = 100): Promise<void> {
    const { marked } = this.getState();
    if (marked.length === 0) return this.openFile(lines);
    await this.openTail(mergedSources(marked), marked[0].file, lines);
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

  private async openTail(sources: readonly WatchSource[], file: LogFile, lines: number): Promise<void> {
    this.closeView();
    this.live.setSources(sources, this.getState().filters);
    this.said.delete('tail');
    const view = { kind: 'tail' as const, file, paused: false, watching: true, sources: this.live.getState().sources };
    this.set({ view, lines: NO_LINES, top: null, message: null });
    await this.live.follow(Math.min(lines, OPS_CONSTANTS.tailMaxLines));
  }

  /** The shared watch's state into the screen's: a tail's lines, pause, sources and notes; a search's matches. */
  private mirrorTail(): void {
    const view = this.getState().view;
    const w: LiveWatchState = this.live.getState();
    if (view?.kind === 'search') return this.set({ lines: w.shown });
    if (view?.kind !== 'tail') return;
    const size = w.sources[0]?.size;
    const file = size !== undefined && w.sources.length === 1 ? { ...view.file, size } : view.file;
    this.set({
      view: { ...view, file, paused: w.paused, watching: w.watching || w.loading, sources: w.sources },
      lines: w.shown,
      buffered: w.lines.lines.filter((l) => !l.marker).length,
    });
    this.sayOnce('tail', w.notice);
  }

  /**
   * The selected file's lines that contain `pattern` (literal, any case), streamed: matches appear
   * as they are found, the bytes scanned are said while it runs, Esc stops it on the server.
   */
  async search(pattern: string): Promise<void> {
    const state = this.getState();
    const file = state.view && state.view.kind !== 'screen' ? state.view.file : state.files?.[state.selected.logs];
    if (!file || !state.instance) return;
    if (pattern.trim() === '') return this.say(OPS_TEXTS.patternRequired);
    this.closeView();
    this.said.delete('search');
    this.set({ view: { kind: 'search', file, pattern, progress: null }, lines: NO_LINES, top: 0, message: null });
    await this.logSearch.run({ instance_id: state.instance.id, path: file.path, region: state.region }, pattern);
  }

  /** The shared search's state into the screen's: its progress (status bar); its truncation or failure (message line). */
  private mirrorSearch(): void {
    const view = this.getState().view;
    if (view?.kind !== 'search') return;
    const s = this.logSearch.getState();
    this.set({ view: { ...view, progress: s.progress } });
    this.sayOnce('search', s.error ? { text: s.error, tone: 'error' } : s.truncation ? { text: s.truncation, tone: 'info' } : null);
  }

  /** The selected screen's content, then its changes. */
  async openScreen(): Promise<void> {
    const { screens, selected, instance, region } = this.getState();
    const screen = screens?.[selected.screens];
    if (!screen || !instance) return;
    this.closeView();
    this.said.delete('screen');
    this.set({ view: { kind: 'screen', screen, watching: true }, lines: NO_LINES, top: null, message: null });
    this.screen.setTarget({ instance_id: instance.id, region, screen });
    if (await this.screen.load()) this.screen.watch();
    else this.mirrorScreen();
  }

  /** The shared screen watch into the screen's state: its lines, whether it watches, what it says. */
  private mirrorScreen(): void {
    const view = this.getState().view;
    if (view?.kind !== 'screen') return;
    const s: ScreenWatchState = this.screen.getState();
    this.set({ view: { ...view, watching: s.watching }, lines: { lines: s.lines.map((text) => ({ text })), dropped: 0 } });
    this.sayOnce('screen', s.error ? { text: s.error, tone: 'error' } : s.notice);
  }

  /** Esc in a viewer: back to its list (the watch closes). */
  closeView(): void {
    this.screen.setTarget(null);
    this.logSearch.cancel();
    this.logSearch.clear();
    if (this.getState().view) this.set({ view: null, lines: NO_LINES, top: null, left: 0 });
    this.live.setSources([]);
  }

  dispose(): void {
    this.closeView();
    for (const stop of this.unsubscribe) stop();
    this.live.dispose();
    this.logSearch.dispose();
    this.screen.dispose();
    this.monitor.dispose();
    this.disposed = true;
  }
}

/** What the lists say: each list's failure (a status failure comes as the instances'), and an action's outcome. */
function listNotes(m: OpsMonitorState): [string, Said][] {
  const error = (text: string | null): Said => (text ? { text, tone: 'error' } : null);
  const outcome: Said = m.outcome ? { text: m.outcome.text, tone: m.outcome.tone === 'error' ? 'error' : 'info' } : null;
  return [
    ['instances', error(m.instances.error)],
    ['logs', error(m.files.error)],
    ['screens', error(m.screens.error)],
    ['outcome', outcome],
  ];
}
