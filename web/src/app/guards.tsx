/** Route guards of spec 1 sections 2 and 6: who may see which page. */
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { HOME_PATH, LOGIN_PATH, loginPathFor, safeRedirect } from '../features/session/redirect.ts';
import { useSession } from './services.tsx';

/**
 * Signed-in pages: without a live session, /login with this address as the redirect (or /signup,
 * where spec 3 section 6 sends visitors: data insights).
 */
export function RequireSession({ to = 'login' }: { to?: 'login' | 'signup' }) {
  const { token, endedBy } = useSession();
  const location = useLocation();
  if (token) return <Outlet />;
  // After a logout the user asked to leave: a plain /login, no way back in the address.
  const target = endedBy === 'logout' ? LOGIN_PATH : loginPathFor(location);
  return <Navigate to={to === 'signup' ? target.replace(LOGIN_PATH, '/signup') : target} replace />;
}

/**
 * Pages for visitors: a signed-in user goes on to the redirect parameter or the home page
 * (/login, /signup), or straight home (forgot and reset password: spec says /us, which is not
 * built yet; the home page is the one authenticated start page that exists).
 */
export function SignedOutOnly({ honourRedirect }: { honourRedirect: boolean }) {
  const { token } = useSession();
  const [params] = useSearchParams();
  if (!token) return <Outlet />;
  return <Navigate to={honourRedirect ? safeRedirect(params.get('redirect'), HOME_PATH) : HOME_PATH} replace />;
}
