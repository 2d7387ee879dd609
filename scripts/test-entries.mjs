// The entry files a runner hands `node --test`: one module per process, importing that process's
// test files in order. Node sorts the files it is given by path before it starts them, so an entry
// is named after its place (`007-suites.mjs`): the runner's order (the longest first) is the order
// the files start in. Files given to node directly would sort by their own paths instead (a batch
// under /dev/shm before every file under the checkout), which left the longest for last.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Writes one entry per group (`{ kind, files }`), in the order given, into a fresh folder; answers
 * their paths and a function that removes the folder.
 */
export function writeTestEntries(groups) {
  const dir = mkdtempSync(join(tmpdir(), 'credence-test-entries-'));
  const width = String(groups.length).length;
  const entries = groups.map(({ kind, files }, i) => {
    const entry = join(dir, `${String(i + 1).padStart(width, '0')}-${kind}.mjs`);
    writeFileSync(entry, files.map((file) => `import ${JSON.stringify(pathToFileURL(file).href)};\n`).join(''));
    return entry;
  });
  return { entries, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `files` in groups of `size`, each `{ kind, files }`. */
export function inGroups(files, size, kind) {
  const groups = [];
  for (let i = 0; i < files.length; i += size) groups.push({ kind, files: files.slice(i, i + size) });
  return groups;
}
