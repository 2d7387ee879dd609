import {
  applyDecorators,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { SessionClaims } from '@credence/shared';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { COUNTER_STORE, type CounterStore } from './counter-store.js';

/** The kinds of costly route, each with its own limit per signed-in user (README: QUERY_RATE_LIMIT and the rest). */
export type CostlyRoute = keyof AppConfig['userRateLimits'];

const WHAT: Record<CostlyRoute, string> = {
  query: 'natural-language queries',
  exports: 'exports',
  documents: 'documents opened',
  ops: 'log and screen reads',
  pageText: 'pages of uploaded text read',
  pdfFiles: 'uploaded PDFs read',
  chats: 'chat reads and saves',
  uploads: 'uploads',
  watchlists: 'watchlist and alert requests',
  webhooks: 'webhook requests',
};

const COSTLY_ROUTE = 'credence:costly-route';

/**
 * Limits a signed-in route that costs much CPU or I/O (parsing a query, writing an export,
 * rendering a document, asking a model) per user: past the limit it answers 429 with Retry-After
 * and a message saying what and for how long. One user cannot slow the API down for everyone.
 */
export const PerUserRateLimit = (kind: CostlyRoute) => applyDecorators(SetMetadata(COSTLY_ROUTE, kind), UseGuards(PerUserRateLimitGuard));

@Injectable()
export class PerUserRateLimitGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const kind = this.reflector.get<CostlyRoute | undefined>(COSTLY_ROUTE, context.getHandler());
    const user = context.switchToHttp().getRequest<{ user?: SessionClaims }>().user;
    if (!kind || !user) return true; // the session guard runs first: a route without a user is public
    const { limit, windowSeconds } = this.config.userRateLimits[kind];
    const { count, ttlMs } = await this.store.increment(`user:${kind}:${user.sub}`, windowSeconds * 1000);
    if (count <= limit) return true;
    const retryAfter = Math.max(1, Math.ceil(ttlMs / 1000));
    const error = `Too many ${WHAT[kind]}: at most ${limit} every ${windowSeconds} seconds per user. Try again in ${retryAfter} seconds.`;
    throw new HttpException({ error, retryAfter }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
