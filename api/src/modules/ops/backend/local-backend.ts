import { hostname } from 'node:os';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { OPS_CONSTANTS, OPS_TEXTS, type InstanceStatusResponse, type OpsInstance, type SessionClaims } from '@credence/shared';
import type { OpsConfig } from '../../../core/config/config.js';
import { LogFollower, parseResumePoint, type FollowerListener } from '../logs/log-follower.js';
import { tailLines } from '../logs/log-reader.js';
import { searchOpenedLog, type SearchOptions } from '../logs/search-lines.js';
import { LogRoots } from '../logs/log-roots.js';
import { ScreenCli } from '../screens/screen-cli.js';
import { ScreenPoller, type ScreenListener } from '../screens/screen-poller.js';
import { SharedReaders, WatchesPerUser, watchShared } from '../shared-readers.js';
import type { OpsBackend, SearchListener } from './ops-backend.js';

export const LOCAL_INSTANCE_ID = 'local';

export const LOCAL_START_STOP_REFUSED = OPS_TEXTS.localStartStop;

/** The API's own host as the one instance: its log files under OPS_LOG_DIRS and its user's GNU screen sessions. */
export class LocalOpsBackend implements OpsBackend {
  readonly kind = 'local' as const;
  readonly roots: LogRoots;
  readonly followers: SharedReaders<LogFollower>;
  readonly pollers: SharedReaders<ScreenPoller>;
  private readonly perUser: WatchesPerUser;
  private readonly name = hostname();

  constructor(
    private readonly config: OpsConfig,
    private readonly screen = new ScreenCli(),
  ) {
    this.roots = new LogRoots(config.logDirs, config.secretFiles);
    this.followers = new SharedReaders(config.lingerMs, config.maxWatchedFiles, 'log files');
    this.pollers = new SharedReaders(config.lingerMs, config.maxWatchedFiles, 'screen sessions');
    this.perUser = new WatchesPerUser(config.maxWatchesPerUser);
  }

  private instance(id: string): void {
    if (id !== LOCAL_INSTANCE_ID)
      throw new NotFoundException(`No such instance: ${id} (this server's only instance is "${LOCAL_INSTANCE_ID}")`);
  }

  async status(_region?: string, instanceId?: string): Promise<InstanceStatusResponse> {
    if (instanceId) this.instance(instanceId);
    return {
      status: 'success',
      state: 'running',
      instance_status: 'ok',
      system_status: 'ok',
      instance_id: LOCAL_INSTANCE_ID,
      instance_name: this.name,
      error: null,
      backend: 'local',
    };
  }

  async act(_action: 'start' | 'stop', _region: string, instanceId?: string): Promise<never> {
    if (instanceId) this.instance(instanceId);
    throw new ConflictException({ status: 'error', error: LOCAL_START_STOP_REFUSED });
  }

  async instances(): Promise<OpsInstance[]> {
    return [{ id: LOCAL_INSTANCE_ID, name: this.name, state: 'running' }];
  }

  async logs(instanceId: string) {
    this.instance(instanceId);
    return { logs: await this.roots.list(), roots: await this.roots.realRoots() };
  }

  async tail(instanceId: string, _region: string, path: string, lines: number) {
    this.instance(instanceId);
    const file = await this.roots.open(path);
    try {
      return await tailLines(file, lines);
    } finally {
      await file.handle.close();
    }
  }

  /** A search of the opened file in a worker thread (off the event loop). */
  private async grep(path: string, pattern: string, options: SearchOptions, started?: () => void) {
    const file = await this.roots.open(path);
    try {
      started?.();
      return await searchOpenedLog(file, pattern, options);
    } finally {
      await file.handle.close();
    }
  }

  async search(instanceId: string, _region: string, path: string, pattern: string, signal?: AbortSignal) {
    this.instance(instanceId);
    const { matches, truncated } = await this.grep(path, pattern, { signal });
    return { matches, truncated };
  }

  async searchStream(instanceId: string, _region: string, path: string, pattern: string, signal: AbortSignal, listener: SearchListener) {
    this.instance(instanceId);
    const stopAfter = OPS_CONSTANTS.maxSearchMatches;
    const options = { signal, stopAfter, onMatch: listener.match, onProgress: listener.progress };
    const { matched, truncated, total_bytes } = await this.grep(path, pattern, options, listener.started);
    return { matched: Math.min(matched, stopAfter), truncated, total_bytes };
  }

  async screens(instanceId: string) {
    this.instance(instanceId);
    return this.screen.list();
  }

  async screenContent(instanceId: string, _region: string, pid: number) {
    this.instance(instanceId);
    return this.screen.content(pid);
  }

  async watchLog(
    user: SessionClaims,
    instanceId: string,
    _region: string,
    path: string,
    lastEventId: string | undefined,
    listener: FollowerListener,
  ) {
    this.instance(instanceId);
    const real = await this.roots.resolve(path);
    return watchShared(
      this.followers,
      this.perUser,
      user.sub,
      real,
      async () => {
        const created = new LogFollower(real, this.roots, { pollMs: this.config.pollMs, maxBacklogBytes: this.config.maxBacklogBytes });
        await created.start(parseResumePoint(lastEventId));
        return created;
      },
      (follower) => follower.attach(lastEventId, listener),
    );
  }

  async watchScreen(user: SessionClaims, instanceId: string, _region: string, pid: number, listener: ScreenListener) {
    this.instance(instanceId);
    await this.screen.session(pid);
    return watchShared(
      this.pollers,
      this.perUser,
      user.sub,
      String(pid),
      async () => {
        const created = new ScreenPoller(pid, (p) => this.screen.content(p), this.config.screenPollMs);
        await created.start();
        return created;
      },
      (poller) => poller.attach(listener),
    );
  }

  async close(): Promise<void> {
    await this.followers.stopAll();
    await this.pollers.stopAll();
  }
}
