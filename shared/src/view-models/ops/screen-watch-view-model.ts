/**
 * A screen session's output as one framework-free view model (spec 1 sections 2, 4 and 8; issue
 * 25 §4): the web's screen viewer and the terminal's ops screen render it.
 *
 * - load() reads the session's content; watch() shows it as it changes, until stop(), another
 *   screen, or the watch's end.
 * - "Live view connection error. Reconnecting..." while the client reconnects (an event that
 *   comes clears it), "Live view reconnected." once it is back, "Connection to server lost" when
 *   it gives up, "Watching error: ..." on an error message or a refusal: both end the watch.
 */
import type { OpsApi } from '../../client/ops-client.js';
import type { ReconnectPolicy } from '../../client/reconnect.js';
import { ApiError } from '../../client/errors.js';
import type { ScreenSession } from '../../contracts/ops.js';
import { OPS_TEXTS } from '../../contracts/ops-texts.js';
import { screenWatchView } from '../../rules/ops/view.js';
import { createLatestRequest } from '../latest-request.js';
import { createStore, type ReadableStore } from '../store.js';
import { opsErrorText } from './live-watch.js';

export interface ScreenTarget {
  instance_id: string;
  region?: string;
  screen: ScreenSession;
}

export interface ScreenWatchState {
  target: ScreenTarget | null;
  /** The output's lines (a trailing newline makes no empty last line). */
  lines: readonly string[];
  watching: boolean;
  /** Reading the content failed. */
  error: string | null;
  /** The watch's note (reconnecting, reconnected) or the error that ended it. */
  notice: { tone: 'error' | 'info'; text: string } | null;
}

export interface ScreenWatchOptions {
  client: Pick<OpsApi, 'opsScreenContent' | 'watchScreen'>;
  reconnect?: Partial<ReconnectPolicy>;
  failureText?: (prefix: string, error: unknown) => string;
}

export interface ScreenWatchViewModel extends ReadableStore<ScreenWatchState> {
  /** Another screen (or none): any watch closes and the content goes. */
  setTarget(target: ScreenTarget | null): void;
  /** Reads the content; answers whether it could. */
  load(): Promise<boolean>;
  watch(): void;
  stop(): void;
  toggleWatch(): void;
  start(): void;
  dispose(): void;
}

/** A screen's content as lines. */
export const screenLines = (content: string): string[] => (content === '' ? [] : content.replace(/\n+$/, '').split('\n'));

const EMPTY: ScreenWatchState = { target: null, lines: [], watching: false, error: null, notice: null };

export function createScreenWatchViewModel(options: ScreenWatchOptions): ScreenWatchViewModel {
  const { client } = options;
  const failureText = options.failureText ?? opsErrorText;
  const store = createStore<ScreenWatchState>(EMPTY);
  const reading = createLatestRequest();
  let watch: AbortController | null = null;
  let disposed = false;
  const set = (update: Partial<ScreenWatchState>): void => {
    if (!disposed) store.setState(update);
  };
  const get = store.getState;

  function stop() {
    watch?.abort();
    watch = null;
    set({ watching: false });
  }

  async function load(): Promise<boolean> {
    const target = get().target;
    if (!target) return false;
    const ticket = reading.next();
    set({ error: null });
    try {
      const answer = await client.opsScreenContent(target.instance_id, target.screen.pid, target.region, { signal: ticket.signal });
      if (ticket.isCurrent()) set({ lines: screenLines(answer.content) });
      return true;
    } catch (error) {
      if (ticket.isCurrent()) set({ error: failureText(OPS_TEXTS.screenFailed, error) });
      return false;
    }
  }

  function watchIt() {
    const target = get().target;
    if (!target) return;
    watch?.abort();
    const controller = new AbortController();
    watch = controller;
    const mine = () => watch === controller;
    const end = (text: string | null) => {
      if (!mine()) return;
      controller.abort();
      watch = null;
      set({ watching: false, notice: text ? { tone: 'error', text } : null });
    };
    set({ watching: true, notice: null });
    client
      .watchScreen(
        { instance_id: target.instance_id, screen_pid: target.screen.pid, region: target.region },
        {
          signal: controller.signal,
          reconnect: options.reconnect,
          onReconnecting: () => mine() && set({ notice: { tone: 'info', text: OPS_TEXTS.reconnecting } }),
          onReconnected: () => mine() && set({ notice: { tone: 'info', text: OPS_TEXTS.reconnected } }),
          onEvent: (event) => {
            if (!mine()) return;
            const view = screenWatchView(event);
            if (view.kind === 'error') return end(view.text);
            // an event came: a reconnecting note goes
            set({ lines: screenLines(view.text), notice: get().notice?.tone === 'info' ? null : get().notice });
          },
        },
      )
      .then(
        () => mine() && ((watch = null), set({ watching: false })),
        (error: unknown) =>
          end(error instanceof ApiError && error.status !== 0 ? failureText(OPS_TEXTS.watchingError, error) : OPS_TEXTS.connectionLost),
      );
  }

  return {
    getState: get,
    subscribe: store.subscribe,
    setTarget(target) {
      stop();
      reading.cancel();
      set({ ...EMPTY, target });
    },
    load,
    watch: watchIt,
    stop,
    toggleWatch: () => (get().watching ? stop() : watchIt()),
    start() {
      disposed = false;
    },
    dispose() {
      watch?.abort();
      watch = null;
      reading.cancel();
      disposed = true;
    },
  };
}
