/**
 * Reading a log (issue 28 §5), once for the web viewer and the terminal's: a line's timestamp and
 * level recognised (ISO 8601, syslog, PostgreSQL, dpkg and apt shapes) and given their colours as
 * text segments both views draw, jumps to the next or previous error line or match, a jump to a
 * line number or a time of day, and a JSON line pretty-printed on demand. Pure functions over the
 * lines a viewer holds; the text stays inert (segments, never markup or escapes).
 */
import {
  highlightSegments,
  plainSegmentsText,
  styledSegments,
  type TextSegment,
  type TextStyle,
} from '../../rules/inert-text/terminal-text.js';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

export interface LineRecognition {
  /** The timestamp's place in the text, and its time of day in seconds (null when the shape has none). */
  timestamp: { start: number; end: number; seconds: number | null } | null;
  level: { start: number; end: number; level: LogLevel } | null;
}

const TIMESTAMPS: readonly RegExp[] = [
  // 2026-11-29T16:10:03.123Z, 2026-11-29 16:10:03 UTC (PostgreSQL, dpkg), with an optional zone
  /^\[?(\d{4}-\d{2}-\d{2}[T ](\d{2}):(\d{2}):(\d{2})(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2}| [A-Z]{2,5})?)\]?/,
  // syslog: Nov 29 16:10:03
  /^((?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d (\d{2}):(\d{2}):(\d{2}))/,
  // apt's history: Start-Date: 2026-11-29  16:10:03
  /^(?:Start|End)-Date: (\d{4}-\d{2}-\d{2} {1,2}(\d{2}):(\d{2}):(\d{2}))/,
];

const LEVELS: ReadonlyArray<[RegExp, LogLevel]> = [
  [/\b(ERROR|ERR|FATAL|CRITICAL|CRIT|PANIC|EMERG|ALERT|SEVERE|E)(?=[:\]\s]|$)/i, 'error'],
  [/\b(WARNING|WARN|W)(?=[:\]\s]|$)/i, 'warn'],
  [/\b(INFO|NOTICE|LOG|STATEMENT)(?=[:\]\s]|$)/i, 'info'],
  [/\b(DEBUG\d?|TRACE)(?=[:\]\s]|$)/i, 'debug'],
];

/** Where the level word may be: near the start (after the timestamp), as logs put it, never deep in a message. */
const LEVEL_WINDOW = 48;

/** A line's timestamp and level, as the viewer colours them and the jumps find them. */
export function recognizeLine(text: string): LineRecognition {
  let timestamp: LineRecognition['timestamp'] = null;
  for (const shape of TIMESTAMPS) {
    const m = shape.exec(text);
    if (!m) continue;
    const start = m.index + m[0].indexOf(m[1]);
    const [h, min, s] = [m[2], m[3], m[4]].map(Number);
    timestamp = { start, end: start + m[1].length, seconds: h * 3600 + min * 60 + s };
    break;
  }
  const from = timestamp?.end ?? 0;
  const window = text.slice(from, from + LEVEL_WINDOW);
  let level: LineRecognition['level'] = null;
  let best = Infinity;
  for (const [shape, name] of LEVELS) {
    const m = shape.exec(window);
    // a one-letter level (apt's "E:") only at the very start of the line
    if (!m || (m[1].length === 1 && !(from === 0 && m.index === 0 && window[1] === ':'))) continue;
    // a lower-case word is prose ("an error occurred"); levels are written in capitals or Title case
    if (m[1] === m[1].toLowerCase()) continue;
    if (m.index < best) {
      best = m.index;
      level = { start: from + m.index, end: from + m.index + m[1].length, level: name };
    }
  }
  return { timestamp, level };
}

export const isErrorLine = (text: string): boolean => recognizeLine(text).level?.level === 'error';

const LEVEL_STYLES: Record<LogLevel, TextStyle> = {
  error: { fg: 'red', bold: true },
  warn: { fg: 'yellow', bold: true },
  info: { fg: 'green' },
  debug: { fg: 'cyan' },
};

