import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { createValidationPipe } from '../errors/validation.js';

/**
 * A route's whole request as one DTO, for a route of the shared table whose path has `:name`
 * segments and that also takes a body (or query): the path's fields over the body's (or query's),
 * validated like every DTO, so `@Route('POST watchlists/:id/lenders/add')` checks one class with
 * exactly the table's request fields. A body that is not a JSON object counts as empty.
 */
const PathAndBody = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const sent = request.method === 'GET' ? request.query : request.body;
  const fields = typeof sent === 'object' && sent !== null && !Array.isArray(sent) ? sent : {};
  return { ...fields, ...(request.params as object) };
});

export const RouteInput = () => PathAndBody(createValidationPipe({ validateCustomDecorators: true }));
