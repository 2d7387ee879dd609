import type {
  InstanceActionResponse,
  InstanceStatusResponse,
  LogFile,
  OpsInstance,
  ScreenSession,
  SearchMatch,
  SearchResponse,
  SessionClaims,
  TailResponse,
} from '@credence/shared';
import type { FollowerListener } from '../logs/log-follower.js';
import type { SearchProgress } from '../logs/search-lines.js';

/** A streamed search's listeners: `started` once the file is open and the search runs (a failure before it is the answer's status). */
export interface SearchListener {
  started(): void;
  match(match: SearchMatch): void;
  progress(progress: SearchProgress): void;
}

/** A streamed search's end: the first `matches` were streamed; `truncated` when more matched (it stopped there). */
export interface StreamedSearch {
  matched: number;
  truncated: boolean;
  total_bytes: number;
}
import type { ScreenListener } from '../screens/screen-poller.js';

/**
 * Where the ops tools act: `local` (this host is the one instance) or `aws` (EC2 and SSM,
 * aws/aws-backend.ts). Every path, pattern and pid arrives validated by the DTOs;
 * a backend confines paths to its log roots itself.
 */
export interface OpsBackend {
  readonly kind: 'local' | 'aws';
  /** The asked instance, else the one the configuration names (aws: OPS_AWS_INSTANCE_ID, or the region's only one). */
  status(region: string, instanceId?: string): Promise<InstanceStatusResponse>;
  /** Starts or stops that instance; throws an HttpException when refused. */
  act(action: 'start' | 'stop', region: string, instanceId?: string): Promise<InstanceActionResponse & { instance_id: string }>;
  instances(region: string): Promise<OpsInstance[]>;
  logs(instanceId: string, region: string): Promise<{ logs: LogFile[]; roots: string[] }>;
  tail(instanceId: string, region: string, path: string, lines: number): Promise<TailResponse>;
  search(instanceId: string, region: string, path: string, pattern: string, signal?: AbortSignal): Promise<SearchResponse>;
  /** The first maxSearchMatches matches as they are found, with progress; stops when the signal aborts (the client left). */
  searchStream(
    instanceId: string,
    region: string,
    path: string,
    pattern: string,
    signal: AbortSignal,
    listener: SearchListener,
  ): Promise<StreamedSearch>;
  screens(instanceId: string, region: string): Promise<ScreenSession[]>;
  screenContent(instanceId: string, region: string, pid: number): Promise<string>;
  /** Follows a file; answers the function that ends this client's watch. */
  watchLog(
    user: SessionClaims,
    instanceId: string,
    region: string,
    path: string,
    lastEventId: string | undefined,
    listener: FollowerListener,
  ): Promise<() => void>;
  watchScreen(user: SessionClaims, instanceId: string, region: string, pid: number, listener: ScreenListener): Promise<() => void>;
  close(): Promise<void>;
}

export const OPS_BACKEND = Symbol('OPS_BACKEND');
