/**
 * The JavaScript a page has loaded, as chromium's resource timing counts it: bytes on the wire
 * (compressed, response headers included: what DevTools calls "transferred") and unpacked.
 */
import type { Page } from 'playwright-core';

export interface ScriptTransfer {
  path: string;
  transferred: number;
  unpacked: number;
}

export async function javascriptTransferred(page: Page): Promise<{ scripts: ScriptTransfer[]; transferred: number; unpacked: number }> {
  const scripts = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, transferred: entry.transferSize, unpacked: entry.decodedBodySize })),
  );
  const sum = (key: 'transferred' | 'unpacked') => scripts.reduce((total, script) => total + script[key], 0);
  return { scripts, transferred: sum('transferred'), unpacked: sum('unpacked') };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
