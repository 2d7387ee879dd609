/**
 * The `tui` command's handler: the session and API address as every command reads them, then
 * the full-screen UI. Not signed in is no reason to refuse: the status bar says so and the
 * screens show the API's answer. Built into one bundle (scripts/bundle.js) with Ink, React,
 * the shared package and the screens: see command.ts.
 */
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { UsageError } from '../runtime/exit-codes.js';
import { reconnectPolicy } from '../runtime/reconnect.js';

export async function tuiMain(options: GlobalOptions): Promise<void> {
  if (options.json) throw new UsageError('the full-screen UI has no --json output; use the commands for scripts (`credence --help`)');
  // a bad CREDENCE_RECONNECT_FOR is a usage error (exit 2) before the screen opens, not inside a live view
  reconnectPolicy();
  const ctx = createContext(options);
  const token = await ctx.token();
  // a refreshed token is saved only when it came from the saved session (not --token / CREDENCE_TOKEN)
  const fromSession = (options.token ?? process.env.CREDENCE_TOKEN ?? '').trim() === '';
  const client = await ctx.client(token, fromSession);
  const { runTui } = await import('./run.js');
  await runTui({ client, apiUrl: ctx.apiUrl, color: options.color !== false && !process.env.NO_COLOR });
}
