/**
 * The ops calls of the typed client (spec 1 section 7, docs/architecture.md 11): the instance manager,
 * the log and screen monitor, and the live watches, which reconnect with Last-Event-ID after a
 * dropped connection or while the API restarts (reconnect.ts: capped, jittered waits for 15
 * minutes), and the server sends exactly the lines missed, read again from the file at the
 * resumed offset, or a `reset` / `gap` saying what it could not.
 */
import {
  OPS_ROUTES,
  type InstanceActionResponse,
  type InstancesResponse,
  type InstanceStatusResponse,
  type LogsResponse,
  type LogWatchEvent,
  type OpsActionsResponse,
  type ScreenContentResponse,
  type ScreensResponse,
  type ScreenWatchEvent,
  type SearchResponse,
  type SearchStreamEvent,
  type TailResponse,
} from '../contracts/ops.js';
import { ApiError } from './errors.js';
import type { ResearchTransport } from './research-client.js';
import { DEFAULT_RECONNECT, mayComeBack, reconnectDelay, SYSTEM_CLOCK, type ReconnectClock, type ReconnectPolicy } from './reconnect.js';
import { parseSseStream, type SseMessage } from './research-stream.js';

interface CallOptions {
  signal?: AbortSignal;
}

export interface LogFileRef {
  instance_id: string;
  path: string;
  region?: string;
  /** Tail and watch: only lines that contain it, and none that contain `exclude` (filtered on the server). */
  grep?: string;
  exclude?: string;
}

/** Which instance status, start and stop act on: a region (the configured instance), or a region and an instance id. */
export type InstanceTarget = string | { region?: string; instance_id?: string } | undefined;

const targetParams = (target: InstanceTarget) =>
  typeof target === 'object' ? { region: target.region, instance_id: target.instance_id } : { region: target };

export interface WatchOptions<E> extends CallOptions {
  onEvent: (event: E) => void;
  /** Resume after this event id (a line's `<inode>:<offset>`). */
  lastEventId?: string;
  /** Called before each reconnect after a dropped connection (the view says it is reconnecting), with the wait before it. */
  onReconnecting?: (attempt: number, error: unknown, delayMs: number) => void;
  /** Called when a connection opens again after it was lost (the server then sends what was missed, or a `gap`). */
  onReconnected?: () => void;
  /** How it reconnects (default DEFAULT_RECONNECT: 1 s doubling to 10 s, jittered, for 15 minutes); the server's `retry` replaces the first wait. */
  reconnect?: Partial<ReconnectPolicy>;
  /** Time and chance for the waits (tests inject their own). */
  clock?: ReconnectClock;
}

export interface OpsApi {
  opsStatus(target?: InstanceTarget, options?: CallOptions): Promise<InstanceStatusResponse>;
  opsStart(target?: InstanceTarget, options?: CallOptions): Promise<InstanceActionResponse>;
  opsStop(target?: InstanceTarget, options?: CallOptions): Promise<InstanceActionResponse>;
  opsInstances(region?: string, options?: CallOptions): Promise<InstancesResponse>;
  opsLogs(instanceId: string, region?: string, options?: CallOptions): Promise<LogsResponse>;
  opsTail(file: LogFileRef & { lines?: number }, options?: CallOptions): Promise<TailResponse>;
  opsSearch(file: LogFileRef & { pattern: string }, options?: CallOptions): Promise<SearchResponse>;
  /**
   * The search as a stream: each event to onEvent (matches as found, progress, the end); resolves
   * after `done`, rejects on a refusal or an `{error}`. Aborting the signal stops the server's search.
   */
  opsSearchStream(
    file: LogFileRef & { pattern: string },
    options: CallOptions & { onEvent: (event: SearchStreamEvent) => void },
  ): Promise<Extract<SearchStreamEvent, { type: 'done' }>['data']>;
  opsScreens(instanceId: string, region?: string, options?: CallOptions): Promise<ScreensResponse>;
  opsScreenContent(instanceId: string, pid: number, region?: string, options?: CallOptions): Promise<ScreenContentResponse>;
  opsActions(options?: CallOptions): Promise<OpsActionsResponse>;
  /** Follows a log file until an `{error}` message ends it or the signal aborts; rejects on a refusal or when reconnecting fails. */
  watchLog(file: LogFileRef, options: WatchOptions<LogWatchEvent & { id: string }>): Promise<void>;
  /** Watches a screen session until it ends (an `{error}` message), or the signal aborts. */
  watchScreen(target: { instance_id: string; screen_pid: number; region?: string }, options: WatchOptions<ScreenWatchEvent>): Promise<void>;
}

const aborted = (error: unknown, signal?: AbortSignal) => signal?.aborted === true || (error as { name?: string })?.name === 'AbortError';

function parseData(message: SseMessage): unknown {
  try {
    return JSON.parse(message.data);
  } catch {
    return null;
  }
}

/**
 * Reads one SSE route, reconnecting with Last-Event-ID while the connection drops or the server
 * cannot be reached (an API restart), with a capped, jittered backoff, until it has been lost for
 * `giveUpAfterMs`; `final` says an event ends the watch.
 */
