import { Global, Module } from '@nestjs/common';
import { DatabaseStatus } from './database-status.js';

/** What the process knows of its dependencies' reachability (Redis's lives in RedisModule). */
@Global()
@Module({ providers: [DatabaseStatus], exports: [DatabaseStatus] })
export class HealthModule {}
