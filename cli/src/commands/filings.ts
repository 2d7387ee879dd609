/**
 * `credence filings <number>`: the filing history, and `credence filing <number> <transaction-id>`:
 * one filing's document, to a file written atomically (or to stdout when it is a pipe).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILINGS_TEXTS, filingDocumentFileName, formatDate, type FilingListItem, type FilingsByCategory } from '@credence/shared';
import { writeFileAtomic } from '../runtime/atomic-write.js';
import { CliFailure, UsageError } from '../runtime/exit-codes.js';
import { count } from '../runtime/output.js';
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { companyNumberArg, explainNotFound } from './company-number.js';
import { viewFor } from './company.js';
import { filingLines } from './company-view.js';

/** Only the filings of one category (the API's category names, e.g. accounts, officers). */
export function filterCategory(filings: FilingsByCategory, category: string | undefined): FilingsByCategory {
  if (category === undefined) return filings;
  const wanted = category.trim().toLowerCase();
  const names = Object.keys(filings).sort();
  if (!names.includes(wanted)) {
    throw new UsageError(
      `--category must be one of this company's categories: ${names.join(', ') || '(none: no filings)'}; not "${category}"`,
    );
  }
  return { [wanted]: filings[wanted] };
}

export async function filings(options: GlobalOptions & { category?: string }, args: string[]): Promise<void> {
  const ctx = createContext(options);
  const number = companyNumberArg(args[0]);
  const client = await ctx.authedClient();
  const answer = filterCategory(await client.filings(number).catch(explainNotFound), options.category);
  if (ctx.mode.json) {
    ctx.out.result(JSON.stringify(answer, null, 2));
    return;
  }
  const all = Object.values(answer).flat();
  if (all.length === 0) {
    ctx.out.info(FILINGS_TEXTS.empty);
    return;
  }
  ctx.out.result(filingLines(answer, viewFor(ctx), 0).join('\n'));
  const documents = all.filter((f) => f.document_id).length;
  ctx.out.info(
    `${count(all.length)} ${all.length === 1 ? 'filing' : 'filings'}, ${count(documents)} with a document` +
      (documents > 0 ? ` · download one with: credence filing ${number} <transaction-id> --output file.pdf` : ''),
  );
}

function findFiling(answer: FilingsByCategory, transactionId: string): FilingListItem | null {
  for (const list of Object.values(answer)) {
    const found = list.find((f) => f.transaction_id === transactionId);
    if (found) return found;
  }
  return null;
}

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'application/xhtml+xml': 'xhtml', 'text/html': 'html' };

async function* bodyOf(response: Response): AsyncGenerator<Uint8Array> {
  if (!response.body) return;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) yield chunk;
}

export async function filing(options: GlobalOptions & { output?: string }, args: string[]): Promise<void> {
  const ctx = createContext(options);
  const number = companyNumberArg(args[0]);
  const transactionId = (args[1] ?? '').trim();
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(transactionId)) {
    throw new UsageError(
      `"${args[1] ?? ''}" is not a transaction id: \`credence filings ${number}\` lists them (the Transaction ID column)`,
    );
  }
  const output = options.output?.trim();
  if (options.output !== undefined && output === '')
    throw new UsageError('--output needs a file name, e.g. --output accounts.pdf (or - for stdout)');
  const toStdout = output === '-' || (output === undefined && !ctx.mode.stdoutIsTTY && !ctx.mode.json);
  const client = await ctx.authedClient();
  const item = findFiling(await client.filings(number).catch(explainNotFound), transactionId);
  if (!item)
    throw new CliFailure(`No filing ${transactionId} for company ${number}: \`credence filings ${number}\` lists its transaction ids.`);
  const fileName = filingDocumentFileName(item);
  const when = formatDate(item.date);
  if (!fileName) {
    throw new CliFailure(
      `Filing ${transactionId} (${item.type}, ${when}) has no document to download${item.paper_filed ? ': it was filed on paper' : ''}. Filings with one show PDF in \`credence filings ${number}\`.`,
    );
  }
  const response = await client.filingDocument(number, fileName);
  const contentType = (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0].trim().toLowerCase();
  const extension = EXTENSIONS[contentType] ?? 'bin';
  if (toStdout) {
    await pipeline(Readable.from(bodyOf(response)), process.stdout).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
    return;
  }
  const path = output ?? `${number}-${transactionId}.${extension}`;
  if (extension !== 'pdf' && /\.pdf$/i.test(path))
    ctx.out.info(`Note: this document is ${contentType}, not a PDF (accounts filed as iXBRL); it is saved as it was filed.`);
  let bytes: number;
  try {
    bytes = await writeFileAtomic(path, bodyOf(response));
  } catch (error) {
    // Hang up, so that the process ends now and not at the server's timeout.
    await response.body?.cancel().catch(() => undefined);
    const fileError =
      typeof (error as { path?: unknown }).path === 'string' && typeof (error as { syscall?: unknown }).syscall === 'string';
    if ((error as { name?: string }).name === 'ApiError' || fileError) throw error;
    throw new CliFailure(
      `The download stopped before it was complete (${(error as Error).message}); nothing was written to ${path}. Try again.`,
    );
  }
  if (ctx.mode.json) {
    ctx.out.result(
      JSON.stringify(
        {
          path,
          bytes,
          content_type: contentType,
          company_number: number,
          transaction_id: transactionId,
          document_id: item.document_id,
          type: item.type,
          date: item.date,
        },
        null,
        2,
      ),
    );
  } else {
    ctx.out.info(`${item.type} of ${when}: ${count(bytes)} bytes → ${path}`);
  }
}
