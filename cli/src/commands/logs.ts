/**
 * `credence logs list|tail|search`: the log monitor from a shell. `tail -f` follows like
 * `tail -F`: the last lines first, then every new line; a rotation or truncation is said on
 * stderr and the new file followed from its start; a dropped connection is resumed exactly; an
 * error message from the server (the file left the log directories) ends it with exit 1.
 * Lines are the files' own text: their colours kept, any other escape or control shown visibly,
 * binary lines said as binary (output/outside-text.ts). `search` exits 1 when nothing matched, as grep.
 */
import {
  binaryMatchesText,
  isBinaryText,
  logWatchView,
  OPS_CONSTANTS,
  OPS_TEXTS,
  searchEndText,
  searchProgressText,
  type LogWatchEvent,
} from '@credence/shared';
import { CliFailure, EXIT, UsageError } from '../runtime/exit-codes.js';
import { createContext, type Context, type GlobalOptions } from '../runtime/session.js';
import { styleFor, textTable, type Style } from '../output/text.js';
import { outsideLineText } from '../output/outside-text.js';
import { sizeText } from './ops-view.js';
import { regionOf } from './ops.js';
import { reconnectPolicy } from '../runtime/reconnect.js';
import { givenInstance, readInstance } from './instance-option.js';
import { sourceTag } from '../ui/ops/source-tag.js';

export interface LogsOptions extends GlobalOptions {
  instance?: string;
  region?: string;
  lines?: string;
  follow?: boolean;
  grep?: string;
  exclude?: string;
  highlight?: string;
}

function linesOf(raw: string | undefined): number {
  if (raw === undefined) return OPS_CONSTANTS.tailDefaultLines;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || n < 1 || n > OPS_CONSTANTS.tailMaxLines)
    throw new UsageError(`-n takes a whole number of lines from 1 to ${OPS_CONSTANTS.tailMaxLines}, not "${raw}"`);
  return n;
}

function patternOf(raw: string | undefined, flag: string): string | undefined {
  if (raw === undefined) return undefined;
  if (raw === '' || raw.length > OPS_CONSTANTS.maxPatternLength || /[\u0000-\u001f\u007f]/.test(raw))
    throw new UsageError(`${flag} takes one line of text of 1 to ${OPS_CONSTANTS.maxPatternLength} characters`);
  return raw;
}

export async function logsList(options: LogsOptions): Promise<void> {
  const region = regionOf(options);
  givenInstance(options);
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const result = await client.opsLogs(await readInstance(client, options, region), region);
  if (ctx.mode.json) return ctx.out.result(JSON.stringify(result, null, 2));
  if (result.logs.length === 0) return ctx.out.info(`No log files under ${result.roots.join(', ')}.`);
  const style = styleFor(ctx.mode.color);
  const rows = result.logs.map((l) => [sizeText(l.size), l.modified.slice(0, 16).replace('T', ' '), l.name]);
  ctx.out.result(
    textTable(
      [{ header: 'SIZE', align: 'right' }, { header: 'MODIFIED (UTC)' }, { header: 'NAME', flexible: true }],
      rows,
      ctx.mode.width,
      style,
      0,
    ).join('\n'),
  );
  ctx.out.info(`${result.logs.length} files under ${result.roots.join(', ')} · credence logs tail <name> -f`);
}

export async function logsSearch(options: LogsOptions, args: string[]): Promise<void> {
  const [path, ...rest] = args;
  const pattern = patternOf(rest.join(' '), 'the search pattern')!;
  const region = regionOf(options);
  givenInstance(options);
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const file = { instance_id: await readInstance(client, options, region), region, path, pattern };
  if (ctx.mode.json) {
    const result = await client.opsSearch(file);
    // As grep: exit 1 when nothing matched, so `credence logs search ... && alert` works in scripts.
    if (result.matches.length === 0) process.exitCode = EXIT.failure;
    return ctx.out.result(JSON.stringify(result, null, 2));
  }
  const style = styleFor(ctx.mode.color);
  const progress = searchProgress();
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  // binary lines are counted and said as grep says them, never written out
  let binary = 0;
  let end;
  try {
    end = await client.opsSearchStream(file, {
      signal: stop.signal,
      onEvent: (event) => {
        if (event.type === 'progress') return progress.show(event.data.scanned_bytes, event.data.total_bytes);
        if (event.type !== 'match') return;
        progress.clear();
        if (isBinaryText(event.data.line)) binary++;
        else ctx.out.result(`${style.dim(String(event.data.line_number))}  ${outsideLineText(event.data.line, ctx.mode.color, pattern)}`);
      },
    });
  } finally {
    progress.clear();
    process.removeListener('SIGINT', onSignal);
  }
  if (!end) return;
  if (end.matched === 0) process.exitCode = EXIT.failure;
  if (binary) ctx.out.result(binaryMatchesText(path, binary));
  ctx.out.info(searchEndText(end));
}

