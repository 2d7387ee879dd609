/**
 * The tiny external store every view model keeps its state in. Framework-free: React (DOM or
 * Ink) reads it through useSyncExternalStore (shared/src/react), tests and headless code read
 * getState() directly. Each change makes a new state object, so "did it change" is `!==`.
 */

export type Listener = () => void;
export type Unsubscribe = () => void;

/** What a view (or a hook) needs to read a store: the current state and change notices. */
export interface ReadableStore<S> {
  getState(): S;
  subscribe(listener: Listener): Unsubscribe;
}

/** A partial state to merge, or an updater from the current state to one. */
export type StateUpdate<S> = Partial<S> | ((state: S) => Partial<S>);

export interface Store<S> extends ReadableStore<S> {
  /** Merges `update` into the state (shallow); listeners hear of it only when a value changed. */
  setState(update: StateUpdate<S>): void;
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<Listener>();
  return {
    getState: () => state,
    setState(update) {
      const partial = typeof update === 'function' ? update(state) : update;
      const keys = Object.keys(partial) as (keyof S)[];
      if (keys.every((key) => Object.is(state[key], partial[key]))) return;
      state = { ...state, ...partial };
      // a copy: a listener that unsubscribes (or subscribes) while we notify must not skip others
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
