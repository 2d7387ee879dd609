// Runs a package's build step only when its inputs changed since the step last succeeded: the
// SHA-256 of every input file's path and content (and of the settings named) is kept in a stamp
// file beside the output, and a step whose stamp matches is skipped. `npm start` builds every
// package on each start; tsc -b is incremental on its own, and this makes the web app's Vite
// build and prerender and the terminal client's bundle so too (docs/decisions.md, "Builds").
//
//   node scripts/build-unless-unchanged.mjs --name web --stamp web/dist/.inputs \
//     --input web/src --input web/index.html --env-prefix VITE_ -- "vite build && node scripts/prerender.js"
//
// Paths are relative to the current directory (npm runs a workspace's scripts in its folder);
// the command runs there through the shell. FORCE_BUILD=1 builds whatever the stamp says.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.test-dist', 'test-artifacts', '.git']);

function parse(argv) {
  const split = argv.indexOf('--');
  if (split < 0 || split === argv.length - 1)
    throw new Error('usage: build-unless-unchanged --name N --stamp FILE --input PATH... [--env-prefix P] [--value V] -- "command"');
  const options = { name: 'build', stamp: '', inputs: [], envPrefixes: [], values: [], command: argv.slice(split + 1).join(' ') };
  for (let i = 0; i < split; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--name') options.name = value;
    else if (flag === '--stamp') options.stamp = value;
    else if (flag === '--input') options.inputs.push(value);
    else if (flag === '--env-prefix') options.envPrefixes.push(value);
    else if (flag === '--value') options.values.push(value);
    else throw new Error(`build-unless-unchanged: unknown option ${flag}`);
  }
  if (!options.stamp || options.inputs.length === 0)
    throw new Error('build-unless-unchanged: --stamp and at least one --input are required');
  return options;
}

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !(entry.isDirectory() && SKIPPED_DIRS.has(entry.name)))
    .flatMap((entry) => files(join(path, entry.name)));
}

/**
 * The fingerprint of the inputs: each file's path and bytes, the settings' names and values, and
 * the year (the web build prints it in the public footer).
 */
function inputsHash({ inputs, envPrefixes, values }) {
  const hash = createHash('sha256');
  hash.update(`year=${new Date().getFullYear()}\0`);
  for (const file of inputs.flatMap(files).sort()) {
    hash.update(`${relative('.', file)}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  for (const [key, value] of Object.entries(process.env)
    .filter(([key]) => envPrefixes.some((prefix) => key.startsWith(prefix)))
    .sort(([a], [b]) => a.localeCompare(b)))
    hash.update(`${key}=${value}\0`);
  for (const value of values) hash.update(`${value}\0`);
  return hash.digest('hex');
}

const options = parse(process.argv.slice(2));
const before = inputsHash(options);
const stamped = existsSync(options.stamp) ? readFileSync(options.stamp, 'utf8').trim() : null;
if (stamped === before && process.env.FORCE_BUILD !== '1') {
  console.log(`${options.name}: inputs unchanged since the last build, kept as built (FORCE_BUILD=1 builds anyway)`);
  process.exit(0);
}
// a failed or interrupted build leaves no stamp, so the next run builds again
rmSync(options.stamp, { force: true });
const result = spawnSync(options.command, { shell: true, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
// inputs edited while the build ran: no stamp, so the next run builds them
if (inputsHash(options) === before) writeFileSync(options.stamp, `${before}\n`);
