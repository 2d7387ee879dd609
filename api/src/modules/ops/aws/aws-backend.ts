import { EC2Client } from '@aws-sdk/client-ec2';
import { SSMClient } from '@aws-sdk/client-ssm';
import type { InstanceStatusResponse, OpsInstance, SessionClaims } from '@credence/shared';
import type { AwsOpsConfig, OpsConfig } from '../../../core/config/config.js';
import type { OpsBackend, SearchListener } from '../backend/ops-backend.js';
import { HostTools } from '../host/host-tools.js';
import type { ScriptRunner } from '../host/script-runner.js';
import { parseResumePoint, type FollowerListener } from '../logs/log-follower.js';
import { ScreenPoller, type ScreenListener } from '../screens/screen-poller.js';
import { SharedReaders, WatchesPerUser, watchShared } from '../shared-readers.js';
import { Ec2Instances } from './ec2-instances.js';
import { RemoteFollower } from './remote-follower.js';
import { ssmStatuses } from './ssm-agents.js';
import { SsmScriptRunner } from './ssm-runner.js';

/** How long an instance id checked against the name prefix stays checked. */
const CHECKED_MS = 60_000;

export interface AwsClients {
  ec2(region: string): EC2Client;
  ssm(region: string): SSMClient;
}

/** The SDK clients of a region: adaptive retry with more attempts (throttling has no published rate). */
export function sdkClients(aws: AwsOpsConfig): AwsClients {
  const ec2 = new Map<string, EC2Client>();
  const ssm = new Map<string, SSMClient>();
  const options = (region: string) => ({
    region,
    retryMode: 'adaptive',
    maxAttempts: 8,
    ...(aws.endpoint ? { endpoint: aws.endpoint } : {}),
  });
  return {
    ec2: (region) => ec2.get(region) ?? ec2.set(region, new EC2Client(options(region))).get(region)!,
    ssm: (region) => ssm.get(region) ?? ssm.set(region, new SSMClient(options(region))).get(region)!,
  };
}

/**
 * EC2 instances named with the prefix, and on each of them, through SSM, the same host script the
 * tests run on this host: logs under OPS_LOG_DIRS, tail, search, screen sessions; watches poll it
 * (one command at a time per watched file, shared by its watchers).
 */
export class AwsOpsBackend implements OpsBackend {
  readonly kind = 'aws' as const;
  readonly ec2: Ec2Instances;
  readonly followers: SharedReaders<RemoteFollower>;
  readonly pollers: SharedReaders<ScreenPoller>;
  private readonly perUser: WatchesPerUser;
  private readonly runners = new Map<string, ScriptRunner>();
  private readonly checked = new Map<string, number>();

  constructor(
    private readonly config: OpsConfig & { aws: AwsOpsConfig },
    private readonly clients: AwsClients = sdkClients(config.aws),
  ) {
    this.ec2 = new Ec2Instances((region) => clients.ec2(region), config.aws.namePrefix, config.aws.instanceId);
    this.followers = new SharedReaders(config.lingerMs, config.maxWatchedFiles, 'log files');
    this.pollers = new SharedReaders(config.lingerMs, config.maxWatchedFiles, 'screen sessions');
    this.perUser = new WatchesPerUser(config.maxWatchesPerUser);
  }

  /** The runner of one instance (SendCommand counts per instance are kept on it). */
  runner(region: string, instanceId: string): ScriptRunner {
    const key = `${region}/${instanceId}`;
    let runner = this.runners.get(key);
    if (!runner) {
      const { ssmPollMs, ssmTimeoutMs } = this.config.aws;
      runner = new SsmScriptRunner(this.clients.ssm(region), instanceId, {
        pollMs: ssmPollMs,
        notFoundGraceMs: Math.max(5_000, ssmPollMs * 4),
        timeoutMs: ssmTimeoutMs,
        stateOf: async () => (await this.ec2.find(region, instanceId)).state ?? 'unknown',
      });
      this.runners.set(key, runner);
    }
    return runner;
  }

