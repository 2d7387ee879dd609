/** The ops screens' rules of spec 1 (sections 4, 5 and 9), shared by the web app and the terminal. */
import type { InstanceState } from '../../contracts/ops.js';
import { OPS_CONSTANTS, OPS_REGIONS, type OpsRegion } from '../../contracts/ops-texts.js';

/** running, stopped, pending, stopping; anything else is shown as unknown. */
export function instanceState(state: string | null | undefined): InstanceState {
  return state === 'running' || state === 'stopped' || state === 'pending' || state === 'stopping' ? state : 'unknown';
}

export type OpsColour = 'green' | 'yellow' | 'red' | 'grey';

/** running green, pending/stopping yellow, stopped red, else grey. */
export function instanceStateColour(state: string | null | undefined): OpsColour {
  const s = instanceState(state);
  if (s === 'running') return 'green';
  if (s === 'pending' || s === 'stopping') return 'yellow';
  if (s === 'stopped') return 'red';
  return 'grey';
}

/** Instance and system checks: ok and running green, impaired yellow, else grey. */
export function checkStatusColour(status: string | null | undefined): OpsColour {
  if (status === 'ok' || status === 'running') return 'green';
  if (status === 'impaired') return 'yellow';
  return 'grey';
}

/** Start is disabled while running, pending or busy. */
export function canStart(state: string | null | undefined, busy: boolean): boolean {
  const s = instanceState(state);
  return !busy && s !== 'running' && s !== 'pending';
}

/** Stop is disabled while stopped, stopping or busy. */
export function canStop(state: string | null | undefined, busy: boolean): boolean {
  const s = instanceState(state);
  return !busy && s !== 'stopped' && s !== 'stopping';
}

/**
 * What a start or stop did, from the state EC2 answered: a stop of a stopped instance (or a start
 * of a running one) answers that state at once and changes nothing, and says so.
 */
export function actionOutcomeText(action: 'start' | 'stop', state: string | null | undefined, name?: string | null): string {
  const target = action === 'start' ? 'running' : 'stopped';
  const which = name || 'The instance';
  if (instanceState(state) === target) return `${which} is already ${target}: nothing to do.`;
  return `${which} is ${action === 'start' ? 'starting' : 'stopping'}.`;
}

/** The log viewer's line count: min 5, max 1000, 10 when not a number. */
export function clampLineCount(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return OPS_CONSTANTS.tailDefaultLines;
  return Math.min(OPS_CONSTANTS.tailMaxLines, Math.max(OPS_CONSTANTS.tailMinLines, Math.trunc(n)));
}

/** A file size in B, KB or MB, 1024 steps, two decimals (spec 1 section 9). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

export function isOpsRegion(value: unknown): value is OpsRegion {
  return typeof value === 'string' && (OPS_REGIONS as readonly string[]).includes(value);
}

/** Whether a log line matches a search pattern: literal, case-insensitive (as the server searches). */
export function lineMatches(line: string, pattern: string): boolean {
  return pattern !== '' && line.toLowerCase().includes(pattern.toLowerCase());
}

/** The parts of `text` that match `pattern` (case-insensitive, literal), for highlighting. */
export function highlightParts(text: string, pattern: string): { text: string; match: boolean }[] {
  if (!pattern) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  // Case-insensitive where lower-casing keeps every index (it does for nearly all text).
  const folds = text.toLowerCase().length === text.length && pattern.toLowerCase().length === pattern.length;
  const lower = folds ? text.toLowerCase() : text;
  const needle = folds ? pattern.toLowerCase() : pattern;
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length || parts.length === 0) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/** A merged tail's server-side filter (issue 28 §2): the line contains `grep` (if given) and not `exclude` (if given), literal, any case. */
export function lineKept(line: string, filter: { grep?: string; exclude?: string }): boolean {
  if (filter.grep && !lineMatches(line, filter.grep)) return false;
  return !(filter.exclude && lineMatches(line, filter.exclude));
}
