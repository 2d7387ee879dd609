import { constants, createWriteStream, mkdirSync, openSync, type WriteStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConsoleLogger } from '@nestjs/common';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config/config.js';

/** Appended to, created if missing; never through a symlink planted at its name (or into a FIFO). */
const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * The request log goes to stdout and is appended to `file` (in the first ops log root, so the
 * monitor has a log to watch out of the box; rotate it with logrotate's copytruncate or a rename).
 * The log roots are writable by the pipelines that log there: a link put at `file` is not followed.
 */
export function teeToLogFile(file: string): { write(line: string): void } {
  let out: WriteStream | null = null;
  try {
    mkdirSync(dirname(file), { recursive: true });
    out = createWriteStream('', { fd: openSync(file, APPEND_FLAGS, 0o640) });
    out.on('error', () => (out = null));
  } catch {
    out = null;
  }
  return {
    write(line: string) {
      process.stdout.write(line);
      out?.write(line);
    },
  };
}

/** Path segments that are secrets (e-mailed link tokens). */
const SECRET_PATH = /\/(verify|approve|user_by_token|reset-password)\/[^/?#]+/g;
const SECRET_QUERY = /([?&](?:token|code|oauth_token|access_token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '/$1/[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * Pino through Fastify: one line per request (see RequestLog). The serializers keep only method,
 * redacted URL and address of a request, so no header, body or link token reaches the log.
 */
export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    stream: config.logLevel === 'silent' ? undefined : teeToLogFile(join(config.ops.logDirs[0], 'api.log')),
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/** One line per finished request (method, redacted URL, status, milliseconds) instead of Fastify's two. */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) request.log.error({ ...line, err: error }, 'request failed');
    else request.log.info(line, 'request');
  }
}

const QUIET_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** Nest's console logger without the start-up chatter about modules and routes. */
export class AppLogger extends ConsoleLogger {
  override log(message: unknown, context?: string): void {
    if (context && QUIET_CONTEXTS.has(context)) return;
    super.log(message, context);
  }
}
