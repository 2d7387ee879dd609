/**
 * A browser suite over the real API with generated sample companies: before() starts the API and
 * chromium (each kept as soon as it is up, so after() closes it even if the other failed to start)
 * and signs the admin in; after() stops both. Read api, browser and token inside the tests.
 */
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApi, type ApiServer } from './api-server.ts';
import { launchBrowser, type LaunchBrowserOptions } from './browser.ts';
import { loginToken } from './http.ts';

export interface SampleSuite {
  readonly api: ApiServer;
  readonly browser: Browser;
  /** The admin's bearer token. */
  readonly token: string;
}

export function sampleDataSuite(companies = 400, browserOptions: LaunchBrowserOptions = {}): SampleSuite {
  const suite = {} as { api: ApiServer; browser: Browser; token: string };
  before(async () => {
    const launched = launchBrowser(browserOptions).then((b) => (suite.browser = b));
    suite.api = await startApi({ SAMPLE_COMPANIES: String(companies) });
    await launched;
    suite.token = await loginToken(suite.api, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  after(async () => {
    await suite.browser?.close();
    await suite.api?.stop();
  });
  return suite;
}
