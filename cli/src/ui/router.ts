/**
 * The screen stack. Enter pushes, Esc pops, `H` resets to home. Only the top screen is mounted;
 * each stack entry keeps the view models its screen made (`useEntryModel`), so going back finds
 * the search text, the selection and the scroll position as they were. Popping an entry disposes
 * its models.
 */
import { createContext, useCallback, useContext, useRef, useState } from 'react';

export type CreditorsTabName = 'lenders' | 'charges' | 'chargeCompanies';

export type Route =
  | { name: 'home' }
  | { name: 'search'; query?: string }
  | { name: 'company'; companyNumber: string; companyName?: string }
  | { name: 'screener' }
  | { name: 'creditors'; tab?: CreditorsTabName }
  /** A database of the selector that has no interface yet (spec 2 2.3). */
  | { name: 'construction'; title: string; commands?: string[] }
  /** The AI research chat, about a company when one is given (issue 14). */
  | { name: 'chat'; companyNumber?: string; companyName?: string; chatId?: string }
  /** The ops tools: instances, logs, screens (issue 17). */
  | { name: 'ops' }
  /** The alerts of your watched companies, live (issue 29). */
  | { name: 'alerts' };

export interface StackEntry {
  id: number;
  route: Route;
  /** View models made by this entry's screen, by key; kept while the entry is on the stack. */
  models: Map<string, unknown>;
}

export interface Router {
  stack: readonly StackEntry[];
  top: StackEntry;
  push(route: Route): void;
  /** Back one screen; false when already at the bottom. */
  pop(): boolean;
  replace(route: Route): void;
  /** Back to one screen (home). */
  reset(route: Route): void;
}

let nextId = 1;
export function entry(route: Route): StackEntry {
  return { id: nextId++, route, models: new Map() };
}

/** Calls dispose() on every model of the entries that leave the stack. */
export function disposeEntries(entries: readonly StackEntry[]): void {
  for (const e of entries) {
    for (const model of e.models.values()) (model as { dispose?: () => void }).dispose?.();
    e.models.clear();
  }
}

/** The stack after an action, pure (the App keeps it in state). */
export function nextStack(
  stack: readonly StackEntry[],
  action: { type: 'push' | 'replace' | 'reset'; route: Route } | { type: 'pop' },
): readonly StackEntry[] {
  switch (action.type) {
    case 'push':
      return [...stack, entry(action.route)];
    case 'pop':
      return stack.length > 1 ? stack.slice(0, -1) : stack;
    case 'replace':
      return [...stack.slice(0, -1), entry(action.route)];
    case 'reset':
      return [entry(action.route)];
  }
}

/** Title of a route for the header's breadcrumb. */
export function routeTitle(route: Route): string {
  switch (route.name) {
    case 'home':
      return 'Databases';
    case 'search':
      return 'Search';
    case 'company':
      return route.companyName ? `${route.companyName} (${route.companyNumber})` : route.companyNumber;
    case 'screener':
      return 'UK Company Screener';
    case 'creditors':
      return 'UK Creditor Screener';
    case 'construction':
      return route.title;
    case 'ops':
      return 'Ops';
    case 'alerts':
      return 'Alerts';
    case 'chat':
      return route.companyName || route.companyNumber ? `Ask · ${route.companyName ?? route.companyNumber}` : 'AI Research Chat';
  }
}

export const RouterContext = createContext<Router | null>(null);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter outside <App>');
  return router;
}

export const EntryContext = createContext<StackEntry | null>(null);

/** A view model kept with this screen's stack entry: made once by `create`, reused after Esc. */
export function useEntryModel<T>(key: string, create: () => T): T {
  const current = useContext(EntryContext);
  const fallback = useRef<T | null>(null);
  if (!current) {
    fallback.current ??= create();
    return fallback.current;
  }
  if (!current.models.has(key)) current.models.set(key, create());
  return current.models.get(key) as T;
}

export type Setter<T> = (next: T | ((old: T) => T)) => void;

/**
 * useState over a box that a key handler can read at once. React renders a change later (after
 * the next key press may already have arrived: Ink's updates are scheduled, not flushed), so
 * handlers read `get()`, which `set()` updates immediately; the value returned is what to draw.
 */
export function useBoxState<T>(box: { value: T }): [T, Setter<T>, () => T] {
  const [value, setValue] = useState(box.value);
  const set = useCallback<Setter<T>>(
    (next) => {
      const value = typeof next === 'function' ? (next as (old: T) => T)(box.value) : next;
      box.value = value;
      setValue(value);
    },
    [box],
  );
  const get = useCallback(() => box.value, [box]);
  return [value, set, get];
}

/** useBoxState of this component. */
export function useFreshState<T>(initial: T): [T, Setter<T>, () => T] {
  const box = useRef({ value: initial }).current;
  return useBoxState(box);
}

/** useBoxState kept with the stack entry: a screen finds its state again after Esc. */
export function useEntryState<T>(key: string, initial: T): [T, Setter<T>, () => T] {
  return useBoxState(useEntryModel(`state:${key}`, () => ({ value: initial })));
}
