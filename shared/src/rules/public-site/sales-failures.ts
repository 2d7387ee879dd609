/**
 * What the pricing and free-trial forms say when a submission fails (spec 1 section 8). The two
 * forms word the same cases differently; both prefer the server's own `error` text.
 */
import { SALES_MESSAGES } from '../sales-forms.js';

export type SalesFormKind = 'trial' | 'pricing';

export const SALES_FAILURE_MESSAGES = {
  noConnection: 'Could not connect to the server. Please check your network connection.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

/** The parts of a failed call the message depends on (the shared client's ApiError has them). */
export interface SalesFailure {
  /** 0 when no answer came. */
  status: number;
  statusText?: string;
  /** The answer's parsed body. */
  body?: unknown;
}

function serverError(body: unknown): string | null {
  const error = body !== null && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

export function salesFailureMessage(kind: SalesFormKind, failure: SalesFailure | null | undefined): string {
  if (!failure || typeof failure.status !== 'number') return SALES_FAILURE_MESSAGES.unexpected;
  if (failure.status === 0) return SALES_FAILURE_MESSAGES.noConnection;
  const fromServer = serverError(failure.body);
  if (failure.status === 409) return fromServer ?? (kind === 'trial' ? SALES_MESSAGES.salesDuplicate : SALES_MESSAGES.pricingDuplicate);
  if (fromServer) return fromServer;
  return kind === 'trial'
    ? `Request failed with status code ${failure.status}`
    : `Request failed: ${failure.statusText?.trim() || failure.status}`;
}
