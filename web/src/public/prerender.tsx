/**
 * The build's server renderer (scripts/prerender.js runs it after the client build): each public
 * page rendered to HTML through the app's own routes, so a visitor without JavaScript and a
 * crawler read the same headings and text the app shows.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routePatterns } from '../app/route-patterns.ts';
import { routes } from '../app/routes.tsx';
import { ServicesProvider, type Services } from '../app/services.tsx';
import { createWebApi } from '../features/api/web-api.ts';
import { createSessionStore } from '../features/session/session-store.ts';
import { ToastProvider } from '../ui/toasts.tsx';

import { POSTS } from './blog/posts.ts';
import { publicRoutes } from './public-routes.ts';
import { NOT_FOUND_PAGE, PUBLIC_PAGES, type PublicPageMeta } from './site-pages.ts';

/** Every page to render: the public pages and one per blog post. */
export const PAGES: readonly PublicPageMeta[] = [
  ...PUBLIC_PAGES,
  ...POSTS.map((post) => ({ path: `/blogs/${post.slug}`, title: `${post.title} · Credence blog`, description: post.summary })),
];

/** The not-found page (404.html), rendered at an address only the catch-all route answers. */
export { NOT_FOUND_PAGE };

/**
 * The signed-in app's path patterns, from the route table itself: the API serves the app for
 * these and 404 for any other address that is not a prerendered page.
 */
export const APP_ROUTE_PATTERNS: readonly string[] = routePatterns(routes, [publicRoutes]);

/**
 * Where the site answers an unknown address with a page of its own: a public route with a
 * parameter (a blog post that does not exist shows the blog's "Article not found"). Each is
 * rendered with a value no page has, so the 404 the server sends is what the client renders.
 */
export const NOT_FOUND_ROUTES: readonly { pattern: string; path: string }[] = routePatterns([publicRoutes])
  .filter((pattern) => pattern.includes('/:'))
  .map((pattern) => ({ pattern, path: pattern.replace(/:[^/]+/g, '__no-such-page__').replace(/\?/g, '') }));

/** Services that never run: the build renders what a signed-out visitor first sees. */
function buildServices(): Services {
  const session = createSessionStore({ storage: null });
  return { session, ...createWebApi({ baseUrl: 'http://localhost', session }) };
}

/** The markup of `path` inside #root. */
export async function renderPublicPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect (${context.status}) instead of a page`);
  if (context.statusCode !== 200) throw new Error(`${path} rendered status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <ServicesProvider services={buildServices()}>
        <ToastProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ToastProvider>
      </ServicesProvider>
    </StrictMode>,
  );
}
