import { Body, Controller, Get, HttpCode, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { WATCHLIST_LIMITS, WATCHLIST_ROUTES, type RouteResponse, type SessionClaims } from '@credence/shared';
import { CurrentUser } from '../../core/auth/current-user.decorator.js';
import { Route } from '../../core/contracts/route.js';
import { RouteInput } from '../../core/contracts/route-input.js';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { PerUserRateLimit } from '../../core/rate-limit/user-rate-limit.js';
import { openEventStream } from '../../core/sse/sse-writer.js';
import { AlertsService } from './alerts.service.js';
import {
  AlertsQuery,
  CreateWatchlistDto,
  MarkReadDto,
  UnwatchCompaniesDto,
  UpdateWatchlistDto,
  WatchCompaniesDto,
  WatchLendersDto,
  WatchlistIdParam,
  WatchlistsQuery,
  WatchPeopleDto,
} from './dto/watchlists.dto.js';
import { WatchedNamesService } from './watched-names.service.js';
import { WatchlistsService } from './watchlists.service.js';

/** Watchlists and alerts (issue 29 sections 3 to 5): the signed-in user's own; another user's list is a 404. */
@ApiTags('Watchlists')
@ApiBearerAuth()
@Controller()
export class WatchlistsController {
  constructor(
    @Inject(WatchlistsService) private readonly lists: WatchlistsService,
    @Inject(AlertsService) private readonly alertsService: AlertsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WatchedNamesService) private readonly names: WatchedNamesService,
  ) {}

  @Route('GET watchlists')
  @PerUserRateLimit('watchlists')
  @ApiOperation({
    summary: 'Your watchlists, with how many companies, lenders and people each holds (and, given company, whether each holds it)',
  })
  async list(@Query() q: WatchlistsQuery, @CurrentUser() user: SessionClaims): Promise<RouteResponse<'GET watchlists'>> {
    return { status: 'success', data: { watchlists: await this.lists.list(user.sub, q.company) } };
  }

  @Route('POST watchlists')
  @PerUserRateLimit('watchlists')
  @ApiOperation({ summary: 'Create a watchlist: a name, the alerts it raises (default all), e-mail off, immediate or digest' })
  async create(@Body() body: CreateWatchlistDto, @CurrentUser() user: SessionClaims): Promise<RouteResponse<'POST watchlists'>> {
    return { status: 'success', data: { watchlist: await this.lists.create(user.sub, body) } };
  }

  @Route('GET watchlists/:id')
  @PerUserRateLimit('watchlists')
  @ApiOperation({ summary: 'One of your watchlists with its companies, lenders and people' })
  async detail(@Param() p: WatchlistIdParam, @CurrentUser() user: SessionClaims): Promise<RouteResponse<'GET watchlists/:id'>> {
    return { status: 'success', data: { watchlist: await this.lists.detail(user.sub, p.id) } };
  }

  @Route('POST watchlists/:id/update')
  @PerUserRateLimit('watchlists')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rename a watchlist, or change its alerts or e-mail' })
  async update(
    @RouteInput() r: UpdateWatchlistDto,
    @CurrentUser() user: SessionClaims,
  ): Promise<RouteResponse<'POST watchlists/:id/update'>> {
    return { status: 'success', data: { watchlist: await this.lists.update(user.sub, r.id, r) } };
  }

  @Route('POST watchlists/:id/delete')
  @PerUserRateLimit('watchlists')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a watchlist (its alerts stay)' })
  async remove(@Param() p: WatchlistIdParam, @CurrentUser() user: SessionClaims): Promise<RouteResponse<'POST watchlists/:id/delete'>> {
    await this.lists.remove(user.sub, p.id);
    return { status: 'success' };
  }

  @Route('POST watchlists/:id/add')
  @PerUserRateLimit('watchlists')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Watch companies: company_numbers (at most 1,000 a request) or a CSV of them; a list holds at most 10,000',
  })
  async add(@RouteInput() r: WatchCompaniesDto, @CurrentUser() user: SessionClaims): Promise<RouteResponse<'POST watchlists/:id/add'>> {
    return { status: 'success', data: await this.lists.add(user.sub, r.id, r) };
  }

  @Route('POST watchlists/:id/remove')
  @PerUserRateLimit('watchlists')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop watching companies' })
  async unwatch(
    @RouteInput() r: UnwatchCompaniesDto,
    @CurrentUser() user: SessionClaims,
  ): Promise<RouteResponse<'POST watchlists/:id/remove'>> {
    return { status: 'success', data: await this.lists.unwatch(user.sub, r.id, r.company_numbers) };
  }

  @Route('POST watchlists/:id/lenders/add')
  @PerUserRateLimit('watchlists')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Watch lenders: every company whose charges name one (names as filed, matched by lender key) raises its new and satisfied charges; ' +
      `at most ${WATCHLIST_LIMITS.namesPerRequest} a request, ${WATCHLIST_LIMITS.lenders} a list; a name no charge held names is answered as unknown`,
  })
  async addLenders(
    @RouteInput() r: WatchLendersDto,
    @CurrentUser() user: SessionClaims,
  ): Promise<RouteResponse<'POST watchlists/:id/lenders/add'>> {
    return { status: 'success', data: await this.names.addLenders(user.sub, r.id, r.lenders) };
  }

  @Route('POST watchlists/:id/lenders/remove')
  @PerUserRateLimit('watchlists')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop watching lenders' })
  async removeLenders(
    @RouteInput() r: WatchLendersDto,
    @CurrentUser() user: SessionClaims,
  ): Promise<RouteResponse<'POST watchlists/:id/lenders/remove'>> {
    return { status: 'success', data: await this.names.removeLenders(user.sub, r.id, r.lenders) };
  }

  @Route('POST watchlists/:id/people/add')
  @PerUserRateLimit('watchlists')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Watch people by officer id (the {id} of /officers/{id}/appointments): their appointments, resignations and PSC entries; ' +
      'an id no appointment held names is answered as unknown',
  })
  async addPeople(
    @RouteInput() r: WatchPeopleDto,
    @CurrentUser() user: SessionClaims,
  ): Promise<RouteResponse<'POST watchlists/:id/people/add'>> {
    return { status: 'success', data: await this.names.addPeople(user.sub, r.id, r.officer_ids) };
  }

  @Route('POST watchlists/:id/people/remove')
  @PerUserRateLimit('watchlists')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop watching people' })
  async removePeople(
    @RouteInput() r: WatchPeopleDto,
    @CurrentUser() user: SessionClaims,
  ): Promise<RouteResponse<'POST watchlists/:id/people/remove'>> {
    return { status: 'success', data: await this.names.removePeople(user.sub, r.id, r.officer_ids) };
  }

  @Route('GET alerts')
  @PerUserRateLimit('watchlists')
  @ApiOperation({ summary: 'Your alerts, newest first: kind, company, what changed, when Companies House published it, the source' })
  async alerts(@Query() q: AlertsQuery, @CurrentUser() user: SessionClaims): Promise<RouteResponse<'GET alerts'>> {
    return { status: 'success', data: await this.alertsService.list(user.sub, q) };
  }

  @Route('POST alerts/read')
  @PerUserRateLimit('watchlists')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark alerts read (all when no ids are given); answers the unread count' })
  async read(@Body() body: MarkReadDto, @CurrentUser() user: SessionClaims): Promise<RouteResponse<'POST alerts/read'>> {
    return { status: 'success', data: { unread: await this.alertsService.markRead(user.sub, body.ids) } };
  }

  @Get(WATCHLIST_ROUTES.alertsStream)
  @PerUserRateLimit('watchlists')
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary: 'Your alerts live (Server-Sent Events): `unread` {unread} first, then `alert` {alert, unread} as each is raised',
  })
  async stream(@CurrentUser() user: SessionClaims, @Res() reply: FastifyReply): Promise<void> {
    let unread = await this.alertsService.unread(user.sub);
    let stop: () => void = () => undefined;
    const writer = openEventStream(reply, this.config.research.heartbeatMs, () => stop());
    writer.send({ type: 'unread', data: { unread } });
    stop = await this.alertsService.follow(user.sub, (alert) => {
      unread += alert.read ? 0 : 1;
      writer.send({ id: String(alert.id), type: 'alert', data: { alert, unread } });
    });
    if (reply.raw.destroyed) stop();
  }
}
