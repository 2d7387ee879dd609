/** A browser page already signed in: the token stored as the app stores it, once per context. */
import type { Browser } from 'playwright-core';
import { newPage, type NewPageOptions } from './browser.ts';

export async function signedInPage(
  browser: Browser,
  baseURL: string,
  token: string,
  viewport?: { width: number; height: number },
  options?: NewPageOptions,
) {
  const opened = await newPage(browser, baseURL, viewport, options);
  await opened.context.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', value);
      sessionStorage.setItem('seeded', '1');
    }
  }, token);
  return opened;
}
