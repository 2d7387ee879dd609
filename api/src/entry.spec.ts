import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { expect } from 'expect';
import { entryModule } from './entry.js';

/** An API package folder beside a shared one: compiled at `compiledAt`, bundled at `bundledAt` (seconds; null: no bundle). */
function install(compiledAt: number, bundledAt: number | null): string {
  const top = mkdtempSync(join(tmpdir(), 'credence-entry-'));
  const root = join(top, 'api');
  const touch = (path: string, at: number) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, '');
    utimesSync(path, at, at);
  };
  touch(join(root, 'dist', 'tsconfig.tsbuildinfo'), compiledAt);
  touch(join(top, 'shared', 'tsconfig.tsbuildinfo'), 1_000);
  touch(join(top, 'node_modules', '.package-lock.json'), 1_000);
  if (bundledAt !== null) touch(join(root, 'dist', 'bundle', '.complete'), bundledAt);
  return root;
}

const compiled = new URL('file:///somewhere/dist/src/server.js');

describe('the entry points run the bundle only while it is current', () => {
  it('runs the bundle completed after the last compile', () => {
    const root = install(2_000, 3_000);
    expect(entryModule('main', compiled, root, {})).toBe(pathToFileURL(join(root, 'dist', 'bundle', 'main.js')).href);
    expect(entryModule('credence-admin', compiled, root, {})).toBe(pathToFileURL(join(root, 'dist', 'bundle', 'credence-admin.js')).href);
  });

  it('runs the compiled code once a compile (tsc -b) wrote after the bundle, or when there is no bundle', () => {
    expect(entryModule('main', compiled, install(4_000, 3_000), {})).toBe(compiled.href);
    expect(entryModule('main', compiled, install(4_000, null), {})).toBe(compiled.href);
  });

  it('runs the compiled code when the shared package or the installed packages changed after the bundle', () => {
    const root = install(2_000, 3_000);
    utimesSync(join(root, '..', 'node_modules', '.package-lock.json'), 5_000, 5_000);
    expect(entryModule('main', compiled, root, {})).toBe(compiled.href);
    const other = install(2_000, 3_000);
    utimesSync(join(other, '..', 'shared', 'tsconfig.tsbuildinfo'), 5_000, 5_000);
    expect(entryModule('main', compiled, other, {})).toBe(compiled.href);
  });

  it('runs the compiled code when CREDENCE_NO_BUNDLE=1', () => {
    expect(entryModule('main', compiled, install(2_000, 3_000), { CREDENCE_NO_BUNDLE: '1' })).toBe(compiled.href);
  });
});
