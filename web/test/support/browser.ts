/**
 * Headless chromium from the system (never a downloaded browser), driven by playwright-core:
 * Debian's `chromium-headless-shell` where it is installed, else its `chromium`. CHROMIUM_PATH
 * points elsewhere when needed.
 *
 * The headless shell is the same Chromium without the desktop browser around it (the old headless
 * mode, as Playwright runs its own headless tests): a fifth less CPU for the same browser files on
 * the 2-core machine, where the browser suite is CPU-bound (docs/decisions.md, "CI and npm test").
 * It has no PDF viewer: the files that open a PDF in a tab launch the whole browser. The benches
 * measure what users run, the whole `chromium`.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { COOKIE_CONSENT_KEY, storedCookieConsent } from '@credence/shared';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { WEB_ROOT } from './api-server.ts';

const FULL_CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) || !existsSync(FULL_CHROMIUM) ? HEADLESS_SHELL : FULL_CHROMIUM);
export const ARTIFACTS = join(WEB_ROOT, 'test-artifacts');
export const SCREENSHOTS = join(ARTIFACTS, 'screenshots');

export interface LaunchBrowserOptions {
  /**
   * The whole browser, with its built-in PDF viewer, for a file whose tests open a PDF in a tab
   * (the headless shell has no viewer: it downloads the file instead).
   */
  pdfViewer?: boolean;
}

export async function launchBrowser({ pdfViewer = false }: LaunchBrowserOptions = {}): Promise<Browser> {
  const executablePath = pdfViewer ? (process.env.CHROMIUM_PATH ?? FULL_CHROMIUM) : CHROMIUM;
  if (!existsSync(executablePath)) {
    throw new Error(
      `No chromium at ${executablePath}: install it with \`apt-get update && apt-get install -y ${pdfViewer ? 'chromium' : 'chromium-headless-shell'}\` (or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface NewPageOptions {
  /**
   * The cookie-consent choice stored before any page opens (spec 3's cookie-consent key):
   * `declined` by default so the banner never covers what a test clicks; `null` for a first visit
   * (the banner's own tests).
   */
  consent?: 'accepted' | 'declined' | null;
}

/** A fresh context (its own localStorage) at a laptop width; console errors are collected. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 860 },
  { consent = 'declined' }: NewPageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
  context.setDefaultTimeout(10_000);
  if (consent) {
    // only where nothing is stored yet: a choice the page makes survives reloads
    const stored = { key: COOKIE_CONSENT_KEY, value: storedCookieConsent(consent) };
    await context.addInitScript(({ key, value }) => {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    }, stored);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/the server responded with a status of (400|401|403|404|409)/.test(message.text()))
      errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

/**
 * Screenshots are for a person looking over the pages (web/test-artifacts/screenshots), not for
 * an assertion, and each costs chromium 0.2-0.35 s of CPU (the suite takes about 135): they are
 * taken when CREDENCE_SCREENSHOTS=1, as `npm run test:browser -w @credence/web` sets. `npm test`
 * and CI run the same steps and assertions without them. `fullPage: false` takes the viewport,
 * what the analyst sees at that moment; a locator takes that element.
 */
export async function screenshot(target: Page | Locator, name: string, { fullPage = true } = {}): Promise<string | null> {
  if (process.env.CREDENCE_SCREENSHOTS !== '1') return null;
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
  return path;
}
