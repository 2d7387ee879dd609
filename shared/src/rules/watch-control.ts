/**
 * The words and bounds of watching from where analysts look (issue 29 §3): the Watch control of a
 * company, "Watch all N results" of a screener selection, what adding did, and a new list's name.
 * The web shows these; the terminal's `credence watch` says the same things in its own lines.
 */
import { WATCHLIST_LIMITS, type WatchAddResult, type WatchlistSummary } from '../contracts/watchlists.js';
import { visibleControls } from './inert-text/terminal-text.js';

const count = (n: number) => n.toLocaleString('en-GB');
const companies = (n: number) => `${count(n)} ${n === 1 ? 'company' : 'companies'}`;

/**
 * Whether one company is watched, from the names of your lists that hold it (null: not known yet),
 * said once for every view: the web's Watch button (`label`, `pressed`, `detail`) and the
 * terminal's mark beside the company's name (`mark`, empty while unknown). List names are inert.
 */
export function watchedCompanyView(holding: readonly string[] | null): { label: string; pressed: boolean; detail: string; mark: string } {
  const names = (holding ?? []).map(visibleControls);
  if (names.length === 0)
    return { label: 'Watch', pressed: false, detail: 'Not on any of your watchlists', mark: holding === null ? '' : 'not watched' };
  const detail = names.length === 1 ? `On your watchlist "${names[0]}"` : `On ${names.length} of your watchlists`;
  return { label: 'Watching', pressed: true, detail, mark: `★ watched (${names.join(', ')})` };
}

/** The Watch button of one company from your lists (each saying whether it holds the company). */
export function watchButtonView(lists: readonly WatchlistSummary[] | null) {
  return watchedCompanyView(lists && lists.filter((l) => l.watching).map((l) => l.name));
}

/**
 * "Watch all N results" of a screener selection: enabled from 1 to WATCHLIST_LIMITS.perRequest
 * companies (the API's bound); over it (or an estimated total) the note says why and what to do.
 */
export function watchAllView(total: number | null, estimate = false): { label: string; enabled: boolean; note: string | null } {
  const max = WATCHLIST_LIMITS.perRequest;
  if (total === null) return { label: 'Watch all results', enabled: false, note: null };
  if (total === 0) return { label: 'Watch all results', enabled: false, note: 'No companies to watch: the filters select none.' };
  const over = estimate || total > max;
  const label = `Watch all ${estimate ? 'about ' : ''}${count(total)} ${total === 1 ? 'result' : 'results'}`;
  if (!over) return { label, enabled: true, note: null };
  return {
    label,
    enabled: false,
    note: `Watch all takes at most ${count(max)} companies at a time (these filters select ${estimate ? 'about ' : ''}${count(total)}): narrow the filters.`,
  };
}

/** What adding to a list did, as one sentence: "Watching 3 companies in "Borrowers" (1 already there)." */
export function watchAddedText(listName: string, result: WatchAddResult): string {
  const name = `"${visibleControls(listName)}"`;
  const notes: string[] = [];
  if (result.already.length) notes.push(`${count(result.already.length)} already there`);
  if (result.unknown.length) notes.push(`${count(result.unknown.length)} not held by Credence, not added`);
  const tail = notes.length ? ` (${notes.join('; ')})` : '';
  if (result.added.length === 0) return `Nothing new to watch in ${name}${tail}.`;
  return `Watching ${companies(result.added.length)} in ${name}${tail}.`;
}

/** Why a list name cannot be used (empty, too long, control characters, taken), or null. `except`: the list being renamed. */
export function watchlistNameError(name: string, lists: readonly Pick<WatchlistSummary, 'id' | 'name'>[], except?: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the list a name.';
  if (trimmed.length > WATCHLIST_LIMITS.nameLength) return `A list name is at most ${WATCHLIST_LIMITS.nameLength} characters.`;
  if (/\p{Cc}/u.test(trimmed)) return 'A list name cannot hold control characters.';
  if (lists.some((l) => l.id !== except && l.name.toLowerCase() === trimmed.toLowerCase()))
    return `You already have a watchlist named "${visibleControls(trimmed)}".`;
  if (!except && lists.length >= WATCHLIST_LIMITS.lists) return `You have ${lists.length} watchlists, the most one account may hold.`;
  return null;
}
