/**
 * `credence ask --pdf a.pdf --pdf b.pdf "question"`: reads the files, uploads them to a chat one
 * by one with their progress on stderr, has them indexed (start_pdf_processing, its progress
 * through check_query), and answers the chat key the question is then asked in. A file the API
 * refuses is named on stderr with its reason; the question is then not asked (exit 1).
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  formatDocumentSize,
  uploadFailureText,
  waitForJob,
  type ApiClient,
  type ApiError,
  type PdfProcessingResult,
} from '@credence/shared';
import { wrap } from '../output/text.js';
import { CliFailure, UsageError } from '../runtime/exit-codes.js';
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

/** A refused file's line on stderr: "✗ " and its reason, wrapped to the terminal's width under its start. */
export function failureLines(text: string, width: number): string[] {
  return wrap(text, Math.max(20, width) - 2).map((line, i) => (i === 0 ? `✗ ${line}` : `  ${line}`));
}

/** The call failed for the whole session, not for this file (no server, not signed in): stop at once. */
function stopsEveryFile(error: unknown): boolean {
  const status = (error as { name?: string; status?: number })?.name === 'ApiError' ? (error as { status: number }).status : null;
  return status === null || status === 0 || status === 401 || status === 403;
}

/**
 * Uploads and indexes the files in chat `key`; progress lines on stderr (never stdout). Each file
 * is its own request: a refused one is named with its reason and what to do (uploadFailureText, as
 * the web dialog words it), the others go on uploading, and then the question is not asked (an
 * answer over some of the files asked about could mislead): CliFailure, exit 1.
 */
export async function uploadForQuestion(ctx: Context, client: ApiClient, key: string, files: readonly PdfInput[]): Promise<void> {
  const quiet = ctx.mode.json;
  const failed: string[] = [];
  for (const [i, file] of files.entries()) {
    if (!quiet) ctx.out.info(`↑ ${file.name} (${formatDocumentSize(file.bytes.length)}) ${i + 1}/${files.length}…`);
    try {
      const answer = await client.uploadPdfs(key, [{ name: file.name, bytes: file.bytes }]);
      const stored = answer.files[0];
      if (!quiet) ctx.out.info(`✓ ${file.name}: ${stored?.pages ?? '?'} pages`);
    } catch (error) {
      if (stopsEveryFile(error)) throw error;
      failed.push(file.name);
      // a refusal is shown in --json mode too: it is on stderr, and it says why the command failed
      ctx.out.info(failureLines(uploadFailureText(file.name, error as ApiError), ctx.mode.width).join('\n'));
    }
  }
  if (failed.length) throw new CliFailure(notUploaded(failed, files.length - failed.length, key));
  const { job_id } = await client.startPdfProcessing(key);
  const done = await waitForJob<PdfProcessingResult>(client, job_id, {
    onProgress: (p) => !quiet && ctx.out.info(`· indexing ${p.indexed ?? 0}/${p.documents ?? files.length} documents`),
  });
  if (!quiet) ctx.out.info(`✓ indexed ${done.indexed} document${done.indexed === 1 ? '' : 's'}, ${done.pages} pages`);
}

function notUploaded(failed: readonly string[], kept: number, key: string): string {
  const names = failed.join(', ');
  const them = failed.length === 1 ? 'it' : 'them';
  const where = kept
    ? ` The ${kept === 1 ? 'file' : `${kept} files`} that uploaded ${kept === 1 ? 'is' : 'are'} in chat ${key} (credence docs list --chat ${key}).`
    : '';
  return `Not uploaded: ${names} (the reason is above), so the question was not asked. Fix ${them} or leave ${them} out, and run the command again.${where}`;
}
