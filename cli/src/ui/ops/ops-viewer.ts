/**
 * The ops screen's store and its viewer's moves (split from ops-model.ts): scroll, pause, wrap,
 * sideways, and the jumps of issue 28 §5 (next error line, a line number or a time of day),
 * by the shared rules (log-viewport, log-reading). OpsModel adds the calls and the watches.
 */
import {
  bottomTop,
  createStore,
  findLine,
  isErrorLine,
  jumpTarget,
  OPS_CONSTANTS,
  scrolledLeft,
  scrolledTop,
  type LiveWatchViewModel,
  type Store,
} from '@credence/shared';
import { NO_LINES, type OpsState, type ViewerLayout } from './ops-state.js';

export class OpsViewerModel {
  readonly store: Store<OpsState>;
  protected disposed = false;

  /** The live tail (the shared watch view model: follow, pause, reconnect, merged sources, filters). */
  constructor(protected readonly live: LiveWatchViewModel) {
    this.store = createStore<OpsState>({
      region: OPS_CONSTANTS.defaultRegion,
      pane: 'instances',
      status: null,
      instances: null,
      instance: null,
      files: null,
      screens: null,
      selected: { instances: 0, logs: 0, screens: 0 },
      confirming: null,
      busy: null,
      view: null,
      lines: NO_LINES,
      buffered: 0,
      top: null,
      wrap: false,
      left: 0,
      json: false,
      marked: [],
      filters: { include: '', exclude: '' },
      refused: null,
      message: null,
    });
  }

  getState = (): OpsState => this.store.getState();
  subscribe = (listener: () => void) => this.store.subscribe(listener);
  protected set = (update: Partial<OpsState>): void => {
    if (!this.disposed) this.store.setState(update);
  };
  protected say = (text: string | null, tone: 'error' | 'info' = 'error'): void => this.set({ message: text ? { text, tone } : null });

  /** Pause: the view stays where it is while lines keep coming; resume: back to the bottom, following. */
  togglePause(): void {
    const { view, lines, top } = this.getState();
    if (view?.kind !== 'tail') return;
    const { height, rowsOf } = this.layout;
    if (view.paused) return (this.live.resume(), this.set({ top: null }));
    this.live.pause();
    this.set({ top: top ?? bottomTop(lines.lines.length, height, rowsOf) });
  }

  /** The viewer's size and line layout, set by the screen (for scrolling and pausing at the bottom). */
  layout: ViewerLayout = { height: 10, width: 80, rowsOf: () => 1, longest: () => 0 };

  /** Scrolls the viewer; scrolling up a live tail pauses it, reaching the bottom follows again. */
  scroll(delta: number | 'top' | 'bottom'): void {
    const { view, lines, top } = this.getState();
    if (!view) return;
    const next = scrolledTop(top, delta, lines.lines.length, this.layout.height, this.layout.rowsOf);
    if (view.kind === 'tail') this.followAt(next);
    else this.set({ top: next.atBottom && view.kind === 'screen' ? null : next.top });
  }

  /** A tail scrolled to the bottom follows again; anywhere else it pauses there (the lines shown stay still). */
  private followAt(next: { top: number; atBottom: boolean }): void {
    if (next.atBottom) this.live.resume();
    else this.live.pause();
    this.set({ top: next.atBottom ? null : next.top });
  }

  /** The line at the top of the viewer now. */
  private topLine(): number {
    const { top, lines } = this.getState();
    return top ?? bottomTop(lines.lines.length, this.layout.height, this.layout.rowsOf);
  }

  /** Shows line `index` at the top (as near as the bottom allows); a live tail pauses there. */
  private showLine(index: number): void {
    const { view, lines } = this.getState();
    if (!view) return;
    const next = scrolledTop(index, 0, lines.lines.length, this.layout.height, this.layout.rowsOf);
    if (view.kind === 'tail') this.followAt(next);
    else this.set({ top: next.top });
  }

  /** e / E: the next or previous error line (by the shared level rule). */
  nextError(direction: 1 | -1): void {
    const { lines } = this.getState();
    const found = findLine(lines.lines, this.topLine(), direction, (l) => !l.marker && isErrorLine(l.text));
    if (found === null) return this.say(direction > 0 ? 'No error line below.' : 'No error line above.', 'info');
    this.say(null);
    this.showLine(found);
  }

  /** `:` then a line number or a time of day. */
  jump(query: string): void {
    const target = jumpTarget(query, this.getState().lines.lines);
    if ('error' in target) return this.say(target.error, 'info');
    this.say(null);
    this.showLine(target.index);
  }

  /** J: JSON lines pretty-printed, or as written. */
  toggleJson(): void {
    this.set({ json: !this.getState().json });
  }

  /** w: long lines wrap, or run off to the right (then h/l scroll sideways). */
  toggleWrap(): void {
    this.set({ wrap: !this.getState().wrap, left: 0 });
  }

  /** h/l: half a screen sideways (not while wrapping); 0: back to the start of the lines. */
  sideways(step: -1 | 1 | 'home'): void {
    const { wrap, left, top } = this.getState();
    this.set({ left: scrolledLeft({ wrap, left, top }, step, this.layout.longest(), this.layout.width) });
  }
}
