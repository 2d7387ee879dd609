import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageLine } from '../../src/platform/ai/evidence/page-lines.js';

/**
 * A development filing's page as the parser reads it, recorded in api/test/fixtures/filing-pages
 * (`node api/scripts/record-filing-pages.js`), found from wherever the build put the tests.
 */
export function recordedPage(doc: string, n: number): PageLine[] {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'test', 'fixtures', 'filing-pages', `${doc}-p${n}.json`);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as PageLine[];
  }
  throw new Error(`test fixture not found: test/fixtures/filing-pages/${doc}-p${n}.json`);
}
