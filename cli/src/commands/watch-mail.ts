/** `credence watch mail immediate|daily|off [--list name]`: how a watchlist's alerts are e-mailed (issue 29 section 5). */
import { visibleControls, type EmailMode } from '@credence/shared';
import { UsageError } from '../runtime/exit-codes.js';
import { createContext } from '../runtime/session.js';
import { listName, requireList, type WatchOptions } from './watch.js';

/** The command's words for the list's `email` setting ("daily" is the digest). */
const MODES: Record<string, EmailMode> = { immediate: 'immediate', daily: 'digest', off: 'off' };
const SAID: Record<EmailMode, string> = {
  immediate: 'each alert e-mailed as it comes (a burst in one mail)',
  digest: 'a daily digest e-mailed',
  off: 'no e-mail',
};

export async function watchMail(options: WatchOptions, args: string[]): Promise<void> {
  const mode = MODES[(args[0] ?? '').toLowerCase()];
  if (!mode) throw new UsageError(`Give immediate, daily or off (not "${visibleControls(args[0] ?? '')}")`);
  const name = listName(options);
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const list = await requireList(client, name);
  await client.updateWatchlist(list.id, { email: mode });
  if (ctx.mode.json) return ctx.out.result(JSON.stringify({ watchlist: list.name, email: mode }));
  ctx.out.result(`"${visibleControls(list.name)}": ${SAID[mode]}`);
}
