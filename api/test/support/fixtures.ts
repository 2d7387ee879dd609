import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** api/test/fixtures/companies-house/<kind>, found from wherever the build put the tests. */
export function companiesHouseFixtures(kind: 'api' | 'csv' | 'accounts' | 'psc' | 'stream'): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'test', 'fixtures', 'companies-house', kind);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`test fixtures not found: test/fixtures/companies-house/${kind}`);
}