  /** The host script's tools on a named instance of the region (404 for any other id). */
  private async tools(instanceId: string, region: string): Promise<HostTools> {
    const key = `${region}/${instanceId}`;
    if ((this.checked.get(key) ?? 0) < Date.now()) {
      await this.ec2.find(region, instanceId);
      this.checked.set(key, Date.now() + CHECKED_MS);
    }
    return new HostTools(this.runner(region, instanceId), this.config.logDirs, this.config.aws.screenUser);
  }

  status(region: string, instanceId?: string): Promise<InstanceStatusResponse> {
    return this.ec2.status(region, instanceId);
  }

  act(action: 'start' | 'stop', region: string, instanceId?: string) {
    return this.ec2.act(action, region, instanceId);
  }

  /** The named instances with their state, type, launch time and whether SSM reaches them. */
  async instances(region: string): Promise<OpsInstance[]> {
    const instances = await this.ec2.list(region);
    const ssm = await ssmStatuses(
      this.clients.ssm(region),
      instances.map((i) => i.id),
    );
    return instances.map((i) => ({ ...i, ssm: ssm.get(i.id) ?? 'unknown' }));
  }

  async logs(instanceId: string, region: string) {
    return { logs: await (await this.tools(instanceId, region)).list(), roots: this.config.logDirs };
  }

  async tail(instanceId: string, region: string, path: string, lines: number) {
    return (await this.tools(instanceId, region)).tail(path, lines);
  }

  async search(instanceId: string, region: string, path: string, pattern: string) {
    return (await this.tools(instanceId, region)).search(path, pattern);
  }

  /** Through SSM a search answers at once (one command): its matches and its end, as the stream of the local backend. */
  async searchStream(instanceId: string, region: string, path: string, pattern: string, _signal: AbortSignal, listener: SearchListener) {
    const tools = await this.tools(instanceId, region);
    listener.started();
    const { matches, truncated } = await tools.search(path, pattern);
    matches.forEach((m) => listener.match(m));
    return { matched: matches.length, truncated, total_bytes: 0 };
  }

  async screens(instanceId: string, region: string) {
    return (await this.tools(instanceId, region)).screens();
  }

  async screenContent(instanceId: string, region: string, pid: number) {
    return (await this.tools(instanceId, region)).screenContent(pid);
  }

  async watchLog(
    user: SessionClaims,
    instanceId: string,
    region: string,
    path: string,
    lastEventId: string | undefined,
    listener: FollowerListener,
  ) {
    const tools = await this.tools(instanceId, region);
    // Checked once (and refused as tail would be) before a reader exists for it.
    await tools.read(path, '0', 0);
    return watchShared(
      this.followers,
      this.perUser,
      user.sub,
      `${region}/${instanceId}/${path}`,
      async () => {
        const created = new RemoteFollower({
          pollMs: this.config.aws.watchPollMs,
          maxBacklogBytes: this.config.maxBacklogBytes,
          read: (inode, offset) => tools.read(path, inode, offset),
        });
        await created.start(parseResumePoint(lastEventId));
        return created;
      },
      (follower) => follower.attach(lastEventId, listener),
    );
  }

  async watchScreen(user: SessionClaims, instanceId: string, region: string, pid: number, listener: ScreenListener) {
    const tools = await this.tools(instanceId, region);
    return watchShared(
      this.pollers,
      this.perUser,
      user.sub,
      `${region}/${instanceId}/${pid}`,
      async () => {
        const created = new ScreenPoller(
          pid,
          (p) => tools.screenContent(p),
          Math.max(this.config.screenPollMs, this.config.aws.watchPollMs),
        );
        await created.start();
        return created;
      },
      (poller) => poller.attach(listener),
    );
  }

  async close(): Promise<void> {
    await this.followers.stopAll();
    await this.pollers.stopAll();
    for (const region of new Set([...this.runners.keys()].map((key) => key.split('/')[0]))) {
      this.clients.ec2(region).destroy();
      this.clients.ssm(region).destroy();
    }
  }
}
