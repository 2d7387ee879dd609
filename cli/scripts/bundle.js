// Writes dist/bundle/: the `credence` binary's code (dist/src/main.js) and the full-screen UI
// (dist/src/ui/tui-main.js) with Ink, React, commander, the shared package and conf, bundled by
// rolldown into a few ES modules with the chunks the two share. Node loads these in a fraction of
// the time it takes to load the hundreds of modules they come from (Ink's es-toolkit alone is
// hundreds; shared's barrel 170): the first frame's 600 ms budget needs it, and so does every
// command a script or cron job runs. Commands still load their code on first use (each is its own
// chunk). React is its production build here. Run by `npm run build` after tsc; bin/credence.js
// loads the bundle and falls back to the compiled modules when there is none (rolldown not installed).
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'bundle');
rmSync(out, { recursive: true, force: true }); // never leave a bundle older than the code
rmSync(join(root, 'dist', 'tui'), { recursive: true, force: true }); // where earlier builds put the UI's

let rolldown;
try {
  ({ rolldown } = await import('rolldown'));
} catch {
  console.warn('bundle: rolldown is not installed; `credence` will run from dist/src (slower to start)');
  process.exit(0);
}

const started = performance.now();
const bundle = await rolldown({
  input: { main: join(root, 'dist', 'src', 'main.js'), 'tui-main': join(root, 'dist', 'src', 'ui', 'tui-main.js') },
  platform: 'node',
  // Ink imports the React devtools only when DEV=true: never in this bundle
  external: ['react-devtools-core'],
  transform: { define: { 'process.env.NODE_ENV': JSON.stringify('production') } },
  logLevel: 'warn',
});
await bundle.write({ dir: out, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' });
await bundle.close();
console.log(`bundle: dist/bundle written in ${(performance.now() - started).toFixed(0)} ms`);
