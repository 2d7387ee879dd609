/** Company numbers as typed on the command line, and the API's "not found" with where to look. */
import { CliFailure, UsageError } from '../runtime/exit-codes.js';

/**
 * A Companies House number: 8 characters, digits or two letters and six digits (00445790,
 * SC123456); leading zeros may be left off (445790) and spaces are ignored. Answers it as typed,
 * without spaces and in capitals, for the API (which pads it and echoes it in its 404).
 */
export function companyNumberArg(raw: string | undefined): string {
  const text = (raw ?? '').replace(/\s+/g, '').toUpperCase();
  const match = /^([A-Z]{2})?(\d{1,8})$/.exec(text);
  if (!match || (match[1] ?? '').length + match[2].length > 8) {
    throw new UsageError(
      `"${raw ?? ''}" is not a company number: 8 characters such as 00445790 or SC123456 (leading zeros may be left off). Find one with \`credence search <name>\``,
    );
  }
  return text;
}

/**
 * The API's 404 for an unknown company ("Company with number {n} not found.") stays the message,
 * exit 1, with a hint on the next line; any other failure passes through unchanged.
 */
export function explainNotFound(error: unknown): never {
  const e = error as { name?: string; status?: number; error?: string };
  if (e?.name === 'ApiError' && e.status === 404 && typeof e.error === 'string' && e.error.startsWith('Company with number ')) {
    throw new CliFailure(`${e.error}\nFind the number with \`credence search <name>\`.`);
  }
  throw error;
}
