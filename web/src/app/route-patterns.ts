/**
 * The path patterns a route table answers ("/login", "/reset-password/:token", "/uk/*"), read from
 * the router's own definition: the build writes the app's into the prerender manifest, and the
 * API answers 404 for any address none of them (nor a prerendered page) matches.
 */
import type { RouteObject } from 'react-router';

const join = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

/**
 * Every pattern a route of `routes` renders at, in the router's syntax, leaving out the subtrees in
 * `except` (the public site, whose pages are prerendered and known by path) and catch-all `*`
 * routes at the root, which would match anything.
 */
export function routePatterns(routes: readonly RouteObject[], except: readonly RouteObject[] = []): string[] {
  const patterns = new Set<string>();
  const visit = (route: RouteObject, base: string) => {
    if (except.includes(route)) return;
    const here = route.path === undefined ? base : join(base, route.path);
    if ((route.path !== undefined || route.index) && here !== '/*') patterns.add(here);
    for (const child of route.children ?? []) visit(child, here);
  };
  for (const route of routes) visit(route, '/');
  return [...patterns].sort();
}
