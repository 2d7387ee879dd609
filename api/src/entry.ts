import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_ROOT } from './paths.js';

const modified = (path: string): number => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;

/**
 * The module an entry point (`main`, `credence-admin`) runs: its bundle (dist/bundle, written by
 * scripts/bundle.js) when the bundle was completed after everything it is made from last changed
 * (the API's and the shared package's compiled code: each `tsc -b` that writes rewrites its build
 * info; and the installed packages), else the compiled module `compiled`. So a `tsc -b` run after
 * the bundle, as while developing, is always what runs. CREDENCE_NO_BUNDLE=1 runs the compiled
 * modules (to profile them, say). Why a bundle: docs/decisions.md, "The API runs from a bundle".
 */
export function entryModule(name: 'main' | 'credence-admin', compiled: URL, root = API_ROOT, env = process.env): string {
  if (env.CREDENCE_NO_BUNDLE !== '1') {
    const bundle = join(root, 'dist', 'bundle');
    const completed = modified(join(bundle, '.complete'));
    const inputs = [
      join(root, 'dist', 'tsconfig.tsbuildinfo'),
      join(root, '..', 'shared', 'tsconfig.tsbuildinfo'),
      join(root, '..', 'node_modules', '.package-lock.json'),
    ];
    if (completed > 0 && inputs.every((input) => modified(input) <= completed)) return pathToFileURL(join(bundle, `${name}.js`)).href;
  }
  return compiled.href;
}
