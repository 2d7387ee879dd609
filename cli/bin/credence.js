#!/usr/bin/env node
// The `credence` terminal client. The code is in dist/ (npm run build -w @credence/cli): its bundle, else the compiled modules.
// `--version` and `[command] --help` are answered here from package.json and the help text
// written at build time (dist/help-cache.json), without loading commander or any command.
// CommonJS on purpose (bin/package.json): it starts faster than an ES module.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

const args = process.argv.slice(2);
const read = (path) => readFileSync(join(__dirname, path), 'utf8');

function fastPath() {
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    return `${JSON.parse(read('../package.json')).version}\n`;
  }
  const last = args[args.length - 1];
  if (last !== '--help' && last !== '-h') return null;
  const path = args.slice(0, -1);
  if (path.some((word) => !/^[a-z]+$/.test(word))) return null;
  const width = process.stdout.isTTY ? process.stdout.columns : 80;
  try {
    const cache = JSON.parse(read('../dist/help-cache.json'));
    // Written at 80 columns: a terminal of another width gets commander's help, wrapped at its own width.
    if (cache.version !== JSON.parse(read('../package.json')).version || (process.stdout.isTTY && width !== cache.width)) return null;
    return cache.help[path.join(' ')] ?? null;
  } catch {
    return null; // built without the cache: commander prints it
  }
}

const fast = fastPath();
if (fast !== null) {
  process.stdout.write(fast);
} else {
  // The bundle (dist/bundle/main.mjs, scripts/bundle.js) loads in a fraction of the compiled modules'
  // time; a build without rolldown has only those.
  const load = (...path) => import(pathToFileURL(join(__dirname, '..', 'dist', ...path)).href);
  load('bundle', 'main.mjs')
    .catch((error) => {
      if (error.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('main.mjs')) return load('src', 'main.js');
      throw error;
    })
    .then(
      (main) => main.run(process.argv),
      (error) => {
        process.stderr.write(`credence is not built (${error.code || error.message}): run \`npm run build -w @credence/cli\`\n`);
        process.exitCode = 1;
      },
    );
}
