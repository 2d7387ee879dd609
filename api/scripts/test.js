// Runs the API's suites (compiled by `tsc -b` to dist/) with Node's test runner.
// Usage: npm test -w @credence/api [-- [--engine] name-fragment...]   (only files whose path contains a fragment)
// --engine: only the suites that depend on the database engine and the job queue: every file under
// test/integration and test/e2e (the only ones that see DATABASE_URL and REDIS_URL) except those named
// in ENGINE_NEUTRAL below. The root `npm test` runs them a second time against server Postgres and Redis.
// One migrated database is made first (a PGlite data directory, or a template database on the
// server); every suite starts from a copy of it.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inGroups, writeTestEntries } from '../../scripts/test-entries.mjs';
import { testNodeFlags } from '@credence/shared/api-process';
import '../../scripts/memory-scratch.mjs';
import '../../scripts/suite-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// CREDENCE_TEST_DIST: a build in another folder (tsc -p tsconfig.json --outDir .dist-x), for parallel work.
const dist = process.env.CREDENCE_TEST_DIST ? join(process.cwd(), process.env.CREDENCE_TEST_DIST) : join(root, 'dist');
const SUITE = /\.(spec|e2e-spec|int-spec)\.js$/;

function find(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? find(path) : SUITE.test(entry.name) ? [path] : [];
  });
}

const args = process.argv.slice(2);
const engineOnly = args.includes('--engine');
const filters = args.filter((arg) => arg !== '--engine');
const ENGINE_SUITES = [join(dist, 'test', 'integration'), join(dist, 'test', 'e2e')].map((dir) => dir + sep);
// Suites whose subject takes no path that differs by engine: request validation and HTTP contracts,
// the research engines over read queries, pure parsers, ops over files and SSM; and two that open no
// database of the environment's at all (embedded-postgres tests PGlite itself, export streams rows
// from a stand-in source), which ran the same twice. Embedded PGlite is the same Postgres, so their
// SQL reads the same on both; what does differ (COPY or unnest, the job queue, Redis counters and
// sessions, advisory locks, credits under concurrency, the in-memory screener, document storage and
// search, outages) each has suites of its own that stay in the second pass. A new suite runs on both
// engines until it is named here.
const ENGINE_NEUTRAL = `
  auth-providers.e2e-spec auth-validation.e2e-spec company-explorer.e2e-spec convert-query.e2e-spec mcp.e2e-spec
  oauth.e2e-spec ops-api-log.e2e-spec ops-aws.e2e-spec ops-screens.e2e-spec ratios-one-definition.e2e-spec
  research-analyst-questions.e2e-spec research-inert-register.e2e-spec research-page-text.e2e-spec
  restructuring-llm.e2e-spec security-headers.e2e-spec security-probe.e2e-spec security-stall.e2e-spec
  us-equity-kpis.e2e-spec us-equity-source.e2e-spec webhooks-ssrf.e2e-spec
  accounts-pdf.int-spec embedded-postgres.int-spec export.int-spec lender-keys.int-spec mail.int-spec
  name-words.int-spec postcode-areas.int-spec
  research-engine.int-spec research-engine-evidence.int-spec research-engine-ixbrl.int-spec
  research-engine-trust.int-spec research-llm.int-spec research-llm-failures.int-spec research-llm-sample.int-spec
  research-llm-us.int-spec research-register.int-spec screener-identity-verification.int-spec us-sample.int-spec
`
  .split(/\s+/)
  .filter(Boolean);
const engineDependent = (file) =>
  ENGINE_SUITES.some((dir) => file.startsWith(dir)) && !ENGINE_NEUTRAL.some((name) => file.endsWith(`${sep}${name}.js`));
const files = find(dist)
  .filter((file) => !engineOnly || engineDependent(file))
  .filter((file) => filters.length === 0 || filters.some((f) => relative(root, file).includes(f)))
  .sort();
if (files.length === 0) {
  console.error(
    `No test files match ${filters.join(', ') || 'the suite pattern'} under ${relative(process.cwd(), dist)}: run the build first.`,
  );
  process.exit(1);
}

const { default: globalSetup } = await import(join(dist, 'test/support/global-setup.js'));
const { default: globalTeardown } = await import(join(dist, 'test/support/global-teardown.js'));
await globalSetup();
console.error(
  `credence api tests: ${files.length} ${engineOnly ? 'engine-dependent ' : ''}files, database: ${process.env.DATABASE_URL ? 'server Postgres' : 'embedded'}, jobs: ${process.env.REDIS_URL ? 'Redis' : 'in-process'}`,
);
// Suites share processes, a few files each: each process loads the API's modules once (about 2-4 s
// of CPU a process on this machine, more than most files' tests take). A process runs its files one
// after another, each file's hooks around its own tests; the locations still name the file. The
// unit specs beside the code (src/) take milliseconds, so more of them share one. A suite must
// therefore leave nothing process-wide behind for the next file (hooks at the top level of a file,
// outside its describe, run around every file of the process). The longest suites (15 s to a
// minute each alone, by their measured CPU) start first, each in a process of its own, so that
// neither process at a time is left running one of them alone at the end.
const UNIT = join(dist, 'src') + sep;
const FILES_A_PROCESS = { unit: 16, suite: 8 };
const LONGEST = `
  upgrade.int-spec security-probe.e2e-spec server-process.e2e-spec research-register.int-spec ops-aws.e2e-spec
  seed-process.e2e-spec document-chunks.int-spec research-engine.int-spec
`
  .split(/\s+/)
  .filter(Boolean);
const named = (list) => (file) => list.some((name) => file.endsWith(`${sep}${name}.js`));
const longest = named(LONGEST);
// The longest first, so the two processes at a time end together: the longest suites, the other
// suites, then the unit specs.
const suites = files.filter((file) => !file.startsWith(UNIT));
const { entries, remove } = writeTestEntries([
  ...LONGEST.flatMap((name) => suites.filter(named([name]))).map((file) => ({ kind: 'longest', files: [file] })),
  ...inGroups(
    suites.filter((file) => !longest(file)),
    FILES_A_PROCESS.suite,
    'suites',
  ),
  ...inGroups(
    files.filter((file) => file.startsWith(UNIT)),
    FILES_A_PROCESS.unit,
    'unit-specs',
  ),
]);
const result = spawnSync(process.execPath, [...testNodeFlags(), '--test', '--test-concurrency=2', '--test-reporter=spec', ...entries], {
  stdio: 'inherit',
  env: process.env,
});
remove();
await globalTeardown();
process.exit(result.status ?? 1);
