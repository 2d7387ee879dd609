import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { hasOpsRole } from '@credence/shared';
import { useServices, useSession } from './services.tsx';
import { PageLoading } from './root-layout.tsx';
import { useMeasuredHeight } from '../ui/use-measured-height.ts';
import { CreditsLine } from '../features/research/credits.tsx';

/** The help widget (spec 2 2.13), in its own chunk. */
const HelpWidget = lazy(() => import('../features/help/help-widget.tsx'));
/** The alerts bell (issue 29 §5), in its own chunk. */
const NotificationsBell = lazy(() => import('../features/alerts/notifications-bell.tsx'));

/** The frame of the signed-in pages: header with the databases link and the user menu. */
export default function AppShell() {
  // bars that stick under the header (the explorer's) sit exactly below it, never over it or its user menu
  const header = useMeasuredHeight<HTMLElement>('--shell-header-height');
  const { user } = useSession();
  return (
    <div className="shell">
      <header className="shell__header" ref={header}>
        <Link to="/home" className="brand">
          Credence
        </Link>
        <nav className="shell__nav" aria-label="Main">
          <NavLink to="/home" end className="shell__link">
            Databases
          </NavLink>
          <NavLink to="/uk/" className="shell__link">
            UK Companies
          </NavLink>
          <NavLink to="/watchlists" className="shell__link">
            Watchlists
          </NavLink>
          {hasOpsRole(user?.role) && (
            <>
              <NavLink to="/intern-instance-manager" className="shell__link">
                Instances
              </NavLink>
              <NavLink to="/ec2-monitoring" className="shell__link">
                Monitor
              </NavLink>
            </>
          )}
        </nav>
        {user && (
          <Suspense fallback={null}>
            <NotificationsBell />
          </Suspense>
        )}
        <UserMenu />
      </header>
      <main id="main" className="shell__main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <HelpWidget />
      </Suspense>
    </div>
  );
}

/** Initial, full name, e-mail and Log out (spec 2 section 2.4); Escape or a click outside closes it. */
function UserMenu() {
  const { client, session } = useServices();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  async function logout() {
    setLeaving(true);
    // The server forgets the session (its token stops working at once); the browser forgets it either way.
    await client.logout().catch(() => undefined);
    session.end('logout');
  }

  if (!user) return null;
  const initial = (user.full_name.trim()[0] ?? user.email[0] ?? '?').toUpperCase();
  return (
    <div className="user-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="user-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account: ${user.full_name || user.email}`}
        onClick={() => setOpen((v) => !v)}
      >
        {/* The initial is drawn by CSS (data-initial), a decoration: the toggle's visible text is the name alone,
            which its accessible name contains, as speech input needs (WCAG 2.5.3 label in name). */}
        <span className="avatar" aria-hidden="true" data-initial={initial} />
        <span className="user-menu__name">{user.full_name || user.email}</span>
      </button>
      <div id={menuId} className="user-menu__panel popover-panel" hidden={!open}>
        <p className="user-menu__who">
          <strong>{user.full_name}</strong>
          <span>{user.email}</span>
          {user.company_name ? <span>{user.company_name}</span> : null}
        </p>
        {open && <CreditsLine />}
        <button type="button" className="button button--secondary button--block" onClick={logout} disabled={leaving}>
          <span>{leaving ? 'Logging out…' : 'Log out'}</span>
        </button>
      </div>
    </div>
  );
}
