/**
 * `npm run eval:documents [-- <dataset dir>] [options]`: the documents evaluation through the
 * real API (api/eval/documents.js starts it). Prints each question's result and the totals by
 * question type, records the run in docs/evaluations.json under the commit measured, and writes
 * docs/evaluations.md with this run beside the run of the commit it started from.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createApiClient } from '@credence/shared';
import { DatasetError, readDataset, type Dataset } from './dataset.js';
import { baselineOf, identityOf, readRecords, writeRecords, type Identity, type RunRecord } from './records.js';
import { renderBlock, updateDocument } from './render.js';
import { runEvaluation, type RunOutcome } from './run.js';
import { ALL_TYPES, share, totalsByType, type Totals } from './totals.js';

export const USAGE = `Usage: npm run eval:documents [-- <dataset dir>] [options]

Uploads each PDF of the dataset to the real API (built, embedded database in a temporary folder,
no model), asks each question as the web app does, prints each question's result and the totals
by question type, and writes docs/evaluations.md (this run beside the run recorded for the commit
it started from) and docs/evaluations.json (every recorded run, by dataset and commit).

<dataset dir>       questions.jsonl and pdfs/ (default ../shared/datasets/financebench-dev, from the repository's root)
--baseline <rev>    compare with the run recorded for this commit instead
--only <text>       only the documents whose name contains <text> (nothing is recorded)
--no-record         print the results; write neither docs/evaluations.md nor docs/evaluations.json
--dump <dir>        write each question's answer and the stored text of its evidence pages there
--render            run nothing: rewrite docs/evaluations.md from the latest run in docs/evaluations.json
--concurrency <n>   uploads sent at once (default 2)
-h, --help          this help`;

export interface StartedApi {
  base: string;
  token: string;
  /** The server's error lines written between two instants (Date.now()). */
  serverErrors(since: number, until: number): string[];
  stop(): Promise<void>;
}

export interface MainOptions {
  argv: string[];
  /** The repository whose docs/ receive the results. */
  repoRoot: string;
  /** A folder of the checkout the measured API was built from (its commit is the run's). */
  apiDir: string;
  /** Where a relative dataset path given on the command line is read from. */
  cwd: string;
  startApi(): Promise<StartedApi>;
  print(line: string): void;
}

