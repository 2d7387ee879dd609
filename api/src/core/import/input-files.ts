import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The files an import reads: each path as given, a directory standing for every file in it whose
 * name matches `pattern`, in natural order (part2 before part10). Shared by the companies-csv,
 * psc-snapshot and SEC importers (`archives`: zip files are read as they are). Throws with a
 * message a user can act on.
 */
export function expandPaths(
  paths: string[],
  pattern: RegExp,
  what: string,
  options: { archives?: boolean } = {},
): { files: string[]; directories: string[] } {
  if (paths.length === 0)
    throw new Error(
      `no file given: name the ${what} file(s)${options.archives ? ', a directory holding them or the zip archive' : ' or a directory holding them'}`,
    );
  const files: string[] = [];
  const directories: string[] = [];
  for (const path of paths) {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      throw new Error(`${path}: no such file or directory`);
    }
    if (stat.isDirectory()) {
      const found = readdirSync(path)
        .filter((name) => pattern.test(name) && statSync(join(path, name)).isFile())
        .sort(naturalOrder)
        .map((name) => join(path, name));
      if (found.length === 0) throw new Error(`${path}: no ${what} files in this directory (looked for names like ${pattern.source})`);
      files.push(...found);
      directories.push(path);
    } else {
      if (!options.archives && /\.zip$/i.test(path))
        throw new Error(`${path} is a zip archive: unzip it first (unzip "${path}") and import what it holds`);
      files.push(path);
    }
  }
  // The same file named twice (a directory and a file in it) is read once.
  const seen = new Set<string>();
  return { files: files.filter((file) => !seen.has(resolve(file)) && seen.add(resolve(file))), directories };
}

const collator = new Intl.Collator('en', { numeric: true });

function naturalOrder(a: string, b: string): number {
  return collator.compare(a, b);
}

/** Parts missing from a multi-part set (`...-part3_7.csv`, `..._3of32.txt`), for a warning. */
export function missingParts(files: string[], part: RegExp): string[] {
  const sets = new Map<string, { of: number; have: Set<number> }>();
  for (const file of files) {
    const match = part.exec(file);
    if (!match) continue;
    const [, stem, n, of] = match;
    const key = `${stem}|${of}`;
    const set = sets.get(key) ?? { of: Number(of), have: new Set<number>() };
    set.have.add(Number(n));
    sets.set(key, set);
  }
  const missing: string[] = [];
  for (const { of, have } of sets.values()) {
    for (let n = 1; n <= of; n++) if (!have.has(n)) missing.push(`${n} of ${of}`);
  }
  return missing;
}
