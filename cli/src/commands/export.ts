/**
 * Every matching row through the API's export route: to a file (--output, written atomically) or
 * to stdout (--all with --json or --format csv|xlsx).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { countText, type ApiClient, type ScreenerQuery } from '@credence/shared';
import { writeFileAtomic, type Chunk } from '../runtime/atomic-write.js';
import { CliFailure } from '../runtime/exit-codes.js';
import type { Context } from '../runtime/session.js';
import { countCsvRecords, jsonLinesToArray, jsonLinesToCsv, lines, pick } from '../output/rows.js';
import type { TableInfo } from '../tables.js';
import type { ListPlan } from './list-options.js';

async function* bodyOf(response: Response): AsyncGenerator<Uint8Array> {
  if (!response.body) return;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) yield chunk;
}

/**
 * JSON Lines, each line parsed on the way (a garbled stream fails rather than leaving a broken
 * file) and cut to the --columns when they were chosen; `counter.rows` counts them.
 */
async function* checkedJsonLines(chunks: AsyncIterable<Uint8Array>, plan: ListPlan, counter = { rows: 0 }): AsyncGenerator<string> {
  for await (const line of lines(chunks)) {
    const row = JSON.parse(line) as Record<string, unknown>;
    counter.rows++;
    yield plan.columnsChosen ? `${JSON.stringify(pick(row, plan.columns))}\n` : `${line}\n`;
  }
}

/** "1,234 rows → out.xlsx in 2.13 s" (the seconds always in seconds: cron logs compare them). */
export function summaryLine(rows: number, estimate: boolean, path: string, ms: number): string {
  return `${countText(rows, estimate, 'row', 'rows')} → ${path} in ${(ms / 1000).toFixed(2)} s`;
}

/** The total of the list route (xlsx rows cannot be counted as they stream: they are zipped). */
async function listedTotal(client: ApiClient, info: TableInfo, plan: ListPlan): Promise<{ rows: number; estimate: boolean }> {
  const answer = (await client.list(info.table, {
    ...plan.query,
    page: 1,
    page_size: info.pageSizes?.[0] ?? 1,
  } as ScreenerQuery<never>)) as unknown as {
    data?: { total_count?: number; total_is_estimate?: boolean };
  };
  return { rows: answer.data?.total_count ?? 0, estimate: answer.data?.total_is_estimate === true };
}

/** Every matching row to --output, atomically, then the summary line on stderr. */
export async function exportToFile(ctx: Context, client: ApiClient, info: TableInfo, plan: ListPlan): Promise<void> {
  const output = plan.output!;
  const started = performance.now();
  const total = output.kind === 'xlsx' ? await listedTotal(client, info, plan) : null;
  // A bad filter, a refused token or a too-big export fails here, before any file is made.
  const response = await client.export(
    info.table,
    plan.query as ScreenerQuery<never>,
    output.kind === 'xlsx' || output.kind === 'csv' ? output.kind : 'json',
  );
  if (plan.columnsChosen && (output.kind === 'csv' || output.kind === 'xlsx')) {
    ctx.out.info('Note: --columns applies to table and JSON output; csv and xlsx files hold every column.');
  }
  const counter = { rows: 0 };
  let chunks: AsyncIterable<Chunk>;
  if (output.kind === 'csv') chunks = countCsvRecords(bodyOf(response), counter);
  else if (output.kind === 'xlsx') chunks = bodyOf(response);
  else if (output.kind === 'json')
    chunks = jsonLinesToArray(plan.columnsChosen ? checkedJsonLines(bodyOf(response), plan) : bodyOf(response), counter);
  else chunks = checkedJsonLines(bodyOf(response), plan, counter);
  try {
    await writeFileAtomic(output.path, chunks);
  } catch (error) {
    // Hang up: the server stops streaming and the process can exit now, not at the server's timeout.
    await response.body?.cancel().catch(() => undefined);
    // The file system's own errors (no such directory, disk full, ...) name the path themselves.
    const fileError =
      typeof (error as { path?: unknown }).path === 'string' && typeof (error as { syscall?: unknown }).syscall === 'string';
    if ((error as { name?: string }).name === 'ApiError' || fileError) throw error;
    throw new CliFailure(
      `The export stopped before it was complete (${(error as Error).message}); nothing was written to ${output.path}. Try again.`,
    );
  }
  const rows = total ? total.rows : counter.rows;
  ctx.out.info(summaryLine(rows, total?.estimate === true, output.path, performance.now() - started));
}

/**
 * Every matching row to stdout: JSON Lines or csv (the --columns, header = column ids, as a page
 * prints), or the xlsx file's bytes. `| head` closing the pipe early is not a failure.
 */
export async function exportToStdout(client: ApiClient, info: TableInfo, plan: ListPlan): Promise<void> {
  const format = plan.format === 'xlsx' ? 'xlsx' : 'json';
  const response = await client.export(info.table, plan.query as ScreenerQuery<never>, format);
  let source: AsyncIterable<Chunk> = bodyOf(response);
  if (plan.format === 'csv') source = jsonLinesToCsv(bodyOf(response), plan.columns);
  else if (format === 'json' && plan.columnsChosen) source = checkedJsonLines(bodyOf(response), plan);
  await pipeline(Readable.from(source), process.stdout).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}
