/**
 * Files for cron: the target appears complete or not at all. Chunks go to a temp file in the same
 * directory, which is fsynced and renamed over the target; on any failure, or Ctrl-C / SIGTERM,
 * the temp file is deleted and an existing target is left untouched.
 */
import { randomBytes } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { CliFailure } from './exit-codes.js';

export type Chunk = Uint8Array | string;

/** ".out.xlsx.1234.a1b2c3.tmp" beside the target. */
export function tempPathFor(target: string): string {
  const full = resolve(target);
  return join(dirname(full), `.${basename(full)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** Writes every chunk to `target` atomically; answers the number of bytes written. */
export async function writeFileAtomic(target: string, chunks: AsyncIterable<Chunk> | Iterable<Chunk>): Promise<number> {
  const full = resolve(target);
  const temp = tempPathFor(full);
  const removeTemp = () => {
    try {
      unlinkSync(temp);
    } catch {
      // already gone, or not made yet
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    removeTemp();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  // Listening before the file exists: a signal between its creation and the listener would
  // otherwise end the process with the partial file left behind.
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(temp, 'wx', 0o644);
  } catch (error) {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    throw cannotCreate(full, error as NodeJS.ErrnoException);
  }
  let closed = false;
  let bytes = 0;
  try {
    for await (const chunk of chunks) {
      const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      let offset = 0;
      while (offset < data.byteLength) {
        const { bytesWritten } = await handle.write(data, offset, data.byteLength - offset);
        offset += bytesWritten;
      }
      bytes += data.byteLength;
    }
    await handle.sync();
    await handle.close();
    closed = true;
    await rename(temp, full);
    await syncDirectory(dirname(full));
    return bytes;
  } catch (error) {
    if (!closed) await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

/** A file that cannot be made where asked: the error names the file, its directory and the fix (never the temp file). */
export class OutputFileError extends CliFailure {
  constructor(
    message: string,
    readonly code: string,
    readonly path: string,
    readonly syscall = 'open',
  ) {
    super(message);
  }
}

function cannotCreate(target: string, error: NodeJS.ErrnoException): Error {
  const dir = dirname(target);
  const why: Record<string, string> = {
    ENOENT: `the directory ${dir} does not exist. Create it (mkdir -p ${dir}) or write to an existing directory`,
    ENOTDIR: `${dir} is not a directory. Give a path in an existing directory`,
    EACCES: `you may not write to the directory ${dir}. Choose a directory you can write to, or change its permissions`,
    EPERM: `you may not write to the directory ${dir}. Choose a directory you can write to, or change its permissions`,
    EROFS: `${dir} is on a read-only file system. Choose a writable directory`,
    ENOSPC: `the disk holding ${dir} is full. Free some space or choose another disk`,
  };
  const reason = error.code ? why[error.code] : undefined;
  if (!reason) return error;
  return new OutputFileError(`Cannot write ${target}: ${reason}.`, error.code!, target);
}

/** Makes the rename durable (best effort: some file systems refuse to open a directory). */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // not supported here
  }
}
