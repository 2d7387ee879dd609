/**
 * Results to stdout, everything else (progress, hints, errors, summaries) to stderr. Every line
 * passes the last guard on its way out (shared terminalSafe): our own SGR colours stay, any other
 * escape sequence or control character that outside text carried (a log line, a file name, a
 * PDF's words) is shown visibly, never acted on. JSON keeps its data exact: those characters are
 * written as \u escapes.
 */
import { terminalSafe } from '@credence/shared';
import type { Mode } from './mode.js';

export interface Output {
  mode: Mode;
  /** A result line (or block) on stdout. */
  result(text: string): void;
  /** A hint or summary on stderr. */
  info(text: string): void;
  /** An error line on stderr ("credence: ..."). */
  error(text: string): void;
  /** Bold/dim wrappers that are no-ops without colour. */
  bold(text: string): string;
  dim(text: string): string;
}

export interface Writable {
  write(text: string): unknown;
}

export function createOutput(mode: Mode, stdout: Writable = process.stdout, stderr: Writable = process.stderr): Output {
  const wrap = (open: string, close: string) => (text: string) => (mode.color ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  const red = wrap('31', '39');
  const line = (text: string) => terminalSafe(text.endsWith('\n') ? text : `${text}\n`, mode.color);
  const resultLine = (text: string) => (mode.json ? jsonSafe(text.endsWith('\n') ? text : `${text}\n`) : line(text));
  return {
    mode,
    result: (text) => stdout.write(resultLine(text)),
    info: (text) => stderr.write(line(text)),
    error: (text) => stderr.write(line(`${red('credence:')} ${text}`)),
    bold: wrap('1', '22'),
    dim: wrap('2', '22'),
  };
}

/** "1,234" */
export function count(n: number): string {
  return n.toLocaleString('en-GB');
}

/**
 * Characters a terminal acts on, as JSON \u escapes: those JSON.stringify leaves raw (C1, DEL,
 * separators, bidi controls), and any raw C0 but tab and newline (never in JSON's own text).
 */
export function jsonSafe(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
