/**
 * Exit codes (docs/architecture.md 5) and the one mapping from any failure to a message and a code.
 * Nothing heavy is imported here: errors from the shared package are recognised by name.
 */
/**
 * 3: ran fine and found nothing (no alerts in the period): a cron line or script
 * tells it from a failure (1). 4: sign in (again) helps; 5: signed in, but the account or its role
 * may not do this (signing in again would loop).
 */
export const EXIT = { ok: 0, failure: 1, usage: 2, none: 3, auth: 4, refused: 5 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A bad flag, filter, column or sort: exit 2. The message names it and lists what is valid. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** `--output` for a command that writes an Excel workbook: the name, or a UsageError unless it ends in .xlsx. */
export function xlsxOutput(raw: string): string {
  const name = raw.trim();
  if (!/\.xlsx$/i.test(name))
    throw new UsageError(`--output writes an Excel workbook: give a file name ending in .xlsx${name ? `, not "${name}"` : ''}`);
  return name;
}

/** No token, or the server refused it: exit 4. */
export class AuthError extends Error {
  override name = 'AuthError';
}

/** Any other failure with its own wording: exit 1. */
export class CliFailure extends Error {
  override name = 'CliFailure';
}

export const SIGN_IN_MESSAGE = 'Not signed in or session expired: run `credence login` (or set CREDENCE_TOKEN / --token)';

interface ApiErrorLike {
  name: 'ApiError';
  status: number;
  error: string;
  call: string;
}

function isApiError(error: unknown): error is ApiErrorLike {
  return (error as { name?: unknown })?.name === 'ApiError' && typeof (error as { status?: unknown }).status === 'number';
}

/** A 404: the API's own words (no such lender); a missing route or a bare "Not Found" says where to look. */
function notFound(error: ApiErrorLike, apiUrl?: string): string {
  if (/^No route /.test(error.error))
    return `${error.error} Is the server older than this client? Update it, or check --api-url${apiUrl ? ` (now ${apiUrl})` : ''}.`;
  if (error.error.split(/\s+/).length <= 3)
    return `${error.error} (${error.call}): is --api-url${apiUrl ? ` (now ${apiUrl})` : ''} the Credence API?`;
  return error.error;
}

/**
 * A 403: signed in, but refused. A role refusal names the roles needed and who can grant them;
 * an account refusal (not approved, disabled) is the server's own words. Neither is "not signed in".
 */
export function refusal(serverMessage: string): string {
  const text = serverMessage.trim() || 'The server refused this request.';
  if (/\brole\b/i.test(text) || /administrator/i.test(text))
    return `Refused: ${text} You are signed in; ask an administrator to grant the role, or sign in as a user who has it (\`credence login\`).`;
  return `Refused: ${text}`;
}

export interface Failure {
  code: ExitCode;
  message: string;
}

/** Any thrown value → the line to print on stderr and the exit code. */
export function describeFailure(error: unknown, apiUrl?: string): Failure {
  if (error instanceof UsageError) return { code: EXIT.usage, message: error.message };
  if (error instanceof AuthError) return { code: EXIT.auth, message: error.message };
  if (error instanceof CliFailure) return { code: EXIT.failure, message: error.message };
  const name = (error as { name?: unknown })?.name;
  if (name === 'FilterExpressionError') return { code: EXIT.usage, message: (error as Error).message };
  if (isApiError(error)) {
    const { status } = error;
    if (status === 0) {
      return {
        code: EXIT.failure,
        message: `${error.error}. Is the server running? Start it with \`npm start\`, or point to it with --api-url / CREDENCE_API_URL${apiUrl ? ` (now ${apiUrl})` : ''}.`,
      };
    }
    if (status === 401) return { code: EXIT.auth, message: SIGN_IN_MESSAGE };
    if (status === 403) return { code: EXIT.refused, message: refusal(error.error) };
    if (status === 400 || status === 422) return { code: EXIT.usage, message: error.error };
    if (status === 404) return { code: EXIT.failure, message: notFound(error, apiUrl) };
    if (status === 429) return { code: EXIT.failure, message: `${error.error}. Too many requests: wait a minute and try again.` };
    // A plain state the server named (the instance is stopped, its SSM agent not registered): its own words.
    if (status === 409 || status === 424) return { code: EXIT.failure, message: error.error };
    if (status >= 500) {
      // The server's words end with their own full stop, and may already say to try again: said once.
      const said = error.error.trim().replace(/[.\s]+$/, '');
      const advice = /try again/i.test(said)
        ? "If it keeps failing, check the server's log."
        : "Try again; if it keeps failing, check the server's log.";
      return { code: EXIT.failure, message: `The API failed (${status}): ${said}. ${advice}` };
    }
    return { code: EXIT.failure, message: `${error.error} (${status})` };
  }
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    const path = (error as { path?: unknown }).path;
    return {
      code: EXIT.failure,
      message: `${(error as Error).message}${typeof path === 'string' && !(error as Error).message.includes(path) ? ` (${path})` : ''}`,
    };
  }
  return { code: EXIT.failure, message: error instanceof Error ? error.message : String(error) };
}
