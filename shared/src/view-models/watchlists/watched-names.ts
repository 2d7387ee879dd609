/**
 * A list's lenders and people as the web's watchlists page and `credence watch ls --list` show
 * them (issue 29 section 3), and "Watch this lender" / "Watch this person" from a company's
 * charges and leadership: one wording for both, register text inert.
 */
import type { WatchlistsApi } from '../../client/watchlists-client.js';
import { DEFAULT_WATCHLIST_NAME, type WatchedLender, type WatchedPerson, type WatchNamesResult } from '../../contracts/watchlists.js';
import { visibleControls } from '../../rules/inert-text/terminal-text.js';
import { serverText } from '../errors.js';

export interface WatchedNameRow {
  kind: 'lender' | 'person';
  /** What removes it: the lender's name, the person's officer id. */
  key: string;
  name: string;
  /** "2 companies charge to it", "3 appointments held · officer id x2tX…". */
  detail: string;
  added: string;
  removeLabel: string;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

export function watchedNameRows(detail: { lender_list: readonly WatchedLender[]; people_list: readonly WatchedPerson[] }): {
  lenders: WatchedNameRow[];
  people: WatchedNameRow[];
} {
  return {
    lenders: detail.lender_list.map((l) => ({
      kind: 'lender',
      key: l.lender_name,
      name: visibleControls(l.lender_name),
      detail: `${plural(l.companies, 'company charges', 'companies charge')} to it`,
      added: l.added_at.slice(0, 10),
      removeLabel: `Remove the lender ${visibleControls(l.lender_name)}`,
    })),
    people: detail.people_list.map((p) => ({
      kind: 'person',
      key: p.officer_id,
      name: visibleControls(p.name),
      detail: `${plural(p.appointments, 'appointment', 'appointments')} held · officer id ${p.officer_id}`,
      added: p.added_at.slice(0, 10),
      removeLabel: `Remove ${visibleControls(p.name)}`,
    })),
  };
}

/** What adding a lender or person did, in words: "Watching the lender Barclays Bank PLC in "Watchlist"." */
export function watchedNameText(kind: 'lender' | 'person', label: string, list: string, result: WatchNamesResult): string {
  const what = kind === 'lender' ? `the lender ${visibleControls(label)}` : visibleControls(label);
  const where = `"${visibleControls(list)}"`;
  if (result.added.length) return `Watching ${what} in ${where}.`;
  if (result.already.length) return `Already watching ${what} in ${where}.`;
  return kind === 'lender'
    ? `Not watched: no charge Credence holds names ${what}.`
    : `Not watched: Credence holds no appointment with that officer id.`;
}

type Client = Pick<WatchlistsApi, 'watchlists' | 'createWatchlist' | 'watchLenders' | 'watchPeople'>;

/**
 * "Watch this lender" / "Watch this person": adds to the list named `Watchlist` (made on first
 * use, as `credence watch add` does) and answers the words to show; a failure is said, not thrown.
 */
export async function watchNameInDefaultList(
  client: Client,
  kind: 'lender' | 'person',
  value: string,
  label: string,
): Promise<{ ok: boolean; text: string }> {
  try {
    const lists = (await client.watchlists()).data.watchlists;
    const list =
      lists.find((l) => l.name === DEFAULT_WATCHLIST_NAME) ??
      (await client.createWatchlist({ name: DEFAULT_WATCHLIST_NAME })).data.watchlist;
    const result = (kind === 'lender' ? await client.watchLenders(list.id, [value]) : await client.watchPeople(list.id, [value])).data;
    return { ok: result.added.length + result.already.length > 0, text: watchedNameText(kind, label, list.name, result) };
  } catch (error) {
    return { ok: false, text: serverText(error) ?? `The ${kind} could not be watched.` };
  }
}
