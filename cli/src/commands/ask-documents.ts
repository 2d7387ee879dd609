/**
 * `credence ask --pdf a.pdf --pdf b.pdf "question"`: reads the files, uploads them to a chat one
 * by one with their progress on stderr, has them indexed (start_pdf_processing, its progress
 * through check_query), and answers the chat key the question is then asked in.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { formatDocumentSize, waitForJob, type ApiClient, type PdfProcessingResult } from '@credence/shared';
import { UsageError } from '../runtime/exit-codes.js';
import type { Context } from '../runtime/session.js';

export interface PdfInput {
  path: string;
  name: string;
  bytes: Uint8Array;
}

/** Every file, read; a missing or unreadable one (or the same name twice) is a usage error naming it. */
export async function readPdfs(paths: readonly string[]): Promise<PdfInput[]> {
  const out: PdfInput[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new UsageError(`--pdf ${path}: no such file`);
    const name = basename(path);
    if (out.some((f) => f.name === name)) throw new UsageError(`--pdf ${path}: a file named ${name} is already given`);
    out.push({ path, name, bytes: await readFile(path) });
  }
  return out;
}

/** Uploads and indexes the files in chat `key`; progress lines on stderr (never stdout). */
export async function uploadForQuestion(ctx: Context, client: ApiClient, key: string, files: readonly PdfInput[]): Promise<void> {
  const quiet = ctx.mode.json;
  for (const [i, file] of files.entries()) {
    if (!quiet) ctx.out.info(`↑ ${file.name} (${formatDocumentSize(file.bytes.length)}) ${i + 1}/${files.length}…`);
    const answer = await client.uploadPdfs(key, [{ name: file.name, bytes: file.bytes }]);
    const stored = answer.files[0];
    if (!quiet) ctx.out.info(`✓ ${file.name}: ${stored?.pages ?? '?'} pages`);
  }
  const { job_id } = await client.startPdfProcessing(key);
  const done = await waitForJob<PdfProcessingResult>(client, job_id, {
    onProgress: (p) => !quiet && ctx.out.info(`· indexing ${p.indexed ?? 0}/${p.documents ?? files.length} documents`),
  });
  if (!quiet) ctx.out.info(`✓ indexed ${done.indexed} document${done.indexed === 1 ? '' : 's'}, ${done.pages} pages`);
}
