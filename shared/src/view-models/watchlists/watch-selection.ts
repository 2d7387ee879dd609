/**
 * "Watch all N results" of the companies screener (issue 29 §3): the selection's company numbers
 * (the API answers at most WATCHLIST_LIMITS.perRequest, and refuses more with the reason), put
 * on a chosen list or on a new one. Answers the sentence to show; a refusal throws the API's error.
 */
import type { ApiClient } from '../../client/api-client.js';
import type { ScreenerQuery } from '../../contracts/screeners.js';
import type { ColumnFilter } from '../../filters/types.js';
import { watchAddedText } from '../../rules/watch-control.js';

export type WatchTarget = { listId: string } | { newName: string };

type Client = Pick<ApiClient, 'screenerCompanyNumbers' | 'createWatchlist' | 'watchCompanies' | 'watchlists'>;

export async function watchScreenerSelection(client: Client, query: ScreenerQuery<ColumnFilter>, target: WatchTarget): Promise<string> {
  const numbers = (await client.screenerCompanyNumbers(query)).data.company_numbers;
  if (numbers.length === 0) return 'No companies to watch: the filters select none.';
  let list: { id: string; name: string };
  if ('newName' in target) list = (await client.createWatchlist({ name: target.newName.trim() })).data.watchlist;
  else {
    const found = (await client.watchlists()).data.watchlists.find((l) => l.id === target.listId);
    list = found ?? { id: target.listId, name: 'your watchlist' };
  }
  const result = (await client.watchCompanies(list.id, { company_numbers: numbers })).data;
  return watchAddedText(list.name, result);
}
