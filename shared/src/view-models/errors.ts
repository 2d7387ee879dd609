/**
 * How view models word a failed call: the spec's fixed texts where it gives one, else the
 * server's own message (ApiError) so a network failure still says what went wrong.
 */
import { ApiError } from '../client/errors.js';

/** True when the failure is only our own abort (a newer request replaced it): not worth showing. */
export function isAbort(error: unknown): boolean {
  if ((error as { name?: string } | null)?.name === 'AbortError') return true;
  if (error instanceof ApiError && error.status === 0) {
    const cause = error.cause as { name?: string } | undefined;
    return cause?.name === 'AbortError';
  }
  return false;
}

/** The server's message (its `message`, else its `error`), or null when there is none. */
export function serverText(error: unknown): string | null {
  if (error instanceof ApiError) return error.serverMessage ?? (error.error || null);
  if (error instanceof Error && error.message) return error.message;
  return null;
}

/** The HTTP status of a failed call, or 0 when it never got an answer. */
export function errorStatus(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}
