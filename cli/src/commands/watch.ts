/**
 * `credence watch add|ls|rm` and `credence alerts` (issue 29): the signed-in user's watchlists and
 * the alerts their companies raise. The rules (company numbers, CSV, --since, an alert's cells) are
 * shared's, so the web and the terminal read them alike.
 */
import { readFile } from 'node:fs/promises';
import {
  alertView,
  companyNumbersFromCsv,
  DEFAULT_WATCHLIST_NAME,
  parseSince,
  SINCE_HELP,
  visibleControls,
  watchedCompanyNumber,
  WATCHLIST_LIMITS,
  type ApiClient,
  type WatchlistSummary,
} from '@credence/shared';
import { CliFailure, EXIT, UsageError } from '../runtime/exit-codes.js';
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { styleFor, textTable } from '../output/text.js';
import { addNames, namesHeld, namesOf, removeNames, type NameOptions } from './watch-names.js';
import { watchedNamesTables } from './watch-names-view.js';

export type WatchOptions = GlobalOptions & NameOptions & { list?: string; csv?: string; deleteList?: boolean };

export function listName(options: WatchOptions): string {
  const name = (options.list ?? DEFAULT_WATCHLIST_NAME).trim();
  if (name === '' || name.length > WATCHLIST_LIMITS.nameLength)
    throw new UsageError(`--list takes a name of 1 to ${WATCHLIST_LIMITS.nameLength} characters`);
  return name;
}

function numbersOf(args: string[]): string[] {
  return args.map((raw) => {
    const n = watchedCompanyNumber(raw);
    if (!n)
      throw new UsageError(
        `"${raw}" is not a company number: 8 characters such as 00445790 or SC123456. Find one with \`credence search <name>\``,
      );
    return n;
  });
}

async function findList(client: ApiClient, name: string): Promise<WatchlistSummary | undefined> {
  const lists = (await client.watchlists()).data.watchlists;
  return lists.find((l) => l.name.toLowerCase() === name.toLowerCase());
}

export async function requireList(client: ApiClient, name: string): Promise<WatchlistSummary> {
  const list = await findList(client, name);
  if (!list) throw new CliFailure(`You have no watchlist named "${name}": see \`credence watch ls\``);
  return list;
}

export async function watchAdd(options: WatchOptions, args: string[]): Promise<void> {
  const name = listName(options);
  const numbers = numbersOf(args);
  let csv: string | undefined;
  if (options.csv) {
    csv = await readFile(options.csv, 'utf8').catch((error: Error) => {
      throw new UsageError(`--csv ${options.csv}: ${error.message}`);
    });
    const read = companyNumbersFromCsv(csv);
    if (read.bad.length > 0) throw new UsageError(`--csv ${options.csv}: not company numbers: ${read.bad.slice(0, 5).join(', ')}`);
  }
  const names = namesOf(options);
  if (numbers.length === 0 && !csv && names.lenders.length + names.people.length === 0)
    throw new UsageError('Give company numbers (credence watch add 00445790 SC123456), --csv FILE, --lender "NAME" or --person OFFICER-ID');
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const list = (await findList(client, name)) ?? (await client.createWatchlist({ name })).data.watchlist;
  const named = await addNames(ctx, client, list, names);
  if (numbers.length === 0 && !csv) {
    if (!namesHeld(named)) process.exitCode = EXIT.failure;
    if (ctx.mode.json) ctx.out.result(JSON.stringify({ watchlist: list.name, ...named }, null, 2));
    return;
  }
  const result = (
    await client.watchCompanies(list.id, { ...(numbers.length ? { company_numbers: numbers } : {}), ...(csv ? { csv } : {}) })
  ).data;
  if (ctx.mode.json) return ctx.out.result(JSON.stringify({ watchlist: list.name, ...result, ...named }, null, 2));
  if (result.added.length) ctx.out.result(`Watching ${result.added.join(', ')} in "${visibleControls(list.name)}"`);
  if (result.already.length) ctx.out.info(`Already on the list: ${result.already.join(', ')}`);
  if (result.unknown.length) ctx.out.info(`Not added (Credence does not hold these companies): ${result.unknown.join(', ')}`);
  ctx.out.info(`"${visibleControls(list.name)}" now holds ${result.companies} ${result.companies === 1 ? 'company' : 'companies'}`);
  if (result.added.length === 0 && result.already.length === 0 && !namesHeld(named)) process.exitCode = EXIT.failure;
}

