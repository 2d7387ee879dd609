// After `vite build`: renders every public page to HTML (src/public/prerender.tsx, built for
// Node into .prerender-build) and writes dist/prerendered/: one .html per page, from the built
// index.html with the page's title, description, canonical link, Open Graph tags, content and the
// stylesheets of its chunks, plus manifest.json (the pages, for the API's sitemap). The site's
// address is left as __CREDENCE_ORIGIN__; the API puts its PUBLIC_URL there when it serves a page.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const ssrOut = join(web, '.prerender-build');
export const ORIGIN = '__CREDENCE_ORIGIN__';

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The stylesheets the public chunks import (the browser would add them when the chunks load). */
function publicStylesheets(manifest) {
  const css = new Set();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (key.startsWith('src/public/')) for (const file of chunk.css ?? []) css.add(file);
  }
  return [...css].map((file) => `<link rel="stylesheet" href="/${file}" />`).join('\n    ');
}

function headFor(page) {
  const url = `${ORIGIN}${page.canonical ?? page.path}`;
  return [
    `<title>${escape(page.title)}</title>`,
    `<meta name="description" content="${escape(page.description)}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Credence" />`,
    `<meta property="og:title" content="${escape(page.title)}" />`,
    `<meta property="og:description" content="${escape(page.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
  ].join('\n    ');
}

/** The not-found page's head: no address of its own, and not for search engines. */
function notFoundHead(page) {
  return [
    `<title>${escape(page.title)}</title>`,
    `<meta name="description" content="${escape(page.description)}" />`,
    `<meta name="robots" content="noindex" />`,
  ].join('\n    ');
}

export function fileFor(path) {
  return path === '/' ? 'index.html' : `${path.slice(1).replace(/\//g, '__')}.html`;
}

rmSync(ssrOut, { recursive: true, force: true });
await build({
  root: web,
  logLevel: 'warn',
  build: { ssr: 'src/public/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false },
});
try {
  const { renderPublicPage, PAGES, NOT_FOUND_PAGE, NOT_FOUND_ROUTES, APP_ROUTE_PATTERNS } = await import(
    pathToFileURL(join(ssrOut, 'prerender.js')).href
  );
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const styles = publicStylesheets(manifest);
  const out = join(dist, 'prerendered');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const render = async (page, head, file) => {
    const body = await renderPublicPage(page.path);
    // The first paint waits until the whole page is parsed (rel=expect, render-blocking): a browser
    // short of CPU otherwise paints a half-parsed header, whose links then move as the rest arrives.
    const html = template
      .replace(/<title>[^<]*<\/title>/, `${head}\n    ${styles}\n    <link rel="expect" href="#page-end" blocking="render" />`)
      .replace('<div id="root"></div>', `<div id="root">${body}</div><span id="page-end" hidden></span>`);
    if (!html.includes(body)) throw new Error(`index.html has no empty <div id="root"></div> to fill for ${page.path}`);
    writeFileSync(join(out, file), html);
  };
  const pages = [];
  for (const page of PAGES) {
    await render(page, headFor(page), fileFor(page.path));
    // a second address of a page (its canonical elsewhere) stays out of the sitemap
    pages.push({ path: page.path, file: fileFor(page.path), sitemap: page.canonical === undefined });
  }
  await render(NOT_FOUND_PAGE, notFoundHead(NOT_FOUND_PAGE), '404.html');
  // an unknown value of a public route's parameter (/blogs/nope): that route's own not-found view
  const notFoundRoutes = [];
  for (const route of NOT_FOUND_ROUTES) {
    const file = `404${fileFor(route.pattern).replace(/:/g, '')}`;
    await render({ ...NOT_FOUND_PAGE, path: route.path }, notFoundHead(NOT_FOUND_PAGE), file);
    notFoundRoutes.push({ pattern: route.pattern, file });
  }
  const site = { origin: ORIGIN, pages, notFound: '404.html', notFoundRoutes, appRoutes: APP_ROUTE_PATTERNS };
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(site, null, 2)}\n`);
  console.log(`prerendered ${pages.length} public pages and 404.html into dist/prerendered (${APP_ROUTE_PATTERNS.length} app routes)`);
} finally {
  rmSync(ssrOut, { recursive: true, force: true });
}
