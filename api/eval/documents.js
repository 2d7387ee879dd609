// npm run eval:documents [-- <dataset dir>] [options] (at the repository's root; it builds the API first):
// the documents evaluation through the real API (issue 26). Starts the built server as the benchmarks do
// (bench/support.js: its own data folder, embedded database, jobs in-process, no model, the benchmark
// administrator with credits enough), then runs dist/eval/documents/main.js against it. --help lists the options.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminHeaders, MAIN, serverEnv, startServer } from '../bench/support.js';

const here = dirname(fileURLToPath(import.meta.url));
const { main } = await import(join(here, '..', 'dist', 'eval', 'documents', 'main.js'));

/** The server's lines that name an error (a 5xx's cause), with the time each arrived. */
function errorLines(child) {
  const lines = [];
  let partial = '';
  const read = (data) => {
    // Nest's console logger colours its lines
    const text = (partial + data.toString()).replace(/\x1b\[[0-9;]*m/g, '');
    const parts = text.split('\n');
    partial = parts.pop();
    const now = Date.now();
    for (const line of parts) {
      const error = /\b([A-Z]\w*Error): (.+)/.exec(line);
      if (error) lines.push({ at: now, text: `${error[1]}: ${error[2].trim().slice(0, 200)}` });
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  return (since, until) => lines.filter((l) => l.at >= since && l.at <= until + 1000).map((l) => l.text);
}

async function startApi() {
  // EVAL_DATA_DIR keeps the server's data folder (its database with every stored page) after the run,
  // for looking at what was stored; by default a temporary folder is removed at the end
  const kept = process.env.EVAL_DATA_DIR;
  const dataDir = kept ? (mkdirSync(kept, { recursive: true }), kept) : mkdtempSync(join(tmpdir(), 'credence-eval-docs-'));
  const server = await startServer(
    serverEnv(dataDir, {
      LOG_LEVEL: 'error',
      RESEARCH_CREDITS_PER_MONTH: '1000000',
      // a reading cut short by the machine's load is not a reading error: the upload times are reported instead
      UPLOAD_PARSE_TIMEOUT_MS: '900000',
      // no model, whatever the shell has configured: the evaluation measures the built-in engine
      LLM_BASE_URL: '',
      LLM_API_KEY: '',
      LLM_MODEL: '',
      LLM_MODEL_FAST: '',
    }),
  );
  const serverErrors = errorLines(server.child);
  const { authorization } = await adminHeaders(server.base);
  return {
    base: server.base,
    token: authorization.replace(/^Bearer /, ''),
    serverErrors,
    async stop() {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill();
      await exited;
      if (!kept) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

process.exitCode = await main({
  argv: process.argv.slice(2),
  repoRoot: join(here, '..', '..'),
  apiDir: dirname(MAIN),
  cwd: process.env.INIT_CWD ?? process.cwd(),
  startApi,
  print: (line) => console.log(line),
});