export async function watchList(options: WatchOptions): Promise<void> {
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const style = styleFor(ctx.mode.color);
  const width = ctx.mode.stdoutIsTTY ? ctx.mode.width : Math.max(ctx.mode.width, 160);
  if (options.list) {
    const list = await requireList(client, listName(options));
    const detail = (await client.watchlist(list.id)).data.watchlist;
    if (ctx.mode.json) return ctx.out.result(JSON.stringify(detail, null, 2));
    const rows = detail.company_list.map((c) => [
      c.company_number,
      visibleControls(c.company_name ?? ''),
      c.company_status ?? '',
      c.added_at.slice(0, 10),
    ]);
    ctx.out.result(
      textTable(
        [{ header: 'Number' }, { header: 'Company', flexible: true }, { header: 'Status' }, { header: 'Added' }],
        rows,
        width,
        style,
        0,
      ).join('\n'),
    );
    for (const line of watchedNamesTables(detail, width, style)) ctx.out.result(line);
    return ctx.out.info(
      `${detail.company_list.length} companies · ${detail.lender_list.length} lenders · ${detail.people_list.length} people · ` +
        `alerts: ${detail.rules.length} kinds · e-mail ${detail.email}`,
    );
  }
  const lists = (await client.watchlists()).data.watchlists;
  if (ctx.mode.json) return ctx.out.result(JSON.stringify(lists, null, 2));
  if (lists.length === 0) return ctx.out.info('No watchlists yet. Start one with: credence watch add <company-number>');
  const rows = lists.map((l) => [
    visibleControls(l.name),
    String(l.companies),
    String(l.lenders),
    String(l.people),
    l.email,
    String(l.rules.length),
  ]);
  ctx.out.result(
    textTable(
      [
        { header: 'List', flexible: true },
        { header: 'Companies' },
        { header: 'Lenders' },
        { header: 'People' },
        { header: 'E-mail' },
        { header: 'Alert kinds' },
      ],
      rows,
      width,
      style,
      0,
    ).join('\n'),
  );
  ctx.out.info('Show one with: credence watch ls --list <name>');
}

export async function watchRemove(options: WatchOptions, args: string[]): Promise<void> {
  const name = listName(options);
  const numbers = numbersOf(args);
  const names = namesOf(options);
  const named = names.lenders.length + names.people.length;
  if (!options.deleteList && numbers.length === 0 && named === 0)
    throw new UsageError('Give company numbers, --lender "NAME" or --person OFFICER-ID to take off the list, or --delete-list');
  if (options.deleteList && numbers.length + named > 0)
    throw new UsageError('--delete-list deletes the whole list: give it without company numbers, lenders or people');
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const list = await requireList(client, name);
  if (options.deleteList) {
    await client.deleteWatchlist(list.id);
    return ctx.mode.json
      ? ctx.out.result(JSON.stringify({ deleted: list.name }))
      : ctx.out.info(`Deleted the watchlist "${visibleControls(list.name)}"`);
  }
  const removedNames = named > 0 ? await removeNames(ctx, client, list, names) : [];
  if (numbers.length === 0) {
    if (ctx.mode.json) ctx.out.result(JSON.stringify({ watchlist: list.name, removed: removedNames }, null, 2));
    return;
  }
  const result = (await client.unwatchCompanies(list.id, numbers)).data;
  if (ctx.mode.json) return ctx.out.result(JSON.stringify({ watchlist: list.name, ...result }, null, 2));
  const missing = numbers.filter((n) => !result.removed.includes(n));
  if (result.removed.length) ctx.out.result(`No longer watching ${result.removed.join(', ')}`);
  if (missing.length) ctx.out.info(`Not on "${visibleControls(list.name)}": ${missing.join(', ')}`);
  if (result.removed.length === 0) process.exitCode = EXIT.failure;
}

export async function alerts(
  options: GlobalOptions & { since?: string; unread?: boolean; limit?: string; markRead?: boolean },
): Promise<void> {
  const since = options.since ?? '7d';
  if (!parseSince(since)) throw new UsageError(`--since takes ${SINCE_HELP}, not "${since}"`);
  const limit = options.limit === undefined ? 100 : Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > WATCHLIST_LIMITS.alertsPage)
    throw new UsageError(`--limit takes a whole number from 1 to ${WATCHLIST_LIMITS.alertsPage}`);
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const { alerts: list, unread } = (await client.alerts({ since, limit, unread: options.unread })).data;
  if (options.markRead && list.length > 0) await client.markAlertsRead(list.map((a) => a.id));
  if (list.length === 0) process.exitCode = EXIT.none; // ran fine, nothing new: not a failure (1)
  if (ctx.mode.json) return ctx.out.result(JSON.stringify(list, null, 2));
  if (list.length === 0) return ctx.out.info(`No alerts since ${since}. Watch companies with: credence watch add <company-number>`);
  // Each alert whole (what changed is never cut): kind, company and published time, then the change, then its source.
  const style = styleFor(ctx.mode.color);
  const lines = list.flatMap((alert) => {
    const view = alertView(alert);
    const via = view.via ? ` · ${view.via}` : '';
    return [
      `${style.bold(view.kind)} · ${view.company} · ${view.published}${via}`,
      `  ${view.change}`,
      `  ${style.dim(view.source_url)}`,
      '',
    ];
  });
  ctx.out.result(lines.slice(0, -1).join('\n'));
  ctx.out.info(`${list.length} ${list.length === 1 ? 'alert' : 'alerts'} · ${unread} unread`);
}
