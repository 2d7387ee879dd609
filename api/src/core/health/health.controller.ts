import { Controller, Get, Inject, Optional, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator.js';
import { REDIS_STATUS } from '../redis/redis.module.js';
import type { RedisStatus } from '../redis/redis-status.js';
import { DatabaseStatus } from './database-status.js';
import type { DependencyCheck } from './dependency-status.js';
import { READINESS_REPORT, type ReadinessReport } from './readiness-report.js';

export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: { database: DependencyCheck; redis?: DependencyCheck };
  /** Informational (never a 503): the Companies House stream's lag and throughput when CH_STREAM_KEY is set. */
  reports?: Record<string, { status: string } & Record<string, unknown>>;
}

const READINESS_EXAMPLE: Readiness = {
  status: 'unavailable',
  checks: { database: { status: 'ok' }, redis: { status: 'down', error: 'connect ECONNREFUSED 127.0.0.1:6379' } },
};

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(DatabaseStatus) private readonly database: DatabaseStatus,
    @Inject(REDIS_STATUS) private readonly redis: RedisStatus | null,
    @Optional() @Inject(READINESS_REPORT) private readonly extra: ReadinessReport | null = null,
  ) {}

  /** Liveness: the process serves (it listens only once its database is migrated). Dependencies are for `ready`. */
  @Get()
  @Public()
  @ApiOperation({
    summary: 'Liveness: {"status":"ok"} while the process serves HTTP (it listens only once the database is migrated)',
    description:
      'Does not look at the database or Redis, so an outage of theirs does not get a healthy process restarted: see /api/health/ready.',
  })
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @Public()
  @ApiOperation({
    summary: 'Readiness: each dependency (database, and Redis when REDIS_URL is set), 200 when all answer, 503 when one does not',
    description:
      'For a load balancer: take the process out of rotation while this answers 503. Meanwhile routes that need the missing ' +
      'dependency answer 503 with Retry-After, and the others keep working.',
  })
  @ApiResponse({ status: 200, description: 'Ready', schema: { example: { status: 'ok', checks: { database: { status: 'ok' } } } } })
  @ApiResponse({ status: 503, description: 'A dependency is unreachable', schema: { example: READINESS_EXAMPLE } })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    const [database, redis] = await Promise.all([this.database.check(), this.redis?.check()]);
    const checks: Readiness['checks'] = redis ? { database, redis } : { database };
    const ready = Object.values(checks).every((check) => check.status === 'ok');
    void reply.status(ready ? 200 : 503).header('cache-control', 'no-store');
    const answer: Readiness = { status: ready ? 'ok' : 'unavailable', checks };
    if (this.extra && database.status === 'ok') {
      const report = await this.extra.report().catch((error: Error) => ({ status: 'unknown', error: error.message }));
      if (report) answer.reports = { [this.extra.name]: report };
    }
    return answer;
  }
}
