#!/usr/bin/env node
// Entry point of `credence-admin`; the code is compiled to dist/ by `npm run build`.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/src/bin/credence-admin.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('credence-admin: the API is not built yet. Run `npm run build` (or `npm start`) at the repository root first.\n');
  process.exit(1);
}
await import(entry.href);
