import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What the API accepts as a request body, checked before any DTO sees it:
 * - JSON only (`application/json`). Any other type answers 415, so another website cannot make its
 *   visitors' browsers post a form (form-encoded, multipart, text/plain need no CORS preflight) to
 *   sign-up, reset or the sales forms. A route that takes another type (a multipart upload) says so
 *   with @AcceptsBody and registers a parser for it (see body-type.guard.ts).
 * - At most MAX_JSON_DEPTH levels of nesting (a body 2,000 levels deep made class-transformer fail).
 * - No NUL character (U+0000) in any string of the body, the query or the path: Postgres cannot
 *   store one in text, so it answered 500. The 400 names the field.
 */
export const MAX_JSON_DEPTH = 32;

export class UnsupportedBodyTypeError extends HttpException {
  constructor(type: string | undefined) {
    super(
      `This route takes a JSON body: send it with Content-Type: application/json${type ? ` (got ${type.split(';')[0].trim()})` : ''}.`,
      HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    );
  }
}

/** True when the JSON text nests arrays and objects deeper than `max`; linear, stops at the first excess. */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const fieldPath = (parent: string, key: string | number): string =>
  typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;

/** The path of the first string (or object key) holding a NUL character, e.g. `companies[3].name`; null when none. */
export function pathWithNul(value: unknown, root = ''): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || 'the body';
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: fieldPath(path, i) });
    } else if (current && typeof current === 'object') {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        if (key.includes('\u0000')) return `a field name in ${path || 'the body'}`;
        stack.push({ value: (current as Record<string, unknown>)[key], path: fieldPath(path, key) });
      }
    }
  }
  return null;
}

export const nulMessage = (field: string) => `${field} must not contain a NUL character (\\u0000).`;

/** Replaces the body parsers: JSON with the limits above, every other type 415. */
export function registerBodyParsers(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim().length === 0) return done(new BadRequestException('The request body is empty: send a JSON object.'), undefined);
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(new BadRequestException(`The request body nests deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
    }
    // With a callback the parser answers through it; its typed promise return is never one here.
    void parseJson(request, text, (error, value) =>
      error ? done(new BadRequestException('The request body is not valid JSON.'), undefined) : done(null, value),
    );
  });
  // Small form-encoded bodies (RFC 8058 one-click unsubscribe); BodyTypeGuard lets them reach @AcceptsBody routes only.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // Every other type (and a body without a type) is refused here, before it is read.
  fastify.addContentTypeParser('*', (request: FastifyRequest, _payload, done) =>
    done(new UnsupportedBodyTypeError(request.headers['content-type']), undefined),
  );
  fastify.addHook('preValidation', (request, _reply, done) => done(inputProblem(request) ?? undefined));
}

/** A NUL anywhere in the path, the query (JSON-valued parameters such as `filters` included) or the body. */
function inputProblem(request: FastifyRequest): BadRequestException | null {
  const param = pathWithNul(request.params);
  if (param) return new BadRequestException(nulMessage(param));
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const problem = queryValueProblem(name, value);
    if (problem) return new BadRequestException(problem);
  }
  const field = request.body ? pathWithNul(request.body) : null;
  return field ? new BadRequestException(nulMessage(field)) : null;
}

function queryValueProblem(name: string, value: unknown): string | null {
  const raw = pathWithNul(value, name);
  if (raw) return nulMessage(raw.startsWith(name) ? name : raw);
  // Screener parameters carry JSON (filters, sort): the same limits as a JSON body, named by parameter.
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return null;
  if (jsonNestsDeeperThan(value, MAX_JSON_DEPTH)) return `${name} nests deeper than ${MAX_JSON_DEPTH} levels.`;
  try {
    const inside = pathWithNul(JSON.parse(value), name);
    return inside ? nulMessage(inside) : null;
  } catch {
    return null; // not JSON after all: the route's own validation says what is wrong
  }
}
