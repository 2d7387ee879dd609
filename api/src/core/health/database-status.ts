import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { isDatabaseConnectionError, type DatabaseTarget } from './connection-errors.js';
import { DependencyStatus, describeError, type DependencyCheck } from './dependency-status.js';

const PROBE_EVERY_MS = 1_000;

/**
 * What the API knows of its database's reachability. An outage is noticed by a request that failed
 * to reach it (HttpExceptionFilter), by the pool losing an idle connection, or by the readiness
 * check; from then on a `SELECT 1` every second notices its return (the pg pool opens fresh
 * connections by itself). Each change is logged once.
 */
@Injectable()
export class DatabaseStatus implements OnModuleInit, OnApplicationShutdown {
  readonly state = new DependencyStatus('database');
  private probe: NodeJS.Timeout | null = null;
  private probing = false;

  private readonly target: DatabaseTarget;

  constructor(@Inject(DataSource) private readonly db: DataSource) {
    this.target = databaseTarget(db);
  }

  onModuleInit(): void {
    const pool = (this.db.driver as unknown as { master?: Pool }).master;
    pool?.on?.('error', (error) => this.noticed(error));
  }

  onApplicationShutdown(): void {
    this.stopProbing();
  }

  /** Records an error if it says the database cannot be reached; answers whether it did. */
  noticed(error: unknown): boolean {
    if (!isDatabaseConnectionError(error, this.target)) return false;
    this.state.down(error);
    this.probe ??= setInterval(() => void this.probeOnce(), PROBE_EVERY_MS).unref();
    return true;
  }

  /** The readiness check: `SELECT 1`, answered within `timeoutMs`. */
  async check(timeoutMs = 3_000): Promise<DependencyCheck> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.db.query('SELECT 1'),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs))),
      ]);
      this.answered();
      return { status: 'ok' };
    } catch (error) {
      this.noticed(error);
      return { status: 'down', error: describeError(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  private async probeOnce(): Promise<void> {
    if (this.probing) return;
    this.probing = true;
    try {
      await this.db.query('SELECT 1');
      this.answered();
    } catch (error) {
      if (!this.noticed(error)) this.state.down(error);
    } finally {
      this.probing = false;
    }
  }

  private answered(): void {
    this.stopProbing();
    this.state.up();
  }

  private stopProbing(): void {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
  }
}

function databaseTarget(db: DataSource): DatabaseTarget {
  const options = db.options as { url?: string; host?: string; port?: number };
  if (options.url) {
    const url = new URL(options.url);
    return { host: url.hostname, port: Number(url.port || 5432) };
  }
  return { host: options.host, port: options.port ?? 5432 };
}
