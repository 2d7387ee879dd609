import { Controller, HttpCode, Inject, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { SessionClaims } from '@credence/shared';
import { CurrentUser } from '../../core/auth/current-user.decorator.js';
import { Roles } from '../../core/auth/public.decorator.js';
import { PerUserRateLimit } from '../../core/rate-limit/user-rate-limit.js';
import { InstanceQuery, InstanceTargetQuery, RegionQuery, SearchQuery, TailQuery } from './dto/ops.dto.js';
import { OpsActionsService } from './ops-actions.service.js';
import { lineFilter } from './logs/line-filter.js';
import { OpsService } from './ops.service.js';
import { Route } from '../../core/contracts/route.js';

/** Spec 1 section 7: the instance manager and the monitor's reads, for the ops and admin roles. */
@ApiTags('Ops')
@ApiBearerAuth()
@Roles('ops', 'admin')
@Controller()
export class OpsController {
  constructor(
    @Inject(OpsService) private readonly ops: OpsService,
    @Inject(OpsActionsService) private readonly actions: OpsActionsService,
  ) {}

  private get backend() {
    return this.ops.backend;
  }

  @Route('GET status_intern_instance')
  @ApiOperation({
    summary: 'An instance (instance_id, else OPS_AWS_INSTANCE_ID, else the only one): state, instance and system checks, id and name',
  })
  status(@Query() q: InstanceTargetQuery) {
    return this.backend.status(this.ops.region(q.region), q.instance_id);
  }

  @Route('POST start_intern_instance?')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Start an instance (instance_id, else the configured one; recorded). One already running answers `message`; the local backend refuses with 409.',
  })
  start(@Query() q: InstanceTargetQuery, @CurrentUser() user: SessionClaims) {
    return this.ops.act(user, 'start', q.region, q.instance_id);
  }

  @Route('POST stop_intern_instance?')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Stop an instance (instance_id, else the configured one; recorded). One already stopped answers `message`; the local backend refuses with 409.',
  })
  stop(@Query() q: InstanceTargetQuery, @CurrentUser() user: SessionClaims) {
    return this.ops.act(user, 'stop', q.region, q.instance_id);
  }

  @Route('GET list_ec2_instances')
  @ApiOperation({
    summary: 'The large-pipeline-* instances of a region: {instances: [{id, name, state, type, launch_time, ssm}]}',
  })
  async instances(@Query() q: RegionQuery) {
    return { instances: await this.backend.instances(this.ops.region(q.region)) };
  }

  @Route('GET list_ec2_logs')
  @PerUserRateLimit('ops')
  @ApiOperation({ summary: 'The log files of an instance (under its log roots): {logs: [{name, path, size, modified}], roots}' })
  logs(@Query() q: InstanceQuery) {
    return this.backend.logs(q.instance_id, this.ops.region(q.region));
  }

  @Route('GET tail_ec2_instance')
  @PerUserRateLimit('ops')
  @ApiOperation({ summary: "A file's last lines (read from its end): {lines, size, cursor} (cursor: the id a watch continues from)" })
  async tail(@Query() q: TailQuery) {
    const tail = await this.backend.tail(q.instance_id, this.ops.region(q.region), q.path, q.lines ?? 10);
    // grep/exclude: of the last `lines`, those kept (a merged tail's filter, issue 28 §2)
    const kept = lineFilter(q);
    return kept ? { ...tail, lines: tail.lines.filter(kept) } : tail;
  }

  @Route('GET search_logs_ec2')
  @PerUserRateLimit('ops')
  @ApiOperation({
    summary: 'The lines of a file that contain a pattern (literal, case-insensitive): {matches: [{line_number, line}], truncated}',
  })
  async search(@Query() q: SearchQuery, @Req() request: FastifyRequest) {
    const abort = new AbortController();
    request.raw.on('close', () => abort.abort());
    return this.backend.search(q.instance_id, this.ops.region(q.region), q.path, q.pattern, abort.signal);
  }

  @Route('GET list_screen_sessions')
  @PerUserRateLimit('ops')
  @ApiOperation({ summary: "The instance's GNU screen sessions: {screens: [{name, pid, attached, status}]}" })
  async screens(@Query() q: InstanceQuery) {
    return { screens: await this.backend.screens(q.instance_id, this.ops.region(q.region)) };
  }

  @Route('GET ops/actions')
  @Roles('admin')
  @ApiOperation({ summary: 'Admins: every instance start and stop, newest first (who, when, which instance, result)' })
  async history() {
    return { actions: await this.actions.list() };
  }
}
