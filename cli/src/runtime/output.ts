/** Results to stdout, everything else (progress, hints, errors, summaries) to stderr. */
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
  const line = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);
  return {
    mode,
    result: (text) => stdout.write(line(text)),
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
