import { ForbiddenException, Inject, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, type Role, type SessionClaims } from '@credence/shared';
import { IS_PUBLIC, ROLES_KEY } from './public.decorator.js';
import { SessionRegistry } from './session-registry.js';
import { TokenVerifier } from './token-verifier.js';

// The scheme is case-insensitive (RFC 9110 11.1).
const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

/**
 * Global: every route needs a valid access token of a live session (not signed out, not expired,
 * account approved and not disabled) unless it is marked @Public(). `request.user` carries the
 * token's session id and expiry but the role and identity the database holds now: the token's own
 * claims of them are never believed (a leaked signing key re-signing `role: admin` gains nothing).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(TokenVerifier) private readonly tokens: TokenVerifier,
    @Inject(SessionRegistry) private readonly sessions: SessionRegistry,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: SessionClaims }>();
    const header = request.headers.authorization;
    if (!header) throw new UnauthorizedException(ACCOUNT_MESSAGES.signInRequired);
    const token = BEARER.exec(header)?.[1];
    const claims = token ? this.tokens.verify(token) : null;
    const principal = claims ? await this.sessions.principal(claims.jti, claims.sub) : null;
    if (!claims || !principal) throw new UnauthorizedException(ACCOUNT_MESSAGES.sessionInvalid);
    request.user = {
      ...claims,
      role: principal.role,
      email: principal.email,
      full_name: principal.fullName,
      company_name: principal.companyName,
    };
    return true;
  }
}

/** Global: routes with @Roles(...) answer 403 to any other signed-in role (the database's, set by SessionGuard). */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(@Inject(Reflector) private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (!roles) return true;
    const user = context.switchToHttp().getRequest().user as SessionClaims | undefined;
    if (!user) throw new UnauthorizedException(ACCOUNT_MESSAGES.signInRequired);
    if (!roles.includes(user.role))
      throw new ForbiddenException(
        roles.length === 1 && roles[0] === 'admin' ? ACCOUNT_MESSAGES.adminOnly : `This needs the ${roles.join(' or ')} role.`,
      );
    return true;
  }
}
