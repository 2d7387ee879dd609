import { Inject, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { UnsupportedBodyTypeError } from './request-body.js';

const BODY_TYPES = 'credence:body-types';

/**
 * The explicit exception to "JSON only" (request-body.ts): a route that takes another body type,
 * for example `@AcceptsBody('multipart/form-data')` on an upload (which also registers a parser
 * for that type, such as @fastify/multipart). Every other route keeps refusing it with 415.
 */
export const AcceptsBody = (...types: string[]) => SetMetadata(BODY_TYPES, types);

/** Global: a body of a type other than JSON reaches only the routes marked @AcceptsBody for it. */
@Injectable()
export class BodyTypeGuard implements CanActivate {
  constructor(@Inject(Reflector) private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const header = request.headers['content-type'];
    if (header === undefined || !['POST', 'PUT', 'PATCH'].includes(request.method)) return true;
    const type = header.split(';')[0].trim().toLowerCase();
    if (type === 'application/json') return true;
    const accepted = this.reflector.getAllAndOverride<string[] | undefined>(BODY_TYPES, [context.getHandler(), context.getClass()]);
    if (accepted?.includes(type)) return true;
    throw new UnsupportedBodyTypeError(header);
  }
}