/** The progress on one stderr line at a terminal, redrawn in place; nothing in a pipe. */
function searchProgress() {
  const tty = process.stderr.isTTY === true;
  let shown = false;
  return {
    show(scanned: number, total: number) {
      if (!tty || total === 0) return;
      shown = true;
      process.stderr.write(`\r\u001b[K${searchProgressText(scanned, total)}`);
    },
    clear() {
      if (shown) process.stderr.write('\r\u001b[K');
      shown = false;
    },
  };
}

/** `logs tail` takes --instance several times (the files of each, in one stream). */
export interface TailOptions extends Omit<LogsOptions, 'instance'> {
  instance?: string | string[];
}

export async function logsTail(options: TailOptions, args: string[]): Promise<void> {
  const paths = args;
  const lines = linesOf(options.lines);
  const grep = patternOf(options.grep, '--grep');
  const exclude = patternOf(options.exclude, '--exclude');
  const mark = patternOf(options.highlight, '--highlight') ?? grep;
  const region = regionOf(options);
  // --instance may be given several times: each file of each instance, in one stream
  const named = Array.isArray(options.instance) ? options.instance : [options.instance];
  named.forEach((instance) => givenInstance({ ...options, instance }));
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  // two names of one instance (its id and its name) follow it once: each line is shown once
  const instances = [...new Set(await Promise.all(named.map((instance) => readInstance(client, { ...options, instance }, region))))];
  const merged = paths.length * instances.length > 1;
  // Several files: one stream, each line prefixed with its source, a colour per source that stays with it (as stern).
  const sources = instances.flatMap((instance_id) =>
    paths.map((path) => {
      const file = { instance_id, region, path, grep, exclude };
      const label = instances.length > 1 ? `${instance_id}:${path}` : path;
      const prefix = merged ? `${sourceTag(label, ctx.mode.color)} ` : '';
      const show = (line: string, truncated = false) => {
        const json = { ...(merged ? { source: label } : {}), line, ...(truncated ? { truncated } : {}) };
        ctx.out.result(ctx.mode.json ? JSON.stringify(json) : prefix + outsideLineText(line, ctx.mode.color, mark));
        return true;
      };
      return { file, show };
    }),
  );
  // grep and exclude are applied by the server, to the last lines and to every new one
  const tails = await Promise.all(sources.map(({ file }) => client.opsTail({ ...file, lines })));
  tails.forEach((tail, i) => tail.lines.forEach((line) => sources[i].show(line)));
  if (!options.follow) return;
  const style = styleFor(ctx.mode.color);
  await Promise.all(sources.map(({ file, show }, i) => follow(ctx, client, file, tails[i].cursor, show, style)));
}

/** An outage said once (the client keeps trying with growing waits, for CREDENCE_RECONNECT_FOR), and its end. */
export function onceAnOutage(say: (text: string) => void) {
  let down = false;
  return {
    reconnect: reconnectPolicy(),
    onReconnecting: () => {
      if (!down) say(OPS_TEXTS.reconnecting);
      down = true;
    },
    onReconnected: () => {
      down = false;
      say(OPS_TEXTS.reconnected);
    },
  };
}

async function follow(
  ctx: Context,
  client: Awaited<ReturnType<Context['authedClient']>>,
  file: { instance_id: string; region?: string; path: string; grep?: string; exclude?: string },
  cursor: string,
  show: (line: string, truncated?: boolean) => boolean,
  style: Style,
): Promise<void> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const note = (text: string) => ctx.out.info(style.dim(text));
  let failure: string | null = null;
  const onEvent = (event: LogWatchEvent & { id: string }) => {
    const view = logWatchView(event);
    // The watch's end (spec 1: a watch stops on an error message): said once, as the command's failure.
    if (view.kind === 'error') return void (failure = view.text);
    if (ctx.mode.json && event.type !== 'message') return ctx.out.result(JSON.stringify({ event: event.type, ...event.data }));
    if (view.kind === 'marker') return note(view.text);
    // a line cut at the server's limit is said so (never cut silently)
    if (show(view.text, view.truncated) && view.truncated && !ctx.mode.json) note(OPS_TEXTS.lineCut);
  };
  try {
    await client.watchLog(file, {
      signal: stop.signal,
      lastEventId: cursor,
      onEvent,
      ...onceAnOutage(note),
    });
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
  if (failure) throw new CliFailure(failure);
}