function styleRange(segments: readonly TextSegment[], start: number, end: number, style: TextStyle): TextSegment[] {
  const out: TextSegment[] = [];
  let offset = 0;
  for (const segment of segments) {
    const stop = offset + segment.text.length;
    const a = Math.max(start, offset);
    const b = Math.min(end, stop);
    if (segment.control || b <= a) out.push(segment);
    else {
      if (a > offset) out.push({ ...segment, text: segment.text.slice(0, a - offset) });
      out.push({ ...segment, text: segment.text.slice(a - offset, b - offset), style: { ...segment.style, ...style } });
      if (b < stop) out.push({ ...segment, text: segment.text.slice(b - offset) });
    }
    offset = stop;
  }
  return out;
}

/**
 * A log line as styled segments for either view: its own colours kept (styledSegments); a line
 * without any gets its timestamp dimmed and its level word coloured (red error, yellow warning);
 * then `pattern`'s matches marked.
 */
export function logLineSegments(line: string, pattern?: string): (TextSegment & { match?: boolean })[] {
  let segments = styledSegments(line);
  if (segments.every((s) => Object.keys(s.style).length === 0)) {
    const { timestamp, level } = recognizeLine(plainSegmentsText(segments));
    if (timestamp) segments = styleRange(segments, timestamp.start, timestamp.end, { dim: true });
    if (level) segments = styleRange(segments, level.start, level.end, LEVEL_STYLES[level.level]);
  }
  return pattern ? highlightSegments(segments, pattern) : segments;
}

/** The next (direction 1) or previous (-1) line after `from` that passes `test`; null when none does. */
export function findLine<T>(lines: readonly T[], from: number, direction: 1 | -1, test: (line: T) => boolean): number | null {
  for (let i = from + direction; i >= 0 && i < lines.length; i += direction) if (test(lines[i])) return i;
  return null;
}

export interface JumpLine {
  text: string;
  /** The file's line number (a search result); else the line's place in the view counts from 1. */
  lineNumber?: number;
  marker?: boolean;
}

/** What the jump field takes: a line number ("120"), or a time of day ("16:10", "16:10:03"). */
export const JUMP_HINT = 'a line number (120) or a time of day (16:10 or 16:10:03)';

/**
 * Where a jump lands: the line with that number (or the nearest after it), or the first line
 * stamped at or after that time of day; an error naming what to type otherwise.
 */
export function jumpTarget(query: string, lines: readonly JumpLine[]): { index: number } | { error: string } {
  const q = query.trim();
  if (/^\d{1,9}$/.test(q)) {
    const wanted = Number(q);
    const numberOf = (line: JumpLine, i: number) => line.lineNumber ?? i + 1;
    const index = lines.findIndex((line, i) => !line.marker && numberOf(line, i) >= wanted);
    return index >= 0 ? { index } : { error: `No line ${wanted} here: the view holds ${lines.length} lines.` };
  }
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(q);
  if (time && Number(time[1]) < 24 && Number(time[2]) < 60 && Number(time[3] ?? 0) < 60) {
    const seconds = Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3] ?? 0);
    let stamped = false;
    for (let i = 0; i < lines.length; i++) {
      const at = lines[i].marker ? null : recognizeLine(lines[i].text).timestamp?.seconds;
      if (at === null || at === undefined) continue;
      stamped = true;
      if (at >= seconds) return { index: i };
    }
    return { error: stamped ? `No line at or after ${q} here.` : 'No line here has a timestamp to jump to.' };
  }
  return { error: `Jump to ${JUMP_HINT}.` };
}

/** A JSON object or array line, pretty-printed (two spaces); null when the line is not one. */
export function prettyJson(line: string): string[] | null {
  const text = line.trim();
  if (!/^[[{]/.test(text)) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object') return null;
    return JSON.stringify(value, null, 2).split('\n');
  } catch {
    return null;
  }
}
