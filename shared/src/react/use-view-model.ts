/**
 * React hooks over the view models' external stores (docs/architecture.md 1): the same hooks work
 * under React DOM (web) and Ink (terminal). Only react itself is imported here; never react-dom
 * or ink. Import from "@credence/shared/react" (the main entry never loads React).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ReadableStore } from '../view-models/store.js';

/** The whole state of a view model (or store); re-renders on every change. */
export function useViewModel<S>(model: ReadableStore<S>): S {
  return useSyncExternalStore(model.subscribe, model.getState, model.getState);
}

/** A view model with a lifecycle: start() loads, dispose() stops timers and requests (start() may follow again). */
export interface StartableViewModel<S> extends ReadableStore<S> {
  start(): void;
  dispose(): void;
}

/**
 * useViewModel plus the lifecycle: start() after mount, dispose() on unmount. Safe under React
 * StrictMode (mount, unmount, mount): every view model loads again on a start() after dispose().
 * Create the model once per screen (useState(() => createX(...))) and pass it here.
 */
export function useStartedViewModel<S>(model: StartableViewModel<S>): S {
  useEffect(() => {
    model.start();
    return () => model.dispose();
  }, [model]);
  return useViewModel(model);
}

/**
 * A slice of a store's state; re-renders only when the slice changes (by `isEqual`, default
 * Object.is). The selector may be an inline arrow that builds a new object: pass an `isEqual`
 * (e.g. shallowEqual) and the previous answer is kept while it says nothing changed.
 */
export function useStore<S, T = S>(store: ReadableStore<S>, selector?: (state: S) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const memo = useRef<SelectionMemo<S, T> | null>(null);
  const getSnapshot = () => {
    memo.current = selectWithMemo(memo.current, store.getState(), selector, isEqual);
    return memo.current.value;
  };
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}

export interface SelectionMemo<S, T> {
  state: S;
  selector: ((state: S) => T) | undefined;
  value: T;
}

/** The snapshot rule of useStore, pure so it can be tested without a renderer. */
export function selectWithMemo<S, T>(
  last: SelectionMemo<S, T> | null,
  state: S,
  selector: ((state: S) => T) | undefined,
  isEqual: (a: T, b: T) => boolean,
): SelectionMemo<S, T> {
  if (last && last.state === state && last.selector === selector) return last;
  const value = selector ? selector(state) : (state as unknown as T);
  if (last && isEqual(last.value, value)) return { state, selector, value: last.value };
  return { state, selector, value };
}

/** True when two objects hold the same keys with Object.is-equal values (for useStore's isEqual). */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every(
    (key) =>
      Object.prototype.hasOwnProperty.call(b, key) && Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
