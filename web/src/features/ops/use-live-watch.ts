/**
 * A live watch's life (spec 1 sections 4 and 8): started and stopped by its toggle, closed when
 * another file or screen is chosen or the page goes; "Live view connection error.
 * Reconnecting..." while the client reconnects (the stream is kept; it keeps trying for as long as
 * an API restart may take), "Live view reconnected." once it is back, "Connection to server lost"
 * when it gives up and "Watching error: ..." on an error message (both stop the watch).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, OPS_TEXTS } from '@credence/shared';
import { opsError } from './failure.ts';

export interface WatchNotice {
  tone: 'error' | 'info';
  text: string;
}

export interface WatchHandlers {
  /** An event arrived: a reconnecting notice goes. */
  alive(): void;
  /** The client reconnects. */
  reconnecting(): void;
  /** The connection is back after it was lost. */
  reconnected(): void;
  /** The watch ends with this message (an error event). */
  fail(text: string): void;
}

export type WatchRun = (signal: AbortSignal, handlers: WatchHandlers) => Promise<void>;

export interface LiveWatch {
  watching: boolean;
  notice: WatchNotice | null;
  start(run: WatchRun): void;
  stop(): void;
}

/** `target` names what is watched: when it changes the watch closes. */
export function useLiveWatch(target: string | null): LiveWatch {
  const current = useRef<AbortController | null>(null);
  const [watching, setWatching] = useState(false);
  const [notice, setNotice] = useState<WatchNotice | null>(null);

  const stop = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setWatching(false);
  }, []);

  useEffect(() => {
    setNotice(null);
    return stop;
  }, [target, stop]);

  const start = useCallback((run: WatchRun) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    const mine = () => current.current === controller;
    const end = (text: string | null) => {
      if (!mine()) return;
      controller.abort();
      current.current = null;
      setWatching(false);
      setNotice(text ? { tone: 'error', text } : null);
    };
    setWatching(true);
    setNotice(null);
    run(controller.signal, {
      alive: () => mine() && setNotice((n) => (n?.tone === 'info' ? null : n)),
      reconnecting: () => mine() && setNotice({ tone: 'info', text: OPS_TEXTS.reconnecting }),
      reconnected: () => mine() && setNotice({ tone: 'info', text: OPS_TEXTS.reconnected }),
      fail: (text) => end(text),
    }).then(
      () => mine() && ((current.current = null), setWatching(false)),
      (error: unknown) => {
        if (error instanceof ApiError && error.status !== 0) end(opsError(OPS_TEXTS.watchingError, error));
        else end(OPS_TEXTS.connectionLost);
      },
    );
  }, []);

  return { watching, notice, start, stop };
}
