import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { hintFromFileName, MappingError, recogniseDocument } from '../../../platform/register/ch-api.mapper.js';
import { CompanyGroup, CompanyNotInDatabase, isDataError, writeCompanyGroup, type Source } from './ch-api.writer.js';
import { SummaryBuilder, type ImportContext, type Importer, type ImportSummary } from '../../../core/import/importer.js';

/**
 * `credence-admin import ch-api <file|dir>...`: JSON exactly as the Companies House public data
 * API returns it. Each file holds one document (.json) or one per line (JSON Lines: .jsonl,
 * .ndjson, or a .json whose first line is a whole document). A document is recognised by its
 * `kind` where it has one, else its structure; lists that do not say their company take it from
 * their links, a `{"company_number", "resource", "data"}` wrapper, or the file name
 * `<company number>-<resource>.json`. Each company is written in one transaction, its profile
 * first; lists of a company that is neither stored nor in the input are reported.
 */

const EXTENSIONS = /\.(json|jsonl|ndjson)$/i;
/** Above this size a .json file is read line by line, as JSON Lines. */
const WHOLE_FILE_LIMIT = 256 * 1024 * 1024;

export const chApiImporter: Importer = {
  kind: 'ch-api',
  description:
    'Companies House API JSON: profile, officers, PSCs and statements, charges, filing history (.json or JSON Lines; a list that ' +
    'names no company takes it from its file name <number>-<resource>.json or a {"company_number","resource","data"} wrapper)',
  run: importChApi,
};

interface Located {
  source: Source;
  value?: unknown;
  error?: string;
  /** Bytes of the file consumed so far. */
  bytes: number;
}

export async function importChApi(context: ImportContext, paths: string[]): Promise<ImportSummary> {
  const summary = new SummaryBuilder('ch-api', [], context.reporter);
  const files: string[] = [];
  for (const path of [...new Set(paths)]) {
    try {
      files.push(...(await expand(path)));
    } catch {
      summary.bad({ file: path, line: 1, reason: 'no such file or directory' });
    }
  }
  summary.summary.files = files;
  const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
  const totalBytes = sizes.reduce((a, b) => a + b, 0);
  let doneBytes = 0;

  const seen = new Set<string>();
  const deferred = new Map<string, CompanyGroup>();
  let pending: CompanyGroup | null = null;
  const aborted = () => context.signal?.aborted ?? false;

  const flush = async (group: CompanyGroup, final: boolean) => {
    try {
      const result = await context.dataSource.transaction((manager) => writeCompanyGroup(manager, group, seen));
      for (const [table, count] of Object.entries(result.tables)) summary.wrote(table, count);
      for (const key of result.written) seen.add(key);
      for (const note of result.notes) context.reporter.info(`ch-api: ${note}`);
    } catch (error) {
      if (!isDataError(error)) throw error;
      if (error instanceof CompanyNotInDatabase && !final) {
        // Its profile may come later in the input: try again at the end.
        const earlier = deferred.get(group.companyNumber);
        if (earlier) earlier.merge(group);
        else deferred.set(group.companyNumber, group);
        return;
      }
      const reason =
        error instanceof CompanyNotInDatabase ? error.message : `company ${group.companyNumber} not stored: ${(error as Error).message}`;
      for (const source of group.sources) summary.bad({ ...source, reason });
    }
  };

  for (const [index, file] of files.entries()) {
    if (aborted()) break;
    const hint = hintFromFileName(basename(file));
    for await (const doc of readDocuments(file, sizes[index])) {
      if (doc.error !== undefined) {
        summary.summary.read++;
        summary.bad({ ...doc.source, reason: doc.error });
        continue;
      }
      let recognised;
      try {
        recognised = recogniseDocument(doc.value, hint);
      } catch (error) {
        if (!(error instanceof MappingError)) throw error;
        summary.summary.read++;
        summary.bad({ ...doc.source, reason: error.message });
        continue;
      }
      if (pending && pending.companyNumber !== recognised.companyNumber) {
        if (aborted()) break;
        await flush(pending, false);
        pending = null;
      }
      pending ??= new CompanyGroup(recognised.companyNumber);
      const before = pending.records;
      try {
        const problems = pending.add(recognised, doc.source);
        for (const problem of problems) summary.bad({ ...doc.source, reason: problem.reason });
      } catch (error) {
        if (!(error instanceof MappingError)) throw error;
        summary.summary.read++;
        summary.bad({ ...doc.source, reason: error.message });
      }
      summary.summary.read += pending.records - before;
      context.reporter.progress(summary.summary.read, doneBytes + doc.bytes, totalBytes);
    }
    doneBytes += sizes[index];
  }
  if (!aborted()) {
    if (pending) await flush(pending, false);
    for (const group of deferred.values()) {
      if (aborted()) break;
      await flush(group, true);
    }
  }
  context.reporter.progress(summary.summary.read, doneBytes, totalBytes);
  return summary.finish();
}

/** A file as given, or every .json/.jsonl/.ndjson file under a directory, in name order. */
async function expand(path: string): Promise<string[]> {
  const info = await stat(path);
  if (!info.isDirectory()) return [path];
  const found: string[] = [];
  const walk = async (dir: string) => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && EXTENSIONS.test(entry.name)) found.push(full);
    }
  };
  await walk(path);
  return found;
}

/** The documents of a file with the line each starts on; unparseable ones as errors. */
async function* readDocuments(file: string, size: number): AsyncGenerator<Located> {
  const ext = extname(file).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson' || size > WHOLE_FILE_LIMIT) {
    yield* readLines(file);
    return;
  }
  const content = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  try {
    const value = JSON.parse(content);
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) yield { source: { file, line: firstLine(content) }, value: v, bytes: size };
    return;
  } catch (error) {
    // JSON Lines in a .json file: the first non-empty line is a whole document on its own.
    const lines = content.split('\n');
    const first = lines.findIndex((l) => l.trim() !== '');
    if (first >= 0 && parses(lines[first])) {
      let bytes = 0;
      for (const [i, line] of lines.entries()) {
        bytes += Buffer.byteLength(line) + 1;
        if (line.trim() === '') continue;
        yield parseLine(file, i + 1, line, Math.min(bytes, size));
      }
      return;
    }
    yield { source: { file, line: errorLine(error as Error, content) }, error: `not valid JSON: ${(error as Error).message}`, bytes: size };
  }
}

async function* readLines(file: string): AsyncGenerator<Located> {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let number = 0;
  let bytes = 0;
  for await (const raw of lines) {
    number++;
    bytes += Buffer.byteLength(raw) + 1;
    const line = number === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (line.trim() === '') continue;
    yield parseLine(file, number, line, bytes);
  }
}

function parseLine(file: string, line: number, text: string, bytes: number): Located {
  try {
    return { source: { file, line }, value: JSON.parse(text), bytes };
  } catch (error) {
    return { source: { file, line }, error: `not valid JSON: ${(error as Error).message}`, bytes };
  }
}

function parses(text: string): boolean {
  try {
    const value = JSON.parse(text);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

function firstLine(content: string): number {
  const at = content.search(/\S/);
  return at < 0 ? 1 : content.slice(0, at).split('\n').length;
}

/** The line a JSON.parse error points at ("... at position 123" or "(line 5 column 3)"). */
function errorLine(error: Error, content: string): number {
  const line = /\(line (\d+) column \d+\)/.exec(error.message);
  if (line) return Number(line[1]);
  const position = /at position (\d+)/.exec(error.message);
  if (position) return content.slice(0, Number(position[1])).split('\n').length;
  return content.split('\n').length;
}
