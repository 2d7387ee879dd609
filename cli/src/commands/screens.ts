/**
 * `credence screens list|show|watch`: the GNU screen sessions of an instance, read from a shell.
 * A session's content is shown by the shared rule for outside text: no escape or control of it acts.
 */
import { OPS_TEXTS } from '@credence/shared';
import { CliFailure, UsageError } from '../runtime/exit-codes.js';
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { outsideText } from '../output/outside-text.js';
import { styleFor, textTable } from '../output/text.js';
import { onceAnOutage } from './logs.js';
import { givenInstance, readInstance } from './instance-option.js';
import { regionOf } from './ops.js';

export interface ScreensOptions extends GlobalOptions {
  instance?: string;
  region?: string;
}

function pidOf(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw))
    throw new UsageError(`give the session's pid (digits, from credence screens list), not "${raw ?? ''}"`);
  return Number(raw);
}

export async function screensList(options: ScreensOptions): Promise<void> {
  const region = regionOf(options);
  givenInstance(options);
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const { screens } = await client.opsScreens(await readInstance(client, options, region), region);
  if (ctx.mode.json) return ctx.out.result(JSON.stringify({ screens }, null, 2));
  if (screens.length === 0) return ctx.out.info('No screen sessions on this instance.');
  const style = styleFor(ctx.mode.color);
  // One STATE column: screen's own word (Attached, Detached, Multi attached...), green when attached.
  const rows = screens.map((s) => [String(s.pid), s.name, s.attached ? style.green(s.status) : style.dim(s.status)]);
  ctx.out.result(
    textTable(
      [{ header: 'PID', align: 'right' }, { header: 'NAME', flexible: true }, { header: 'STATE' }],
      rows,
      ctx.mode.width,
      style,
      0,
    ).join('\n'),
  );
}

export async function screensShow(options: ScreensOptions, args: string[]): Promise<void> {
  const pid = pidOf(args[0]);
  const region = regionOf(options);
  givenInstance(options);
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const { content } = await client.opsScreenContent(await readInstance(client, options, region), pid, region);
  ctx.out.result(ctx.mode.json ? JSON.stringify({ content }) : outsideText(content, ctx.mode.color));
}

export async function screensWatch(options: ScreensOptions, args: string[]): Promise<void> {
  const pid = pidOf(args[0]);
  const region = regionOf(options);
  givenInstance(options);
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const instance_id = await readInstance(client, options, region);
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  let failure: string | null = null;
  try {
    await client.watchScreen(
      { instance_id, screen_pid: pid, region },
      {
        signal: stop.signal,
        ...onceAnOutage((text) => ctx.out.info(text)),
        onEvent: (event) => {
          if ('error' in event.data) {
            failure = `${OPS_TEXTS.watchingError}: ${event.data.error}`;
            return;
          }
          if (ctx.mode.json) return ctx.out.result(JSON.stringify({ content: event.data.content }));
          // At a terminal the view is redrawn in place; in a pipe each new content follows a rule.
          if (ctx.mode.stdoutIsTTY) process.stdout.write('\u001b[H\u001b[2J');
          else ctx.out.result(`--- screen ${pid} at ${new Date().toISOString()} ---`);
          ctx.out.result(outsideText(event.data.content, ctx.mode.color));
        },
      },
    );
  } finally {
    process.removeListener('SIGINT', onSignal);
  }
  if (failure) throw new CliFailure(failure);
}
