/**
 * What the screens are given: the typed API client (the only way to the API), where it points,
 * and the clock. Tests pass a fake client and a zero database delay; `credence tui` the real ones.
 */
import { createContext, useContext } from 'react';
import type { ApiClient, CurrentUserResponse, Scheduler } from '@credence/shared';

export type UserState =
  | { status: 'loading' }
  | { status: 'signed-in'; user: Pick<CurrentUserResponse, 'email' | 'full_name'> }
  | { status: 'signed-out'; reason: string };

export interface TuiServices {
  client: ApiClient;
  apiUrl: string;
  /** Milliseconds the database loading screen shows (spec 2 2.3: random 600 to 1000). */
  databaseDelay(): number;
  /** Colours in styled text (false with NO_COLOR or --no-color). Default true. */
  color?: boolean;
  /** The view models' clock (debounces); tests pass a manual one. Default: real timers. */
  scheduler?: Scheduler;
}

export const ServicesContext = createContext<TuiServices | null>(null);

export function useServices(): TuiServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside <App>');
  return services;
}

/** spec 2 2.3: the database loading screen lasts a random 600 to 1000 ms. */
export const randomDatabaseDelay = (): number => 600 + Math.floor(Math.random() * 401);
