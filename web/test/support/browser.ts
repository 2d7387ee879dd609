/**
 * Headless chromium from the system (Debian's `chromium` package; never a downloaded browser),
 * driven by playwright-core. CHROMIUM_PATH points elsewhere when needed.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { COOKIE_CONSENT_KEY, storedCookieConsent } from '@credence/shared';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { WEB_ROOT } from './api-server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = join(WEB_ROOT, 'test-artifacts');
export const SCREENSHOTS = join(ARTIFACTS, 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No chromium at ${CHROMIUM}: install it with \`apt-get update && apt-get install -y chromium\` (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
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

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
