/**
 * Runs a list command (screener or a creditors tab): one page as a table, JSON or csv; every row
 * (--all) to stdout; or every row to a file (--output) through the API's export route.
 */
import { terminalSafe, type ApiClient, type ColumnFilter, type ScreenerPaging, type ScreenerQuery } from '@credence/shared';
import { UsageError } from '../runtime/exit-codes.js';
import { count } from '../runtime/output.js';
import type { Context } from '../runtime/session.js';
import { pick, rowsToCsv } from '../output/rows.js';
import { fitColumns } from '../output/fit-columns.js';
import { pageFooter, renderTable } from '../output/table.js';
import { nounFor, rowsOf, type TableInfo } from '../tables.js';
import { exportToFile, exportToStdout } from './export.js';
import { buildListPlan, type ListFlags, type ListPlan } from './list-options.js';

/** A table of every row (--all without --output) is refused above this many rows. */
export const TABLE_ALL_LIMIT = 10_000;

type Page = { rows: Record<string, unknown>[]; paging: ScreenerPaging; data: Record<string, unknown> };

async function fetchPage(client: ApiClient, info: TableInfo, query: ScreenerQuery<never>): Promise<Page> {
  const answer = (await client.list(info.table, query)) as unknown as { data?: Record<string, unknown> };
  const data = answer.data ?? {};
  return { rows: rowsOf(info, data), paging: data as unknown as ScreenerPaging, data };
}

async function allRowsForTable(client: ApiClient, info: TableInfo, plan: ListPlan): Promise<Page> {
  const pageSize = info.maxPageSize;
  let page = await fetchPage(client, info, { ...plan.query, page: 1, page_size: pageSize } as ScreenerQuery<never>);
  if (page.paging.total_count > TABLE_ALL_LIMIT) {
    throw new UsageError(
      `${count(page.paging.total_count)} rows are too many for a table: use --output FILE (.xlsx, .csv, .json) or --format csv|json, or narrow the filters`,
    );
  }
  const rows = [...page.rows];
  while (page.paging.next_cursor) {
    page = await fetchPage(client, info, {
      ...plan.query,
      page: undefined,
      page_size: pageSize,
      cursor: page.paging.next_cursor,
    } as ScreenerQuery<never>);
    rows.push(...page.rows);
  }
  return { rows, paging: { ...page.paging, page: 1, page_count: 1, total_count: rows.length, total_is_estimate: false }, data: {} };
}

/**
 * --query: the API turns plain English into filters (companies_house/convert-query-to-filters),
 * added to those of --filter, and a ranking's sort and page size. What it understood goes to
 * stderr; a query of which nothing could be placed is a usage error rather than a run over every
 * company.
 */
async function addQueryFilters(ctx: Context, client: ApiClient, plan: ListPlan, flags: ListFlags & { query?: string }): Promise<void> {
  const text = (flags.query ?? '').trim();
  const example = 'e.g. --query "manufacturers with turnover over 10m"';
  if (text === '') throw new UsageError(`--query needs some words, ${example}`);
  const converted = await client.convertQueryToFilters(text);
  // A ranking ("top 10 ... by revenue") sorts and sizes the page, unless --sort or --page-size say otherwise.
  const ranked = converted.sort_by !== undefined;
  if (ranked && flags.sort === undefined)
    Object.assign(plan.query, { sort_by: converted.sort_by, sort_order: converted.sort_order ?? 'desc' });
  if (converted.page_size !== undefined && flags.pageSize === undefined && !plan.all) plan.query.page_size = converted.page_size;
  if (converted.filters.length === 0 && !ranked) {
    const unplaced =
      converted.unplaced.length > 0 ? `could not place ${converted.unplaced.map((u) => `"${u}"`).join(', ')}` : 'nothing to filter on';
    throw new UsageError(
      `--query "${text}" made no filters (${unplaced}): rephrase it, ${example}, or use --filter (\`credence screener columns\` lists them)`,
    );
  }
  ctx.out.info(`Understood: ${converted.explanation}`);
  if (converted.unplaced.length > 0) ctx.out.info(`Not understood (rephrase or use --filter): ${converted.unplaced.join(', ')}`);
  plan.query.filters = [...((plan.query.filters ?? []) as ColumnFilter[]), ...converted.filters];
}

export async function runList(ctx: Context, info: TableInfo, flags: ListFlags & { query?: string }): Promise<void> {
  const plan = buildListPlan(info, flags, { json: ctx.mode.json, stdoutIsTTY: ctx.mode.stdoutIsTTY });
  const client = await ctx.authedClient();
  if (flags.query !== undefined) await addQueryFilters(ctx, client, plan, flags);
  if (plan.output) return exportToFile(ctx, client, info, plan);
  if (plan.all && plan.format !== 'table') return exportToStdout(client, info, plan);
  const page = plan.all ? await allRowsForTable(client, info, plan) : await fetchPage(client, info, plan.query as ScreenerQuery<never>);
  switch (plan.format) {
    case 'json':
      ctx.out.result(
        JSON.stringify(
          { ...page.data, [info.rowsKey]: plan.columnsChosen ? page.rows.map((r) => pick(r, plan.columns)) : page.rows },
          null,
          2,
        ),
      );
      return;
    case 'csv':
      // csv is data: exact in a pipe or file, its controls shown at a terminal
      process.stdout.write(
        ctx.mode.stdoutIsTTY ? terminalSafe(rowsToCsv(plan.columns, page.rows), false) : rowsToCsv(plan.columns, page.rows),
      );
      ctx.out.info(pageFooter(page.paging, nounFor(info, page.paging.total_count)));
      return;
    default: {
      if (page.rows.length === 0) {
        ctx.out.info(`No ${info.noun} match these filters.`);
        return;
      }
      const width = ctx.mode.stdoutIsTTY ? ctx.mode.width : Math.max(ctx.mode.width, 200);
      // Columns chosen with --columns are shown as asked; the default ones fit the width.
      const fitted = plan.columnsChosen
        ? { columns: plan.columns, headers: undefined }
        : fitColumns(plan.columns, page.rows, width, info.priority);
      ctx.out.result(renderTable(fitted.columns, page.rows, width, fitted.headers).join('\n'));
      ctx.out.result(
        plan.all
          ? `${count(page.rows.length)} ${nounFor(info, page.rows.length)}`
          : pageFooter(page.paging, nounFor(info, page.paging.total_count)),
      );
    }
  }
}
