/**
 * The public pages the web build rendered to HTML (web/dist/prerendered, see
 * web/scripts/prerender.js): served for their paths so a visitor without JavaScript and a crawler
 * get the content, with the site's address (PUBLIC_URL) put into canonical and Open Graph links,
 * plus the sitemap and robots.txt built from the same list.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ORIGIN_PLACEHOLDER = '__CREDENCE_ORIGIN__';

export interface PrerenderedSite {
  /** The page's HTML for a path ("/pricing", "/pricing/" and "/" alike), or null. */
  page(path: string): string | null;
  readonly paths: readonly string[];
  sitemap(): string;
  robots(): string;
}

interface Manifest {
  pages: { path: string; file: string }[];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Reads the build's pages once, at start; an app built without them serves none (and an empty sitemap). */
export function loadPrerenderedSite(webRoot: string, publicUrl: string): PrerenderedSite {
  const origin = publicUrl.replace(/\/+$/, '');
  const dir = join(webRoot, 'prerendered');
  const manifestFile = join(dir, 'manifest.json');
  const pages = new Map<string, string>();
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    for (const entry of manifest.pages) {
      const html = readFileSync(join(dir, entry.file), 'utf8').split(ORIGIN_PLACEHOLDER).join(origin);
      pages.set(normalizePath(entry.path), html);
    }
  }
  const paths = [...pages.keys()];
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  const robots = ['User-agent: *', 'Allow: /', 'Disallow: /api/', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  return {
    page: (path) => pages.get(normalizePath(path)) ?? null,
    paths,
    sitemap: () => sitemap,
    robots: () => robots,
  };
}
