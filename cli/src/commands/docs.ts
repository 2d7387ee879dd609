/**
 * `credence docs list|delete` (issue 15): the signed-in user's uploaded PDFs as a table (file,
 * chat key, pages, size, uploaded) and deleting one. `--chat <key>` narrows to one chat; a file
 * name found in several chats needs it. --json prints the API's answers.
 */
import { formatDate, formatDocumentSize, type UploadedPdf } from '@credence/shared';
import { UsageError } from '../runtime/exit-codes.js';
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { styleFor, textTable, type Style } from '../output/text.js';

export interface DocsOptions extends GlobalOptions {
  chat?: string;
}

export function docListLines(docs: readonly UploadedPdf[], width: number, style: Style): string[] {
  const rows = docs.map((d) => [
    d.file_name,
    d.chat_key,
    d.scanned ? `${d.pages} (scanned)` : String(d.pages),
    formatDocumentSize(d.size),
    formatDate(d.upload_date),
  ]);
  return textTable(
    [{ header: 'File', flexible: true }, { header: 'Chat' }, { header: 'Pages' }, { header: 'Size' }, { header: 'Uploaded' }],
    rows,
    width,
    style,
    0,
  );
}

export async function docsList(options: DocsOptions): Promise<void> {
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const docs = await client.fetchPdfList(options.chat?.trim() || undefined);
  if (ctx.mode.json) {
    ctx.out.result(JSON.stringify(docs, null, 2));
    return;
  }
  if (docs.length === 0) {
    ctx.out.info('No documents uploaded. Upload and ask with: credence ask --pdf report.pdf "What was revenue in 2024?"');
    return;
  }
  ctx.out.result(docListLines(docs, Math.max(40, ctx.mode.width), styleFor(ctx.mode.color)).join('\n'));
}

export async function docsDelete(options: DocsOptions, args: string[]): Promise<void> {
  const ctx = createContext(options);
  const name = (args[0] ?? '').trim();
  if (!name) throw new UsageError('Give the file name, e.g. credence docs delete report.pdf (names are in `credence docs list`)');
  const client = await ctx.authedClient();
  let chat = options.chat?.trim();
  if (!chat) {
    const matches = (await client.fetchPdfList()).filter((d) => d.file_name === name);
    if (matches.length === 0) throw new UsageError(`No document named ${name}: see credence docs list`);
    if (matches.length > 1)
      throw new UsageError(
        `${name} is in ${matches.length} chats (${matches.map((m) => m.chat_key).join(', ')}): give one with --chat <key>`,
      );
    chat = matches[0].chat_key;
  }
  const answer = await client.deletePdf(chat, name);
  if (ctx.mode.json) ctx.out.result(JSON.stringify(answer, null, 2));
  else ctx.out.info(answer.message);
}