class UsageError extends Error {}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function options(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        baseline: { type: 'string' },
        only: { type: 'string' },
        'no-record': { type: 'boolean', default: false },
        dump: { type: 'string' },
        render: { type: 'boolean', default: false },
        concurrency: { type: 'string', default: '2' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

const fmt = (t: Totals) => {
  const r = share(t.pageRecall);
  return (
    `${t.questions} questions: evidence page recall at 5 ${r === null ? '–' : r.toFixed(2)} (${t.pageRecall.count}/${t.pageRecall.of})` +
    (t.metricAccuracy.of ? `, metric accuracy ${t.metricAccuracy.count}/${t.metricAccuracy.of}` : '') +
    (t.figuresRight.of
      ? `, numeric right ${t.figuresRight.count}/${t.figuresRight.of}, wrong with citation ${t.wrongWithCitation.count}/${t.wrongWithCitation.of}`
      : '') +
    `, declines ${t.declines.count}, errors ${t.errors}, median ${t.medianMs === null ? '–' : `${Math.round(t.medianMs)} ms`}`
  );
};

function dump(dir: string, dataset: Dataset, outcome: RunOutcome): void {
  mkdirSync(dir, { recursive: true });
  for (const q of outcome.questions) {
    const source = dataset.questions.find((d) => d.id === q.id)!;
    const parts = [
      `# ${q.id} (${q.doc}, ${q.type})`,
      `Question: ${source.question}`,
      `Gold: ${source.answer}`,
      `Evidence pages: ${q.evidencePages.join(', ')}; cited: ${q.cited.join(', ')}`,
      '',
      '## Answer',
      outcome.answers.get(q.id) ?? '(not asked)',
      ...q.evidence.flatMap((e) => [
        '',
        `## Evidence page ${e.page} as stored (dataset's words found: ${e.wordRecall?.toFixed(2) ?? '–'}; missing: ${e.missingWords.join(', ')})`,
        outcome.evidenceText.get(q.id)?.get(e.page) ?? '(not stored)',
        '',
        `## Evidence page ${e.page} as the dataset extracted it`,
        source.evidenceText[e.page] ?? '(none)',
      ]),
    ];
    writeFileSync(join(dir, `${q.id}.md`), `${parts.join('\n')}\n`);
  }
}

export async function main(opts: MainOptions): Promise<number> {
  let parsed;
  let dataset: Dataset;
  try {
    parsed = options(opts.argv);
    if (parsed.values.help) {
      opts.print(USAGE);
      return 0;
    }
    if (parsed.positionals.length > 1) throw new UsageError(`One dataset folder, not ${parsed.positionals.length}`);
    const concurrency = Number(parsed.values.concurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError('--concurrency must be a whole number of at least 1');
    const dir = parsed.positionals[0]
      ? resolve(opts.cwd, parsed.positionals[0])
      : resolve(opts.repoRoot, '..', 'shared', 'datasets', 'financebench-dev');
    dataset = readDataset(dir);
    if (parsed.values.only) {
      const only = parsed.values.only.toLowerCase();
      const documents = dataset.documents.filter((d) => d.toLowerCase().includes(only));
      if (!documents.length) throw new UsageError(`--only ${parsed.values.only}: no document of ${dataset.name} has that in its name`);
      dataset = { ...dataset, documents, questions: dataset.questions.filter((q) => documents.includes(q.doc)) };
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof DatasetError) {
      opts.print(`eval:documents: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  const { values } = parsed;
  const jsonFile = join(opts.repoRoot, 'docs', 'evaluations.json');
  const mdFile = join(opts.repoRoot, 'docs', 'evaluations.md');
  const write = (run: RunRecord, base: RunRecord | null) =>
    writeFileSync(
      mdFile,
      updateDocument(
        existsSync(mdFile) ? readFileSync(mdFile, 'utf8') : null,
        dataset.name,
        renderBlock(dataset.name, dataset.documents.length, run, base),
      ),
    );
  if (values.render) {
    const runs = readRecords(jsonFile)[dataset.name] ?? {};
    const latest = Object.values(runs).sort((a, b) => b.date.localeCompare(a.date))[0];
    if (!latest) {
      opts.print(`eval:documents: no run of ${dataset.name} is recorded in docs/evaluations.json`);
      return 1;
    }
    write(latest, baselineOf(opts.repoRoot, runs, { commit: latest.commit, uncommitted: latest.uncommitted }, values.baseline));
    opts.print(`Written: docs/evaluations.md from the run of ${latest.commit.slice(0, 10)}.`);
    return 0;
  }
  const record = !values['no-record'] && !values.only;
  let identity: Identity;
  try {
    identity = identityOf(opts.apiDir);
  } catch {
    if (record) {
      opts.print(`eval:documents: ${opts.apiDir} is not in a git checkout, and runs are recorded by commit: add --no-record`);
      return 2;
    }
    identity = { commit: 'not a git checkout', uncommitted: true };
  }
  const started = performance.now();
  const loadBefore = loadavg()[0];
  opts.print(
    `Documents evaluation: ${dataset.name}, ${plural(dataset.documents.length, 'document')}, ${plural(dataset.questions.length, 'question')}; ` +
      `API at commit ${identity.commit.slice(0, 10)}${identity.uncommitted ? ' with uncommitted changes' : ''}; load average ${loadBefore.toFixed(1)}`,
  );
  const api = await opts.startApi();
  let outcome: RunOutcome;
  try {
    outcome = await runEvaluation({
      client: createApiClient({ baseUrl: api.base, token: api.token }),
      dataset,
      concurrency: Number(values.concurrency),
      serverErrors: api.serverErrors,
      progress: opts.print,
    });
  } finally {
    await api.stop();
  }
  const totals = totalsByType(outcome.questions);
  const run: RunRecord = {
    commit: identity.commit,
    uncommitted: identity.uncommitted,
    date: new Date().toISOString(),
    engine: outcome.engines.join(', ') || 'no answer',
    load: [loadBefore, loadavg()[0]],
    seconds: (performance.now() - started) / 1000,
    totals,
    uploads: outcome.uploads,
    questions: outcome.questions,
  };
  opts.print('');
  for (const [type, t] of Object.entries(totals)) opts.print(`${type === ALL_TYPES ? 'All' : type}: ${fmt(t)}`);
  const refused = outcome.uploads.filter((u) => u.status !== null);
  opts.print(`Uploads refused: ${refused.length} of ${outcome.uploads.length}`);
  for (const u of refused) opts.print(`  ${u.doc}: ${u.status} ${u.reason}`);
  opts.print(`${Math.round(run.seconds)} s in all.`);
  if (values.dump) dump(resolve(opts.cwd, values.dump), dataset, outcome);
  if (!record) return 0;

  const records = readRecords(jsonFile);
  const runs = (records[dataset.name] ??= {});
  const base = baselineOf(opts.repoRoot, runs, identity, values.baseline);
  // one uncommitted run is kept per dataset, apart from the commits' runs
  runs[identity.uncommitted ? `${identity.commit}+uncommitted` : identity.commit] = run;
  for (const key of Object.keys(runs))
    if (key.endsWith('+uncommitted') && (!identity.uncommitted || key !== `${identity.commit}+uncommitted`)) delete runs[key];
  writeRecords(jsonFile, records);
  write(run, base);
  opts.print(`Written: docs/evaluations.md (baseline ${base ? base.commit.slice(0, 10) : 'none'}) and docs/evaluations.json.`);
  return 0;
}
