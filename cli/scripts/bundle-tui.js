// Writes dist/tui/: the full-screen UI (dist/src/ui/tui-main.js with Ink, React, the shared
// package, conf and the screens) bundled by rolldown into a few ES modules. Node loads these in
// about a third of the time it takes to load the hundreds of modules they come from (Ink's
// es-toolkit alone is hundreds), which the first frame's 600 ms budget needs. React is its
// production build here. Run by `npm run build` after tsc; src/ui/command.ts loads the bundle
// and falls back to the compiled modules when there is none (rolldown not installed).
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'tui');
rmSync(out, { recursive: true, force: true }); // never leave a bundle older than the code

let rolldown;
try {
  ({ rolldown } = await import('rolldown'));
} catch {
  console.warn('bundle-tui: rolldown is not installed; `credence tui` will run from dist/src (slower to start)');
  process.exit(0);
}

const started = performance.now();
const bundle = await rolldown({
  input: { 'tui-main': join(root, 'dist', 'src', 'ui', 'tui-main.js') },
  platform: 'node',
  // Ink imports the React devtools only when DEV=true: never in this bundle
  external: ['react-devtools-core'],
  transform: { define: { 'process.env.NODE_ENV': JSON.stringify('production') } },
  logLevel: 'warn',
});
await bundle.write({ dir: out, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' });
await bundle.close();
console.log(`bundle-tui: dist/tui written in ${(performance.now() - started).toFixed(0)} ms`);
