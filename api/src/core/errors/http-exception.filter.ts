import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorResponse } from '@credence/shared';
import type { DatabaseStatus } from '../health/database-status.js';
import { DependencyUnavailableError, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGES, type Dependency } from '../health/dependency-status.js';
import { redactUrl } from '../logging/logger.js';
import { databaseInputError } from './database-input-error.js';

export function noRouteMessage(method: string, path: string): string {
  return `No route ${method} ${redactUrl(path)}. The API reference is at /api/docs.`;
}

/** The body of every failure: `{error, statusCode}` (and `errors` per field where a form has them). */
export function errorBody(status: number, response: unknown, fallback: string): ErrorResponse & Record<string, unknown> {
  if (typeof response === 'string') return { error: response, statusCode: status };
  const body = (response ?? {}) as Record<string, unknown>;
  const { message, error, statusCode: _statusCode, retryAfter: _retryAfter, ...rest } = body;
  const text =
    typeof error === 'string' && error !== HttpStatus[status] && !message ? error : Array.isArray(message) ? message[0] : message;
  const resolved = typeof text === 'string' ? text : fallback;
  // The screener routes answer `{status: 'error', message, error}` (spec 2 section 7).
  if (rest.status === 'error') return { ...rest, message: resolved, error: resolved, statusCode: status };
  return { ...rest, error: resolved, statusCode: status };
}

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  /** `database`: told of the requests that could not reach the database (it logs the outage once). */
  constructor(private readonly database?: DatabaseStatus) {}

  /** Which dependency a failure says is down: a thrown DependencyUnavailableError, or a database connection error. */
  private unavailable(exception: unknown): Dependency | null {
    if (exception instanceof DependencyUnavailableError) return exception.dependency;
    return this.database?.noticed(exception) ? 'database' : null;
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const dependency = this.unavailable(exception);
    if (dependency) {
      // Not logged per request: the outage itself is logged once, when it starts and when it ends.
      void reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ error: UNAVAILABLE_MESSAGES[dependency], statusCode: 503 });
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      let response = exception.getResponse();
      const unmatched = status === 404 && /^Cannot (\w+) (.*)$/.exec(exception.message);
      if (unmatched) response = noRouteMessage(unmatched[1], unmatched[2]);
      const retryAfter = (response as { retryAfter?: number })?.retryAfter;
      if (retryAfter) void reply.header('Retry-After', String(retryAfter));
      void reply.status(status).send(errorBody(status, response, exception.message));
      return;
    }
    const fastifyStatus = (exception as { statusCode?: number })?.statusCode;
    if (fastifyStatus && fastifyStatus >= 400 && fastifyStatus < 500) {
      void reply.status(fastifyStatus).send({ error: (exception as Error).message, statusCode: fastifyStatus });
      return;
    }
    const request = host.switchToHttp().getRequest<FastifyRequest | undefined>();
    const badValue = request ? databaseInputError(exception, request) : null;
    if (badValue && request) {
      // A value the DTO should have refused: answered as the client's mistake, logged so the rule gets added.
      this.logger.warn(
        `${request.method} ${redactUrl(request.url)}: the database refused a request value (${badValue.code}: ${(exception as Error).message}); validate it in the DTO`,
      );
      void reply.status(400).send({ error: badValue.message, statusCode: 400 });
      return;
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    void reply
      .status(500)
      .send({ error: 'Something went wrong on our side. Please try again; if it persists, contact support.', statusCode: 500 });
  }
}
