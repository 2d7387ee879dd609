import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { publicPageMeta } from '../site-pages.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import '../public.css';
import '../pages.css';
import '../blog/blog.css';

/**
 * Scrolls to the address's #anchor once the page shows it (the company page's team, careers,
 * contact), and to the top on moving to another page; never on the first render, where the
 * visitor may already have scrolled the server's HTML.
 */
function useHashScroll(): void {
  const { hash, pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const initial = first.current;
    first.current = false;
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else if (!initial) window.scrollTo(0, 0);
  }, [hash, pathname]);
}

/** Marks the page as running (the server's HTML is inert until then): tests and tools wait for it. */
function useLiveMarker(): void {
  useEffect(() => {
    document.documentElement.dataset.live = 'true';
  }, []);
}

/** Title, description and canonical link follow the page when the visitor moves between public pages. */
function usePageMeta(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = publicPageMeta(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
    if (!meta) return;
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
    document
      .querySelector('link[rel="canonical"]')
      ?.setAttribute('href', new URL(meta.canonical ?? meta.path, window.location.origin).href);
  }, [pathname]);
}

/** Every marketing page: the public header, the page and the footer (the root layout adds the cookie banner). */
export function PublicLayout() {
  const { pathname } = useLocation();
  useHashScroll();
  usePageMeta();
  useLiveMarker();
  return (
    <div className="public-site">
      <SiteHeader landing={pathname === '/'} />
      <Outlet />
      <SiteFooter />
    </div>
  );
}

export default PublicLayout;
