// npm run bench:start-import (in api/, after `npm run build` at the root): the CPU an API process
// spends loading its modules (node dist/src/app.module.js imported in a fresh process), against the
// same with the libraries the API now loads on first use imported too (the export, PDF, MCP, mail,
// LLM and Redis libraries: how every start loaded them before), interleaved in one run. Every API
// start pays it: the product's, each test suite's, credence-admin's.
//
//   node bench/start-import.js [rounds]      (default 9; the median of each)
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const APP = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'src', 'app.module.js')).href;
const ROUNDS = Number(process.argv[2] ?? 9);
/** What the API imported at every start before they moved to first use. */
const ON_FIRST_USE = [
  'exceljs',
  'bull',
  'pdfkit',
  'pdfjs-dist/legacy/build/pdf.mjs',
  '@modelcontextprotocol/sdk/server/mcp.js',
  '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js',
  'zod',
  'ioredis',
  'nodemailer',
  'openai',
];

const measure = (extra) => {
  const script = `
    const started = performance.now();
    await import(${JSON.stringify(APP)});
    for (const name of ${JSON.stringify(extra)}) await import(name);
    const cpu = process.cpuUsage();
    console.log(JSON.stringify({ cpu: (cpu.user + cpu.system) / 1000, wall: performance.now() - started }));`;
  const env = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env,
    cwd: dirname(fileURLToPath(APP)),
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').pop());
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const now = [];
const before = [];
for (let i = 0; i < ROUNDS; i++) {
  now.push(measure([]));
  before.push(measure(ON_FIRST_USE));
}
const row = (name, runs) =>
  `| ${name} | ${median(runs.map((r) => r.cpu)).toFixed(0)} ms | ${median(runs.map((r) => r.wall)).toFixed(0)} ms |`;
console.log(
  `API module load, median of ${ROUNDS} fresh processes each, interleaved (load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`,
);
console.log('| | CPU (whole process) | wall (the import) |\n| --- | ---: | ---: |');
console.log(row('the libraries loaded at start too (before)', before));
console.log(row('on first use (now)', now));
