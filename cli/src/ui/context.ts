/**
 * Contexts the App gives its screens: the size of the content area, the key handler of the top
 * screen, and the status line's transient message.
 */
import { createContext, useContext, useLayoutEffect, useRef } from 'react';
import type { Press } from './keys.js';

export interface Layout {
  /** Columns of the terminal. */
  width: number;
  /** Rows the screen may draw (the terminal less header, status bar and Ink's cursor line). */
  height: number;
}

export const LayoutContext = createContext<Layout>({ width: 80, height: 20 });

export function useLayout(): Layout {
  return useContext(LayoutContext);
}

/** A screen's key handler: answers true when it used the press (else the App's global keys run). */
export type KeyHandler = (press: Press) => boolean;

export interface KeySink {
  current: KeyHandler | null;
}

export const KeyContext = createContext<KeySink>({ current: null });

/**
 * Makes `handler` the screen's key handler (the latest render's closure is the one called). Set
 * in the commit that mounts the screen (a layout effect), so a key typed as soon as the screen
 * shows reaches it: a passive effect could run after that key.
 */
export function useKeys(handler: KeyHandler): void {
  const sink = useContext(KeyContext);
  const latest = useRef(handler);
  latest.current = handler;
  useLayoutEffect(() => {
    const forward: KeyHandler = (press) => latest.current(press);
    sink.current = forward;
    return () => {
      if (sink.current === forward) sink.current = null;
    };
  }, [sink]);
}

export type Tone = 'info' | 'error' | 'busy';

export interface StatusApi {
  /** A message in the header's right corner until replaced or cleared (null). */
  say(message: string | null, tone?: Tone): void;
}

export const StatusContext = createContext<StatusApi>({ say: () => undefined });

export function useStatus(): StatusApi {
  return useContext(StatusContext);
}
