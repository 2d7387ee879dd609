import { Suspense, useEffect } from 'react';
import { Link, Outlet, useRouteError } from 'react-router';
import { watchExpiry } from '../features/session/session-store.ts';
import { ACCOUNT_MESSAGES } from '@credence/shared';
import { CookieBanner } from '../public/layout/cookie-banner.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useToaster } from '../ui/toasts.tsx';
import { useServices, useSession } from './services.tsx';

/**
 * Every page: the expiry checks (spec 1 section 4), the skip link, the loading fallback and the
 * cookie-consent banner (spec 3: for every visitor, on the public site and in the app).
 */
export function RootLayout() {
  const { session } = useServices();
  const { endedBy } = useSession();
  const toaster = useToaster();

  useEffect(() => watchExpiry(session, window as unknown as Parameters<typeof watchExpiry>[1]), [session]);
  useEffect(() => {
    if (endedBy === 'expired' || endedBy === 'rejected') toaster.show('info', ACCOUNT_MESSAGES.sessionInvalid);
  }, [endedBy, toaster]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      <CookieBanner />
    </>
  );
}

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner size="large" label="Loading" />
    </div>
  );
}

/** A route that failed to load (a chunk missing after a release) or threw while rendering. */
export function RouteError() {
  const error = useRouteError();
  const chunk =
    error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
  return (
    <main id="main" className="status-page">
      <h1>Something went wrong</h1>
      <p>{chunk ? 'A new version of Credence is available. Reload the page to continue.' : 'This page could not be shown.'}</p>
      <div className="status-page__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          <span>Reload</span>
        </button>
        <Link className="button button--secondary" to="/home">
          <span>Go to home</span>
        </Link>
      </div>
    </main>
  );
}
