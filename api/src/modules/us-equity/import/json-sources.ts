import { readFileSync, statSync } from 'node:fs';
import yauzl from 'yauzl';
import { expandPaths } from '../../../core/import/input-files.js';

/** One JSON document of an SEC import: where it is (for bad-file messages) and its bytes. */
export interface JsonSource {
  /** `file.json` or `companyfacts.zip:CIK0000320193.json`. */
  name: string;
  /** The entry's name inside its file or archive (`CIK0000320193.json`). */
  entry: string;
  size: number;
  /** Zip entries: CRC-32 and size, known without inflating the entry. */
  fingerprint?: string;
  read(): Promise<Buffer>;
}

/** Files, directories (their `.json` files) and zip archives (their `.json` entries, read one at a time). */
export interface SourceList {
  /** Total bytes (compressed for archives), for the progress line's ETA. */
  totalBytes: number;
  files: string[];
  sources(): AsyncGenerator<JsonSource & { doneBytes: number }>;
}

const JSON_NAME = /\.json$/i;

export function listSources(paths: string[], what: string): SourceList {
  const { files: unique } = expandPaths(paths, /\.(json|zip)$/i, what, { archives: true });
  const totalBytes = unique.reduce((sum, f) => sum + statSync(f).size, 0);
  return {
    totalBytes,
    files: unique,
    async *sources() {
      let done = 0;
      for (const file of unique) {
        const size = statSync(file).size;
        if (/\.zip$/i.test(file)) {
          for await (const entry of zipEntries(file)) yield { ...entry, doneBytes: done + entry.compressedDone };
        } else {
          yield { name: file, entry: file.split(/[\\/]/).pop()!, size, read: async () => readFileSync(file), doneBytes: done + size };
        }
        done += size;
      }
    },
  };
}

type ZipSource = JsonSource & { compressedDone: number };

/**
 * The `.json` entries of a zip archive, one at a time (yauzl reads the central directory, then
 * each entry's bytes only when asked): the archive is never held in memory.
 */
async function* zipEntries(file: string): AsyncGenerator<ZipSource> {
  const zip = await new Promise<yauzl.ZipFile>((ok, fail) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, z) =>
      err ? fail(new Error(`${file}: not a readable zip archive (${err.message})`)) : ok(z),
    ),
  );
  try {
    let compressedDone = 0;
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((ok, fail) => {
        const onEntry = (e: yauzl.Entry) => {
          zip.off('end', onEnd);
          zip.off('error', onError);
          ok(e);
        };
        const onEnd = () => {
          zip.off('entry', onEntry);
          zip.off('error', onError);
          ok(null);
        };
        const onError = (err: Error) => {
          zip.off('entry', onEntry);
          zip.off('end', onEnd);
          fail(new Error(`${file}: ${err.message}`));
        };
        zip.once('entry', onEntry);
        zip.once('end', onEnd);
        zip.once('error', onError);
        zip.readEntry();
      });
      if (!entry) return;
      compressedDone += entry.compressedSize;
      if (!JSON_NAME.test(entry.fileName) || entry.fileName.endsWith('/')) continue;
      yield {
        name: `${file}:${entry.fileName}`,
        entry: entry.fileName.split('/').pop()!,
        size: entry.uncompressedSize,
        fingerprint: `crc32 ${entry.crc32.toString(16)} ${entry.uncompressedSize}`,
        compressedDone,
        read: () => readEntry(zip, entry),
      };
    }
  } finally {
    zip.close();
  }
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((ok, fail) =>
    zip.openReadStream(entry, (err, stream) => {
      if (err) return fail(err);
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', fail);
      stream.on('end', () => ok(Buffer.concat(chunks)));
    }),
  );
}
