/**
 * How the ops screens present things (spec 1 sections 4 and 8), once for the web pages and the
 * terminal: state labels, the monitor's messages, what a live-watch event shows, the bounded
 * buffer of a live tail, and the status bar's parts.
 */
import { OPS_TEXTS } from '../../contracts/ops-texts.js';
import type { LogFile, LogWatchEvent, OpsInstance, ScreenSession, ScreenWatchEvent } from '../../contracts/ops.js';
import { formatFileSize, instanceState } from './index.js';

/** The roles that may use the ops tools (issue 17); the API answers others 403. */
export const OPS_ROLES = ['ops', 'admin'] as const;

/** What a user without the role is told (the API's own 403 wording). */
export const OPS_ROLE_REFUSAL = 'This needs the ops or admin role.';

export function hasOpsRole(role: string | null | undefined): boolean {
  return role === 'ops' || role === 'admin';
}

/** running → Running; anything unknown → Unknown. */
export function instanceStateLabel(state: string | null | undefined): string {
  const s = instanceState(state);
  return s[0].toUpperCase() + s.slice(1);
}

/** Spec 1 section 2: a screen is shown as Attached or Detached. */
export function screenStateLabel(screen: Pick<ScreenSession, 'attached'>): 'Attached' | 'Detached' {
  return screen.attached ? 'Attached' : 'Detached';
}

/** "Failed to fetch log files: Not Found": the catalogue's prefix with the HTTP answer's text. */
export function opsFailureText(prefix: string, detail: string | null | undefined): string {
  const text = (detail ?? '').trim();
  return text ? `${prefix}: ${text}` : prefix;
}

/** What one event of a log watch shows: a line, a marker between lines, or the watch's end. */
export type LogWatchView =
  { kind: 'line'; text: string; truncated: boolean } | { kind: 'marker'; text: string } | { kind: 'error'; text: string };

export function logWatchView(event: LogWatchEvent): LogWatchView {
  if (event.type === 'reset') {
    if (event.data.reason === 'missing') return { kind: 'marker', text: OPS_TEXTS.fileMissing };
    const what = event.data.reason === 'truncated' ? 'file truncated' : 'file rotated';
    return { kind: 'marker', text: `--- ${what}: following it from its start ---` };
  }
  if (event.type === 'gap') return { kind: 'marker', text: `--- ${event.data.skipped_bytes} bytes skipped (too far behind) ---` };
  if ('error' in event.data) return { kind: 'error', text: `${OPS_TEXTS.watchingError}: ${event.data.error}` };
  return { kind: 'line', text: event.data.line, truncated: event.data.truncated === true };
}

/** A screen watch's event: the new content, or the watch's end ("Watching error: ..."). */
export function screenWatchView(event: ScreenWatchEvent): { kind: 'content'; text: string } | { kind: 'error'; text: string } {
  if ('error' in event.data) return { kind: 'error', text: `${OPS_TEXTS.watchingError}: ${event.data.error}` };
  return { kind: 'content', text: event.data.content };
}

/** The lines a live tail keeps (older ones are dropped, as k9s and stern bound theirs). */
export const LIVE_BUFFER_LINES = 2000;

export interface BoundedLines<T> {
  lines: T[];
  /** How many lines were dropped off the top so far. */
  dropped: number;
}

/** `buffer` with `more` appended, keeping the newest `max`. */
export function appendBounded<T>(buffer: BoundedLines<T>, more: readonly T[], max = LIVE_BUFFER_LINES): BoundedLines<T> {
  const all = buffer.lines.concat(more);
  const over = Math.max(0, all.length - max);
  return { lines: over > 0 ? all.slice(over) : all, dropped: buffer.dropped + over };
}

export interface OpsStatusBarInput {
  instance?: Pick<OpsInstance, 'id' | 'name'> | null;
  file?: Pick<LogFile, 'name' | 'size'> | null;
  screen?: Pick<ScreenSession, 'name' | 'pid' | 'attached'> | null;
  /** Lines shown in the viewer. */
  lines?: number | null;
  /** Whether a live watch is running. */
  watching?: boolean;
}

/**
 * The monitor's status bar (spec 1 section 2): the instance (name and id), the file (name and
 * size) or the screen (name and pid), lines shown, and the screen's state.
 */
export function opsStatusBar(input: OpsStatusBarInput): string[] {
  const parts = [input.instance ? `Instance: ${input.instance.name} (${input.instance.id})` : 'No instance selected'];
  if (input.file) parts.push(`File: ${input.file.name} (${formatFileSize(input.file.size)})`);
  if (input.screen) parts.push(`Screen: ${input.screen.name} (pid ${input.screen.pid})`, screenStateLabel(input.screen));
  if (input.lines != null) parts.push(`${input.lines} ${input.lines === 1 ? 'line' : 'lines'} shown`);
  if (input.watching) parts.push('Live');
  return parts;
}

/** A streamed search's progress: "scanned 45% (90.00 MB of 200.00 MB)". */
export function searchProgressText(scanned: number, total: number): string {
  const percent = total > 0 ? Math.floor((Math.min(scanned, total) / total) * 100) : 100;
  return `scanned ${percent}% (${formatFileSize(scanned)} of ${formatFileSize(total)})`;
}

/** A search's end, its truncation said in every view: "3 matching lines", or the first 1,000 and that more matched. */
export function searchEndText(end: { matched: number; truncated: boolean }): string {
  if (!end.truncated) return `${end.matched} matching ${end.matched === 1 ? 'line' : 'lines'}`;
  return `${end.matched} matching lines shown: more matched, and the search stopped at the first ${end.matched} (narrow the pattern)`;
}
