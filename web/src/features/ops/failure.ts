/** The monitor's failure texts (spec 1 section 8): the catalogue's prefix and the HTTP answer. */
import { ApiError, opsFailureText } from '@credence/shared';
import { NETWORK_ERROR } from '../api/web-api.ts';

/** "Failed to fetch log files: Not Found" (the server's error text, else the status text). */
export function opsError(prefix: string, error: unknown): string {
  if (!(error instanceof ApiError)) return opsFailureText(prefix, (error as Error)?.message);
  if (error.status === 0) return opsFailureText(prefix, NETWORK_ERROR);
  return opsFailureText(prefix, error.error || error.statusText || String(error.status));
}

/**
 * The instance manager's two kinds of failure: an answer that refused ("Failed to stop instance:
 * ...") and no answer at all ("Error stopping instance. Please try again.").
 */
export function instanceError(failed: string, unreachable: string, error: unknown): string {
  if (error instanceof ApiError && error.status !== 0) return opsError(failed, error);
  return unreachable;
}
