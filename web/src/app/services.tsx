/** The app's services, created once per page load: the session and the API client that follows it. */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { createWebApi, type WebApi } from '../features/api/web-api.ts';
import { createSessionStore, type SessionState, type SessionStore } from '../features/session/session-store.ts';

export interface Services extends WebApi {
  session: SessionStore;
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function createServices(): Services {
  const session = createSessionStore({ storage: browserStorage() });
  const api = createWebApi({ baseUrl: window.location.origin, session });
  // Another tab signed in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === 'token') session.reload();
  });
  return { session, ...api };
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}

const noSubscription = () => () => undefined;
const signedOut = () => null;

/**
 * Whether a session is held, also where no services exist (the public pages rendered to HTML at
 * build time read as signed out).
 */
export function useSignedIn(): boolean {
  const session = useContext(ServicesContext)?.session;
  const state = useSyncExternalStore(session?.subscribe ?? noSubscription, session?.getState ?? signedOut, signedOut);
  return Boolean(state?.token);
}

export function useSession(): SessionState {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
