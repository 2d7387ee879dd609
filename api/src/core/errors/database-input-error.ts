/**
 * Defence in depth behind the DTOs: a PostgreSQL "data exception" caused by a request value (a
 * number past a column's range, text where a number goes, a NUL byte) is the client's mistake,
 * answered 400, not a 500. The DTOs are meant to refuse such values first; the filter logs every
 * one that gets through, so the missing rule is added where it belongs.
 */

/** SQLSTATE codes of class 22 that a request value causes, and what they say about it. */
const INPUT_PROBLEMS: Record<string, string> = {
  '22001': 'is too long',
  '22003': 'is out of range',
  '22007': 'is not a valid date',
  '22008': 'is out of range for a date',
  '22021': 'contains a character that cannot be stored (such as NUL)',
  '22P02': 'is not of the type expected',
  '22P05': 'contains a character that cannot be stored (such as NUL)',
};

const FIELD_ADVICE = ': check the value and send it again.';
const REQUEST_ADVICE = ': check the values and send them again.';

interface RequestLike {
  query?: unknown;
  params?: unknown;
  body?: unknown;
}

/** The SQLSTATE of a database error (TypeORM's QueryFailedError copies the driver's `code`). */
function sqlState(exception: unknown): string | null {
  const error = exception as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = error?.driverError?.code ?? error?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

/** The dotted name of the first request field whose value matches, or null. */
function fieldWhere(value: unknown, match: (leaf: string) => boolean, path = '', depth = 0): string | null {
  if (depth > 4 || value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return match(String(value)) ? path : null;
  if (typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value as Record<string, unknown>).slice(0, 200)) {
    const found = fieldWhere(child, match, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The 400 message for a database error a request value caused (naming the field when the
 * database's message quotes a value one field holds), or null when it is not such an error.
 */
export function databaseInputError(exception: unknown, request: RequestLike): { code: string; message: string } | null {
  const code = sqlState(exception);
  const problem = code ? INPUT_PROBLEMS[code] : undefined;
  if (!code || !problem) return null;
  const text = exception instanceof Error ? exception.message : '';
  const quoted = /"((?:[^"\\]|\\.){0,200})"/.exec(text)?.[1];
  const match =
    code === '22021' || code === '22P05'
      ? (leaf: string) => leaf.includes('\u0000')
      : quoted !== undefined
        ? (leaf: string) => leaf === quoted || leaf.trim() === quoted
        : null;
  const field = match ? ([request.params, request.query, request.body].map((part) => fieldWhere(part, match)).find(Boolean) ?? null) : null;
  return {
    code,
    message: field ? `${field} ${problem}${FIELD_ADVICE}` : `A value in the request ${problem}${REQUEST_ADVICE}`,
  };
}

/** Whether an error message is this mapping's: the route fuzz fails on them, as each means a DTO let a bad value through. */
export function isDatabaseInputMessage(message: string): boolean {
  return message.endsWith(FIELD_ADVICE) || message.endsWith(REQUEST_ADVICE);
}
