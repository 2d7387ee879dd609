/**
 * The public pages the web build rendered to HTML (web/dist/prerendered, see
 * web/scripts/prerender.js): served for their paths so a visitor without JavaScript and a crawler
 * get the content, with the site's address (PUBLIC_URL) put into canonical and Open Graph links,
 * plus the not-found page, the app's route patterns (which addresses the app answers), the sitemap
 * and robots.txt built from the same manifest.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { routeMatcher } from './route-patterns.js';

export const ORIGIN_PLACEHOLDER = '__CREDENCE_ORIGIN__';

export type ContentEncoding = 'br' | 'gzip';

/** One page's HTML, its validator, and its compressed forms (made on first request, then kept). */
export interface SitePage {
  readonly html: string;
  /** A weak validator of the content (the same whichever encoding carries it). */
  readonly etag: string;
  encoded(encoding: ContentEncoding): Promise<Buffer>;
}

export interface PrerenderedSite {
  /** The page for a path ("/pricing", "/pricing/" and "/" alike), or null. */
  page(path: string): SitePage | null;
  /**
   * The page an unknown address gets, with status 404: a public route's own not-found view when
   * the address is one of its patterns (/blogs/nope), else the site's; null when the build made none.
   */
  notFound(path: string): SitePage | null;
  /** Whether the signed-in app has a route for the path (the build lists the router's patterns). */
  isAppRoute(path: string): boolean;
  readonly paths: readonly string[];
  sitemap(): string;
  robots(): string;
}

interface Manifest {
  pages: { path: string; file: string; sitemap?: boolean }[];
  notFound?: string;
  notFoundRoutes?: { pattern: string; file: string }[];
  appRoutes?: string[];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** "/Pricing/" and "/pricing" alike: the router matches paths without case or trailing slash. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '').toLowerCase();
  return trimmed === '' ? '/' : trimmed;
}

const compressors: Record<ContentEncoding, (html: string) => Promise<Buffer>> = {
  br: (html) => promisify(brotliCompress)(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: (html) => promisify(gzip)(html, { level: 9 }),
};

function sitePage(html: string): SitePage {
  const encoded = new Map<ContentEncoding, Promise<Buffer>>();
  return {
    html,
    etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    encoded(encoding) {
      let body = encoded.get(encoding);
      if (!body) encoded.set(encoding, (body = compressors[encoding](html)));
      return body;
    },
  };
}

/** Reads the build's pages once, at start; an app built without them serves none (and an empty sitemap). */
export function loadPrerenderedSite(webRoot: string, publicUrl: string): PrerenderedSite {
  const origin = publicUrl.replace(/\/+$/, '');
  const dir = join(webRoot, 'prerendered');
  const manifestFile = join(dir, 'manifest.json');
  const read = (file: string) => sitePage(readFileSync(join(dir, file), 'utf8').split(ORIGIN_PLACEHOLDER).join(origin));
  const pages = new Map<string, SitePage>();
  const listed: string[] = [];
  let notFound: SitePage | null = null;
  const notFoundRoutes: { matches: (path: string) => boolean; page: SitePage }[] = [];
  // a build whose manifest lists no routes (or none at all): every address may be the app's
  let isAppRoute: (path: string) => boolean = () => true;
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    for (const entry of manifest.pages) {
      pages.set(normalizePath(entry.path), read(entry.file));
      // a second address of a page (its canonical link elsewhere) is not listed
      if (entry.sitemap !== false) listed.push(entry.path);
    }
    if (manifest.notFound) notFound = read(manifest.notFound);
    for (const route of manifest.notFoundRoutes ?? [])
      notFoundRoutes.push({ matches: routeMatcher([route.pattern]), page: read(route.file) });
    if (manifest.appRoutes) isAppRoute = routeMatcher(manifest.appRoutes);
  }
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...listed.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  const robots = ['User-agent: *', 'Allow: /', 'Disallow: /api/', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  return {
    page: (path) => pages.get(normalizePath(path)) ?? null,
    notFound: (path) => notFoundRoutes.find((route) => route.matches(path))?.page ?? notFound,
    isAppRoute,
    paths: [...pages.keys()],
    sitemap: () => sitemap,
    robots: () => robots,
  };
}