async function follow<E extends { type: string; id?: string; data: unknown }>(
  transport: ResearchTransport,
  route: string,
  params: Record<string, string | number | undefined>,
  options: WatchOptions<E>,
  final: (event: E) => boolean,
): Promise<void> {
  const { signal } = options;
  const policy = { ...DEFAULT_RECONNECT, ...options.reconnect };
  const clock = options.clock ?? SYSTEM_CLOCK;
  let lastEventId = options.lastEventId ?? '';
  let retry: number | null = null;
  /** Reconnects since the watch last worked (an event, or a connection that stayed up a while): the backoff's step. */
  let attempt = 0;
  /** When the connection was lost (null while it is up). */
  let lostAt: number | null = null;
  for (;;) {
    let ended = false;
    let dropped: unknown = new Error('the server ended the stream');
    let openedAt: number | null = null;
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      const response = await transport.send('GET', route, params, undefined, { signal }, headers);
      if (!response.body) throw new ApiError({ status: 0, error: 'The watch answered without a body', call: `GET /api/${route}` });
      openedAt = clock.now();
      if (lostAt !== null) options.onReconnected?.();
      lostAt = null;
      const result = await parseSseStream(
        response.body,
        (message) => {
          const data = parseData(message);
          if (data === null) return;
          attempt = 0;
          if (message.id) lastEventId = message.id;
          const event = { type: message.event, id: message.id, data } as unknown as E;
          options.onEvent(event);
          if (final(event)) {
            ended = true;
            return 'stop';
          }
        },
        { lastEventId },
      );
      retry = result.retry ?? retry;
      if (ended) return;
    } catch (error) {
      if (aborted(error, signal)) return;
      if (error instanceof ApiError && !mayComeBack(error.status)) throw error;
      dropped = error;
    }
    if (signal?.aborted) return;
    const now = clock.now();
    // A connection that stayed up longer than the longest wait worked: the backoff starts again.
    if (openedAt !== null && now - openedAt >= policy.maxDelayMs) attempt = 0;
    lostAt ??= now;
    if (now - lostAt >= policy.giveUpAfterMs) {
      throw new ApiError({
        status: 0,
        error: `The live view lost its connection (${(dropped as Error)?.message ?? dropped})`,
        call: `GET /api/${route}`,
        cause: dropped,
      });
    }
    attempt += 1;
    const wait = reconnectDelay(attempt, retry ?? policy.initialDelayMs, policy, clock.random);
    options.onReconnecting?.(attempt, dropped, wait);
    try {
      await clock.sleep(wait, signal);
    } catch {
      return;
    }
  }
}

/** One streamed search: no reconnect (a search that broke off is run again by its user). */
async function searchStream(
  transport: ResearchTransport,
  file: LogFileRef & { pattern: string },
  options: CallOptions & { onEvent: (event: SearchStreamEvent) => void },
): Promise<Extract<SearchStreamEvent, { type: 'done' }>['data']> {
  const call = `GET /api/${OPS_ROUTES.searchStream}`;
  const params = { instance_id: file.instance_id, path: file.path, pattern: file.pattern, region: file.region };
  const response = await transport.send('GET', OPS_ROUTES.searchStream, params, undefined, options, { accept: 'text/event-stream' });
  if (!response.body) throw new ApiError({ status: 0, error: 'The search answered without a body', call });
  let end: Extract<SearchStreamEvent, { type: 'done' }>['data'] | null = null;
  let failure: string | null = null;
  await parseSseStream(response.body, (message) => {
    const data = parseData(message);
    if (data === null) return;
    const event = { type: message.event, data } as SearchStreamEvent;
    options.onEvent(event);
    if (event.type === 'done') end = event.data;
    if (event.type === 'message') failure = event.data.error;
    if (end || failure) return 'stop';
  });
  if (failure) throw new ApiError({ status: 0, error: failure, call });
  if (!end) throw new ApiError({ status: 0, error: 'The search ended before it finished: run it again', call });
  return end;
}

/** Spec 1: a watch stops on an error message (the server ends the stream after it). */
const endsWatch = (event: { data: unknown }) => typeof (event.data as { error?: unknown }).error === 'string';

export function createOpsApi(transport: ResearchTransport): OpsApi {
  const { route } = transport;
  return {
    opsStatus: (target, call) => route('GET status_intern_instance', targetParams(target), call),
    opsStart: (target, call) => route('POST start_intern_instance?', targetParams(target), call),
    opsStop: (target, call) => route('POST stop_intern_instance?', targetParams(target), call),
    opsInstances: (region, call) => route('GET list_ec2_instances', { region }, call),
    opsLogs: (instance_id, region, call) => route('GET list_ec2_logs', { instance_id, region }, call),
    opsTail: (file, call) =>
      route(
        'GET tail_ec2_instance',
        { instance_id: file.instance_id, path: file.path, lines: file.lines, region: file.region, grep: file.grep, exclude: file.exclude },
        call,
      ),
    opsSearch: (file, call) =>
      route('GET search_logs_ec2', { instance_id: file.instance_id, path: file.path, pattern: file.pattern, region: file.region }, call),
    opsSearchStream: (file, options) => searchStream(transport, file, options),
    opsScreens: (instance_id, region, call) => route('GET list_screen_sessions', { instance_id, region }, call),
    opsScreenContent: (instance_id, pid, region, call) =>
      route('GET get_screen_content', { instance_id, screen_pid: String(pid), region }, call),
    opsActions: (call) => route('GET ops/actions', undefined, call),
    watchLog: (file, options) =>
      follow(
        transport,
        OPS_ROUTES.watch,
        { instance_id: file.instance_id, path: file.path, region: file.region, grep: file.grep, exclude: file.exclude },
        options,
        endsWatch,
      ),
    watchScreen: (target, options) =>
      follow(
        transport,
        OPS_ROUTES.watchScreen,
        { instance_id: target.instance_id, screen_pid: target.screen_pid, region: target.region },
        options,
        endsWatch,
      ),
  };
}

/** The same reconnecting SSE reader for other live routes (the alert stream). */
export { follow as followEventStream };
