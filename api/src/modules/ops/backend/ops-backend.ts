import type {
  InstanceActionResponse,
  InstanceStatusResponse,
  LogFile,
  OpsInstance,
  ScreenSession,
  SearchResponse,
  SessionClaims,
  TailResponse,
} from '@credence/shared';
import type { FollowerListener } from '../logs/log-follower.js';
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
