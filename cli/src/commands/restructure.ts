/**
 * `credence restructure` (issue 15, spec 3 restructuring workspace): uploads the PDFs given (with
 * progress on stderr) to a workspace, or reads one already uploaded (--chat), runs the plan and
 * the query job as the web page does (shared flow, its stages and errors worded by the shared
 * restructuring view model), saves the chat, and prints a block per
 * instrument with each cell's page; --output writes the API's xlsx (sheets Table and
 * Observations) atomically; --json prints the job's result.
 */
import {
  checkColumnList,
  newChatKey,
  restructuringErrorText,
  restructuringRows,
  RESTRUCTURING_STAGE_TEXTS,
  runRestructuringQuery,
  WORKFLOW_CATEGORIES,
  type RestructuringResult,
  type SavedRestructuringRun,
  type WorkflowCategory,
} from '@credence/shared';
import type { Style } from '../output/text.js';
import { writeFileAtomic } from '../runtime/atomic-write.js';
import { CliFailure, UsageError, xlsxOutput } from '../runtime/exit-codes.js';
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { readPdfs, uploadForQuestion } from './ask-documents.js';

export interface RestructureOptions extends GlobalOptions {
  pdf?: string[];
  chat?: string;
  columns?: string;
  category?: string;
  output?: string;
}

export const DEFAULT_RESTRUCTURE_QUERY = 'Capital structure: every instrument and facility in these documents';

export interface RestructureRequest {
  query: string;
  category: WorkflowCategory;
  columns: string[] | undefined;
  chat: string | undefined;
}

/** The run from the arguments and flags; UsageError for anything a person should fix. */
export function restructureRequest(options: RestructureOptions, args: string[]): RestructureRequest {
  const query = args.join(' ').replace(/\s+/g, ' ').trim() || DEFAULT_RESTRUCTURE_QUERY;
  const chat = options.chat?.trim();
  if (chat === '') throw new UsageError('--chat takes a workspace key (see `credence docs list`)');
  if (!options.pdf?.length && !chat)
    throw new UsageError('Give the documents: --pdf agreement.pdf [--pdf prospectus.pdf ...], or --chat <key> for ones already uploaded');
  const category = (options.category ?? 'restructuring') as WorkflowCategory;
  if (!WORKFLOW_CATEGORIES.includes(category))
    throw new UsageError(`--category takes ${WORKFLOW_CATEGORIES.join(' or ')}, not "${options.category}"`);
  let columns: string[] | undefined;
  if (options.columns !== undefined) {
    const checked = checkColumnList(options.columns.split(','));
    if (!checked.ok) throw new UsageError(`--columns: ${checked.error}`);
    columns = checked.columns;
  }
  if (options.output !== undefined) xlsxOutput(options.output);
  return { query, category, columns, chat };
}

/** The result as blocks: the instrument, then each column with its text and page. */
export function restructureLines(
  result: Pick<RestructuringResult, 'table_data' | 'observations'>,
  bold: (t: string) => string,
  dim: (t: string) => string,
): string[] {
  const lines: string[] = [bold(result.table_data.table_title), ''];
  const rows = restructuringRows(result.table_data);
  if (!rows.length) lines.push('No instrument or facility found in the documents.', '');
  for (const row of rows) {
    lines.push(bold(row.title));
    for (const cell of row.cells) lines.push(`  ${cell.column}: ${cell.text}${cell.source ? dim(`  [${cell.source}]`) : ''}`);
    lines.push('');
  }
  lines.push(bold('Observations'));
  for (const o of result.observations) lines.push(`- ${o.title}: ${o.details}`);
  return lines;
}

/** A saved run in `credence chats show`: its id (for `chats export --run`), then its table as `credence restructure` prints it. */
export function restructuringRunLines(run: SavedRestructuringRun, style: Pick<Style, 'bold' | 'dim'>): string[] {
  const lines = run.runId ? [style.dim(`run ${run.runId}`)] : [];
  if (!run.table) return [...lines, 'This run built no table.'];
  return [...lines, '', ...restructureLines({ table_data: run.table, observations: run.observations }, style.bold, style.dim)];
}

export async function restructure(options: RestructureOptions, args: string[]): Promise<void> {
  const request = restructureRequest(options, args);
  const ctx = createContext(options);
  const files = options.pdf?.length ? await readPdfs(options.pdf) : [];
  const client = await ctx.authedClient();
  const key = request.chat ?? newChatKey();
  if (files.length) await uploadForQuestion(ctx, client, key, files);
  const quiet = ctx.mode.json;
  let result: RestructuringResult;
  try {
    result = await runRestructuringQuery(client, {
      query: request.query,
      chatKey: key,
      category: request.category,
      columns: request.columns,
      onStage: (stage) => !quiet && ctx.out.info(`· ${RESTRUCTURING_STAGE_TEXTS[stage]}`),
    });
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Error && (cause as { status?: number }).status === 401) throw cause;
    throw new CliFailure(restructuringErrorText(error), { cause: error });
  }
  if (options.output) {
    const file = await client.restructuringExcel(key);
    await writeFileAtomic(options.output, [file.bytes]);
    ctx.out.info(`✓ ${result.table_data.rows.length} rows → ${options.output}`);
  }
  if (ctx.mode.json) ctx.out.result(JSON.stringify(result, null, 2));
  else if (!options.output) ctx.out.result(restructureLines(result, ctx.out.bold, ctx.out.dim).join('\n'));
  if (!quiet) ctx.out.info(`Workspace ${key}: add --chat ${key} to run again over the same documents.`);
}
