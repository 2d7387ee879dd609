/**
 * The results of every recorded run, kept in docs/evaluations.json keyed by dataset and commit,
 * and the run each new one is compared with: the run recorded for the nearest commit this one
 * started from (the commit itself when the API's sources have uncommitted changes), or one
 * named with --baseline.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { UploadResult, EvaluatedQuestion } from './run.js';
import type { Totals } from './totals.js';

/** What decides the answers: a change elsewhere (docs, the evaluation itself) does not make a run "uncommitted". */
export const MEASURED_PATHS = ['api/src', 'shared/src', 'api/package.json', 'shared/package.json', 'package-lock.json'];
/** How far back to look for a recorded ancestor. */
const ANCESTORS = 2000;

export interface RunRecord {
  commit: string;
  /** The API's sources differed from `commit` when it ran. */
  uncommitted: boolean;
  /** ISO date and time the run ended. */
  date: string;
  engine: string;
  /** The machine's 1-minute load average when the run started and ended. */
  load: [number, number];
  /** Wall time of the whole run. */
  seconds: number;
  totals: Record<string, Totals>;
  uploads: UploadResult[];
  questions: EvaluatedQuestion[];
}

/** Dataset name → commit → its latest run. */
export type Records = Record<string, Record<string, RunRecord>>;

export interface Identity {
  commit: string;
  uncommitted: boolean;
}

const git = (cwd: string, args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/** The commit the API being measured was built from (`dir`: a folder of its checkout). */
export function identityOf(dir: string): Identity {
  const root = git(dir, ['rev-parse', '--show-toplevel']);
  const commit = git(root, ['rev-parse', 'HEAD']);
  const changed = git(root, ['status', '--porcelain', '--', ...MEASURED_PATHS]);
  return { commit, uncommitted: changed !== '' };
}

export function readRecords(file: string): Records {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Records) : {};
}

export function writeRecords(file: string, records: Records): void {
  writeFileSync(file, `${JSON.stringify(records, null, 1)}\n`);
}

/**
 * The run to compare with: `named` (a commit or any revision git knows) when given, else the
 * nearest recorded commit among `identity`'s ancestors (its own commit only when the run had
 * uncommitted changes, since a committed run replaces its own record).
 */
export function baselineOf(dir: string, runs: Record<string, RunRecord>, identity: Identity, named?: string): RunRecord | null {
  if (named) {
    const commit = git(dir, ['rev-parse', '--verify', `${named}^{commit}`]);
    const run = runs[commit];
    if (!run) throw new Error(`No run of this dataset is recorded for ${named} (${commit.slice(0, 10)}) in docs/evaluations.json`);
    return run;
  }
  const ancestors = git(dir, ['rev-list', `--max-count=${ANCESTORS}`, identity.commit]).split('\n');
  for (const commit of identity.uncommitted ? ancestors : ancestors.slice(1)) if (runs[commit]) return runs[commit];
  return null;
}
