// Writes dist/bundle/: the server (dist/src/server.js as main.js), credence-admin
// (dist/src/bin/admin-cli.js as credence-admin.js) and the worker threads they start, with the
// shared package, Nest, Fastify's core and the smaller packages bundled by rolldown into a few
// ES modules (each command and lazily loaded feature stays its own chunk). Node loads these in
// about two thirds of the CPU time it takes to resolve, read and compile the thousands of modules
// they come from (docs/decisions.md, "The API runs from a bundle"). dist/src/main.js and
// bin/credence-admin.js run the bundle only while it is newer than the compiled code
// (src/entry.ts); without rolldown (a production install) there is no bundle and they run
// dist/src.
//
// Left outside (loaded from node_modules at run time): packages with native code or WebAssembly,
// those that find files beside themselves, and every package that keeps process-wide state that
// another package outside the bundle also reads (one copy of each: validation metadata, pg's type
// parsers, the Reflect polyfill).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'dist', 'src');
const out = join(root, 'dist', 'bundle');
rmSync(out, { recursive: true, force: true }); // never leave a bundle older than the code

let rolldown;
try {
  ({ rolldown } = await import('rolldown'));
} catch {
  console.warn('bundle: rolldown is not installed; the API will run from dist/src (slower to start)');
  process.exit(0);
}

const OUTSIDE = [
  // native code, WebAssembly, files beside themselves
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'pdfjs-dist',
  'ssh2',
  'cpu-features',
  'msgpackr',
  'swagger-ui-dist',
  'pdfkit',
  'pino',
  'thread-stream',
  'bull',
  /^@fastify\//,
  // state shared with packages outside
  'typeorm',
  'reflect-metadata',
  'class-validator',
  'class-transformer',
  'pg',
  /^pg-/,
  'bullmq',
  'ioredis',
  // optional Nest transports, not installed
  /^@nestjs\/(microservices|websockets|platform-express)/,
];
const outside = (id) => OUTSIDE.some((rule) => (typeof rule === 'string' ? id === rule || id.startsWith(`${rule}/`) : rule.test(id)));

const started = performance.now();
const bundle = await rolldown({
  input: {
    main: join(src, 'server.js'),
    'credence-admin': join(src, 'bin', 'admin-cli.js'),
    // Started by `new URL('./<name>.js', import.meta.url)` from the modules that run them: in the
    // bundle, beside those modules' chunks.
    'seed-worker': join(src, 'modules', 'companies-house', 'seed', 'seed-worker.js'),
    'search-worker': join(src, 'modules', 'ops', 'logs', 'search-worker.js'),
    'companyfacts.worker': join(src, 'modules', 'us-equity', 'import', 'companyfacts.worker.js'),
    'pdf-extract-worker': join(src, 'modules', 'documents', 'pdf-extract-worker.js'),
  },
  platform: 'node',
  external: outside,
  logLevel: 'warn',
});
await bundle.write({ dir: out, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' });
await bundle.close();
mkdirSync(out, { recursive: true });
// Written last: src/entry.ts runs the bundle only when this is newer than what it was made from.
writeFileSync(join(out, '.complete'), `${new Date().toISOString()}\n`);
console.log(`bundle: dist/bundle written in ${(performance.now() - started).toFixed(0)} ms`);
