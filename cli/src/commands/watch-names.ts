/**
 * `credence watch add|rm --lender NAME --person OFFICER-ID` (issue 29 section 3): lenders (every
 * company whose charges name one) and people (their appointments and PSC entries) on a list, read
 * by shared's rules as the API reads them.
 */
import {
  officerIdOf,
  visibleControls,
  watchedLender,
  type ApiClient,
  type WatchlistSummary,
  type WatchNamesResult,
} from '@credence/shared';
import { EXIT, UsageError } from '../runtime/exit-codes.js';
import type { createContext } from '../runtime/session.js';

export interface NameOptions {
  lender?: string[];
  person?: string[];
}

type Context = ReturnType<typeof createContext>;

/** The --lender and --person values, each checked: a bad one is a usage error naming it and the fix. */
export function namesOf(options: NameOptions): { lenders: string[]; people: string[] } {
  const lenders = (options.lender ?? []).map((raw) => {
    if (!watchedLender(raw))
      throw new UsageError(`--lender "${raw}" is not a lender name: give it as charges file it, e.g. "Barclays Bank PLC"`);
    return raw.trim();
  });
  const people = (options.person ?? []).map((raw) => {
    const id = officerIdOf(raw);
    if (!id)
      throw new UsageError(
        `--person "${raw}" is not an officer id: the {id} of /officers/{id}/appointments, shown in \`credence officers <company-number>\``,
      );
    return id;
  });
  return { lenders, people };
}

/** Adds the lenders and people to the list and says what happened; answers the API's results. */
/** True when something given is now on the list (added, or there already). */
export const namesHeld = (results: Record<string, WatchNamesResult>) =>
  Object.values(results).some((r) => r.added.length > 0 || r.already.length > 0);

export async function addNames(ctx: Context, client: ApiClient, list: WatchlistSummary, names: { lenders: string[]; people: string[] }) {
  const results: Record<string, WatchNamesResult> = {};
  if (names.lenders.length) results.lenders = (await client.watchLenders(list.id, names.lenders)).data;
  if (names.people.length) results.people = (await client.watchPeople(list.id, names.people)).data;
  const where = `"${visibleControls(list.name)}"`;
  for (const [kind, result] of Object.entries(results)) {
    if (ctx.mode.json) continue;
    const noun = kind === 'lenders' ? 'lender' : 'person';
    if (result.added.length)
      ctx.out.result(`Watching ${noun === 'lender' ? 'lenders' : 'people'} ${result.added.map(visibleControls).join(', ')} in ${where}`);
    if (result.already.length) ctx.out.info(`Already on the list: ${result.already.map(visibleControls).join(', ')}`);
    if (result.unknown.length)
      ctx.out.info(
        noun === 'lender'
          ? `Not added (no charge Credence holds names them): ${result.unknown.map(visibleControls).join(', ')}. Find lenders with \`credence screen lenders\``
          : `Not added (no appointment Credence holds has these officer ids): ${result.unknown.join(', ')}`,
      );
  }
  return results;
}

/** Takes the lenders and people off the list and says what happened. */
export async function removeNames(ctx: Context, client: ApiClient, list: WatchlistSummary, names: { lenders: string[]; people: string[] }) {
  const removed: string[] = [];
  if (names.lenders.length) removed.push(...(await client.unwatchLenders(list.id, names.lenders)).data.removed);
  if (names.people.length) removed.push(...(await client.unwatchPeople(list.id, names.people)).data.removed);
  if (!ctx.mode.json && removed.length) ctx.out.result(`No longer watching ${removed.map(visibleControls).join(', ')}`);
  if (removed.length < names.lenders.length + names.people.length)
    ctx.out.info(`Some were not on "${visibleControls(list.name)}": see \`credence watch ls --list ${JSON.stringify(list.name)}\``);
  if (removed.length === 0) process.exitCode = EXIT.failure;
  return removed;
}
