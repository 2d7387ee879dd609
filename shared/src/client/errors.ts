/**
 * Failures of the typed API client. One class for every way a call can fail, so a view (web or
 * terminal) maps it to a message once: `status` 0 when the server could not be reached.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status; 0 when no answer came (network failure, refused connection, aborted). */
  readonly status: number;
  /** The HTTP status text ("Bad Gateway"); empty when none came (HTTP/2 sends none). */
  readonly statusText: string;
  /** The server's `error` text (docs/architecture.md 4), or the network failure's text. */
  readonly error: string;
  /** The server's `message` text when it sent one (the screener routes do). */
  readonly serverMessage: string | null;
  /** The method and path called, e.g. "GET /api/me" (no query string: it may hold filters). */
  readonly call: string;
  /** The parsed JSON body of the failure, when it was JSON. */
  readonly body: unknown;

  constructor(options: {
    status: number;
    statusText?: string;
    error: string;
    serverMessage?: string | null;
    call: string;
    body?: unknown;
    cause?: unknown;
  }) {
    super(options.error, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.statusText = options.statusText ?? '';
    this.error = options.error;
    this.serverMessage = options.serverMessage ?? null;
    this.call = options.call;
    this.body = options.body;
  }

  /** True when the server could not be reached at all. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** True for 401 and 403: sign in again (401) or the account may not do this (403). */
  get isAuthError(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Builds the ApiError of a failed answer from its body text (JSON `{error, message}` or plain text). */
export function apiErrorFromBody(status: number, statusText: string, bodyText: string, call: string): ApiError {
  let body: unknown = bodyText;
  try {
    body = bodyText === '' ? null : JSON.parse(bodyText);
  } catch {
    // a plain-text or HTML failure page: keep the text
  }
  const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const serverMessage = text(fields.message);
  const error =
    text(fields.error) ??
    serverMessage ??
    (typeof body === 'string' && body.length > 0 && body.length <= 300 && !body.trimStart().startsWith('<') ? body.trim() : null) ??
    `The server answered ${status}${statusText ? ` ${statusText}` : ''}`;
  return new ApiError({ status, statusText, error, serverMessage, call, body });
}
