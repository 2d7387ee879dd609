import { describe, it } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';
import { MIGRATIONS } from './index.js';

/** The migrations' TypeScript sources (this spec runs from dist/, the sources sit in src/). */
function sourceDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return here.replace(`${join('dist', 'src')}`, 'src');
}

const MIGRATION_FILE = /^\d{13}-[a-z0-9-]+\.ts$/;

describe('migrations are frozen', () => {
  const dir = sourceDir();
  const files = readdirSync(dir).filter((file) => MIGRATION_FILE.test(file));

  it('import nothing that can change later: typeorm types and their own frozen data only', () => {
    const imports = files.flatMap((file) =>
      [...readFileSync(join(dir, file), 'utf8').matchAll(/^import (type )?.*? from '([^']+)';$/gms)]
        .filter(([, type, from]) => !(type && from === 'typeorm') && !from.startsWith('./frozen/'))
        .map(([, , from]) => `${file}: ${from}`),
    );
    expect(imports).toEqual([]);
  });

  it('are all listed, in the order of their timestamps, each named after its file', () => {
    const stamps = files.map((file) => file.slice(0, 13)).sort();
    expect(MIGRATIONS.map((migration) => new migration().name.slice(-13))).toEqual(stamps);
  });
});
