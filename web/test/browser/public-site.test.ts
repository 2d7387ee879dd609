/**
 * The public site in headless chromium against the real API (issue 18): every page at 1366, 1024, 768 and
 * 375 px (screenshots kept, axe-core finds nothing serious), the client hydrating the build's
 * HTML unchanged, the HTML a visitor without
 * JavaScript gets, the sitemap and robots.txt, and what `/` downloads.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { COOKIE_BANNER_DELAY_MS } from '@credence/shared';
import { startApi, WEB_DIST, type ApiServer } from '../support/api-server.ts';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { javascriptTransferred, kb } from '../support/transfer.ts';
import { PUBLIC_PAGES } from '../../src/public/site-pages.ts';

let api: ApiServer;
let browser: Browser;

before(async () => {
  [api, browser] = await Promise.all([startApi(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await api?.stop();
});

const WIDTHS = [1366, 1024, 768, 375] as const;

describe('every public page', () => {
  for (const width of WIDTHS) {
    it(`renders its heading with no serious accessibility problem at ${width} px`, async () => {
      const { context, page, errors } = await newPage(browser, api.url, { width, height: 900 }, { consent: null });
      // Time runs as usual, but each page's wait for the banner is skipped: waiting it out was
      // 1.5 s a page, about two minutes of this file's three.
      await context.clock.install();
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).origin !== new URL(api.url).origin) elsewhere.push(request.url());
      });
      try {
        // the banner is part of the page too: let it show, so axe reads it
        for (const meta of PUBLIC_PAGES) {
          await page.goto(meta.path);
          await page.locator('h1').first().waitFor();
          assert.equal(await page.title(), meta.title, `${meta.path} title`);
          await page.clock.fastForward(COOKIE_BANNER_DELAY_MS);
          await page.getByRole('region', { name: 'Cookie consent' }).waitFor();
          const problems = await seriousViolations(page);
          assert.deepEqual(problems, [], `${meta.path} at ${width} px: ${JSON.stringify(problems, null, 1)}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.ok(overflow <= 0, `${meta.path} at ${width} px scrolls sideways by ${overflow} px`);
          await screenshot(page, `public${meta.path === '/' ? '-home' : meta.path.replace(/\//g, '-')}-${width}`);
        }
        assert.deepEqual(errors, []);
        assert.deepEqual(elsewhere, [], 'no font, tracker or other request leaves the site on any page');
      } finally {
        await context.close();
      }
    });
  }
});

describe('the client taking over', () => {
  it("hydrates each page's HTML from the build as it is: same DOM, no mismatch, no layout shift", async () => {
    const { context, page, errors } = await newPage(browser, api.url, { width: 1366, height: 900 });
    try {
      // every layout shift from the first paint on (buffered), summed by the page itself
      await context.addInitScript(() => {
        const shifts: { value: number; at: string[] }[] = [];
        (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; sources?: { node?: Node }[] }[])
            shifts.push({
              value: entry.value,
              at: (entry.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? ''),
            });
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const meta of PUBLIC_PAGES) {
        await page.goto(meta.path);
        await page.waitForSelector('html[data-live="true"]', { state: 'attached' });
        const result = await page.evaluate(async () => {
          // two frames: whatever the first client render changed has been laid out and painted
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          const served = await (await fetch(location.pathname)).text();
          const root = new DOMParser().parseFromString(served, 'text/html').getElementById('root');
          return {
            served: root?.innerHTML ?? '',
            live: document.getElementById('root')!.innerHTML,
            shifts: (window as unknown as { layoutShifts: { value: number; at: string[] }[] }).layoutShifts,
          };
        });
        assert.ok(result.served.length > 1000, `${meta.path} is served with its content`);
        assert.equal(result.live, result.served, `${meta.path}: the hydrated DOM is the served HTML`);
        assert.deepEqual(result.shifts, [], `${meta.path} shifts no layout`);
      }
      assert.deepEqual(errors, [], 'no hydration mismatch reported');
    } finally {
      await context.close();
    }
  });

  it('hydrates a page built in an earlier year without a mismatch, then shows the current year', async () => {
    const { context, page, errors } = await newPage(browser, api.url);
    try {
      await page.clock.setFixedTime(new Date('2031-03-02T10:00:00Z'));
      await page.goto('/security');
      await page.waitForSelector('html[data-live="true"]', { state: 'attached' });
      await page.getByText('© 2031 Credence.', { exact: false }).waitFor();
      assert.deepEqual(errors, [], 'no hydration mismatch reported');
    } finally {
      await context.close();
    }
  });
});

describe('without JavaScript', () => {
  it('each page arrives as HTML with its heading, text and its own meta tags', async () => {
    const context = await browser.newContext({ baseURL: api.url, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      const origin = new URL(api.url).origin;
      for (const meta of PUBLIC_PAGES) {
        await page.goto(meta.path);
        const head = await page.evaluate(() => ({
          title: document.title,
          description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
          canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
          ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
          ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
          ogDescription: document.querySelector('meta[property="og:description"]')?.getAttribute('content'),
          h1: document.querySelector('h1')?.textContent,
          text: document.querySelector('main')?.textContent?.length ?? 0,
        }));
        assert.equal(head.title, meta.title);
        assert.equal(head.description, meta.description);
        assert.equal(head.ogTitle, meta.title);
        assert.equal(head.ogDescription, meta.description);
        // the API's PUBLIC_URL (unset here: localhost and its port) is the canonical address
        const canonical = meta.canonical ?? meta.path;
        assert.match(head.canonical ?? '', new RegExp(`^http://localhost:\\d+${canonical === '/' ? '/' : canonical}$`));
        assert.equal(head.ogUrl, head.canonical);
        assert.ok(head.h1 && head.h1.length > 5, `${meta.path} has a heading`);
        assert.ok(head.text > 200, `${meta.path} has its text (${head.text} characters)`);
        if (meta.path.startsWith('/products'))
          assert.deepEqual(
            await page.locator('.stats--ribbon .counter__value').allTextContents(),
            ['100K+', '10M+', '15+'],
            `${meta.path} has the statistics ribbon`,
          );
        assert.ok(origin);
      }
      // each blog post too (the build's manifest lists every page it rendered)
      const built = JSON.parse(readFileSync(join(WEB_DIST, 'prerendered', 'manifest.json'), 'utf8')) as { pages: { path: string }[] };
      const posts = built.pages.map((p) => p.path).filter((path) => path.startsWith('/blogs/'));
      assert.ok(posts.length >= 3, `the blog's posts are built (${posts.join(' ')})`);
      for (const path of posts) {
        await page.goto(path);
        const post = await page.evaluate(() => ({
          title: document.title,
          canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
          og: document.querySelector('meta[property="og:description"]')?.getAttribute('content') ?? '',
          h1: document.querySelector('h1')?.textContent ?? '',
          text: document.querySelector('main')?.textContent?.length ?? 0,
        }));
        assert.match(post.title, /· Credence blog$/, path);
        assert.ok(
          post.canonical.endsWith(path) && post.og.length > 20 && post.h1.length > 5 && post.text > 400,
          `${path}: ${JSON.stringify(post)}`,
        );
      }
      await page.goto('/privacy-policy');
      await page.getByText('Last updated January 13, 2025').waitFor();
      await page.getByText(/not meant for children under 13/).waitFor();

      await page.goto('/');
      assert.equal(await page.getByRole('link', { name: 'Log in' }).getAttribute('href'), '/login');
      for (const value of ['100K+', '10M+', '15+']) assert.ok(await page.getByText(value, { exact: true }).count(), value);
    } finally {
      await context.close();
    }
  });

  it('sitemap.xml lists every public page and robots.txt points to it', async () => {
    const sitemap = await fetch(`${api.url}/sitemap.xml`);
    assert.equal(sitemap.status, 200);
    assert.match(sitemap.headers.get('content-type') ?? '', /xml/);
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    for (const meta of PUBLIC_PAGES) {
      // a second address of a page (/revamped-website shows /solutions) is left to its canonical one
      if (meta.canonical)
        assert.ok(!locs.includes(meta.path) && locs.includes(meta.canonical), `${meta.path} left out for ${meta.canonical}`);
      else assert.ok(locs.includes(meta.path), `${meta.path} in the sitemap`);
    }
    assert.ok(locs.includes('/solutions') && !locs.includes('/revamped-website'));
    assert.ok(locs.includes('/blogs/reading-a-charge-register'), 'each blog post in the sitemap');
    const robots = await (await fetch(`${api.url}/robots.txt`)).text();
    assert.match(robots, /^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
    assert.match(robots, /^Disallow: \/api\/$/m);
  });
});

describe('what / downloads', () => {
  it('/ transfers at most 120 KB of JavaScript, brotli-compressed, none of it the signed-in app or the typed client', async () => {
    const { context, page, errors } = await newPage(browser, api.url);
    const encodings = new Map<string, string>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.endsWith('.js')) encodings.set(path, response.headers()['content-encoding'] ?? 'identity');
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Financial Data and Analytics, Reimagined' }).waitFor();
    await page.waitForLoadState('networkidle');
    const landing = await javascriptTransferred(page);
    await context.close();
    // which source modules each loaded file holds, from the build's manifest
    const manifest = JSON.parse(readFileSync(join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const sourceOf = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
    const loaded = landing.scripts.map((script) => sourceOf.get(script.path) ?? script.path);
    assert.ok(loaded.includes('src/public/pages/landing-page.tsx'), `landing chunk loaded: ${loaded.join(' ')}`);
    const notForLanding = loaded.filter((key) =>
      /^src\/(pages\/|app\/app-shell|features\/(research|screener|explorer|help|upcoming)\/|features\/api\/typed-client)/.test(key),
    );
    assert.deepEqual(notForLanding, [], 'none of the signed-in app, and not the typed client before a form is sent');
    // every script of more than a kilobyte came compressed (smaller ones are not worth it)
    const plain = landing.scripts.filter((s) => s.unpacked > 1024 && encodings.get(s.path) !== 'br').map((s) => s.path);
    assert.deepEqual(plain, [], 'each script brotli-compressed');
    assert.ok(
      landing.transferred <= 120 * 1024,
      `/ transfers ${kb(landing.transferred)} of JavaScript (${kb(landing.unpacked)} unpacked; budget 120 KB)`,
    );
    assert.ok(landing.transferred < landing.unpacked / 2.5, 'compression pays');
    assert.deepEqual(errors, []);
  });

  it('all requests of / stay on this site', async () => {
    const { context, page } = await newPage(browser, api.url);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    try {
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      const origin = new URL(api.url).origin;
      assert.deepEqual(
        requests.filter((url) => new URL(url).origin !== origin),
        [],
        'no request leaves the site',
      );
    } finally {
      await context.close();
    }
  });
});
