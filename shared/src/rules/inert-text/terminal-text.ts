/**
 * Text that came from outside (log lines, screen contents, PDF text, register names, file names)
 * shown in a terminal view or the web's log viewer: one rule for both. Escape sequences are found
 * with ansi-regex (every ECMA-48 form: CSI, OSC, DCS/SOS/PM/APC strings, two-byte escapes, their
 * C1 introducers); SGR colours and weights become styled segments, and every other sequence and
 * every remaining control character is shown visibly (`^[`, `^G`, `<U+009B>`), as `less` and
 * `cat -v` do, so nothing from outside can set a window title, clear the screen, move the cursor
 * or write the clipboard (OSC 52). Safety never rests on the tokenizer: whatever it misses is
 * still a control character, and those are always made visible.
 */
import ansiRegex from 'ansi-regex';

/** One of the 16 terminal colours by name, or any other colour as #rrggbb. */
export type AnsiColour = string;

export interface TextStyle {
  fg?: AnsiColour;
  bg?: AnsiColour;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  inverse?: boolean;
}

export interface TextSegment {
  text: string;
  style: TextStyle;
  /** A control character or escape sequence from the text, shown visibly (render it apart, as less does). */
  control?: boolean;
}

export const ANSI_COLOURS = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'bright-black',
  'bright-red',
  'bright-green',
  'bright-yellow',
  'bright-blue',
  'bright-magenta',
  'bright-cyan',
  'bright-white',
] as const;

/**
 * Characters a terminal acts on instead of showing: C0 (but tab and newline), DEL, C1, the
 * line and paragraph separators, and the bidirectional embeddings, overrides and isolates (which
 * reorder what is shown: `report\u202egpj.exe` reads as "reportexe.jpg").
 */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const ONE_CONTROL = new RegExp(CONTROL.source);

/** How a control character is shown: caret notation for C0 and DEL (`^[`, `^G`, `^?`), `<U+XXXX>` for the others. */
function visibleControl(c: string): string {
  const code = c.charCodeAt(0);
  if (code < 0x20) return `^${String.fromCharCode(code + 64)}`;
  if (code === 0x7f) return '^?';
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** The text with every control character shown visibly (tabs and newlines kept). */
export function visibleControls(text: string): string {
  return text.replace(CONTROL, visibleControl);
}

export function hasControls(text: string): boolean {
  return ONE_CONTROL.test(text);
}

const SGR = /^(?:\u001b\[|\u009b)([\d;:]*)m$/;
/** The SGR form our own styles (and Ink's) write: 7-bit only. */
const OWN_SGR = /^\u001b\[[\d;:]*m$/;

/** The basic 16 colours' index (30-37, 90-97 and their backgrounds), 256-colour and truecolor as #rrggbb. */
function colourAt(params: number[], i: number): { colour?: AnsiColour; used: number } {
  const mode = params[i + 1];
  if (mode === 5) {
    const n = params[i + 2];
    if (n === undefined || n < 0 || n > 255) return { used: 2 };
    return { colour: colour256(n), used: 2 };
  }
  if (mode === 2) {
    const [r, g, b] = [params[i + 2], params[i + 3], params[i + 4]];
    if ([r, g, b].some((v) => v === undefined || v < 0 || v > 255)) return { used: 4 };
    return { colour: hex(r, g, b), used: 4 };
  }
  return { used: 0 };
}

const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

function colour256(n: number): AnsiColour {
  if (n < 16) return ANSI_COLOURS[n];
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return hex(v, v, v);
  }
  const steps = [0, 95, 135, 175, 215, 255];
  const k = n - 16;
  return hex(steps[Math.floor(k / 36)], steps[Math.floor(k / 6) % 6], steps[k % 6]);
}

/** The style after one SGR sequence's parameters (unknown ones, blink and conceal included, change nothing). */
export function applySgr(style: TextStyle, paramText: string): TextStyle {
  const params = paramText === '' ? [0] : paramText.split(/[;:]/).map((p) => (p === '' ? 0 : Number(p)));
  let next: TextStyle = { ...style };
  for (let i = 0; i < params.length; i++) {
    const p = params[i];
    if (p === 0) next = {};
    else if (p === 1) next.bold = true;
    else if (p === 2) next.dim = true;
    else if (p === 3) next.italic = true;
    else if (p === 4) next.underline = true;
    else if (p === 7) next.inverse = true;
    else if (p === 22) next.bold = next.dim = undefined;
    else if (p === 23) next.italic = undefined;
    else if (p === 24) next.underline = undefined;
    else if (p === 27) next.inverse = undefined;
    else if (p >= 30 && p <= 37) next.fg = ANSI_COLOURS[p - 30];
    else if (p >= 90 && p <= 97) next.fg = ANSI_COLOURS[p - 90 + 8];
    else if (p >= 40 && p <= 47) next.bg = ANSI_COLOURS[p - 40];
    else if (p >= 100 && p <= 107) next.bg = ANSI_COLOURS[p - 100 + 8];
    else if (p === 39) next.fg = undefined;
    else if (p === 49) next.bg = undefined;
    else if (p === 38 || p === 48) {
      const { colour, used } = colourAt(params, i);
      if (colour) next[p === 38 ? 'fg' : 'bg'] = colour;
      i += used;
    }
  }
  for (const key of Object.keys(next) as (keyof TextStyle)[]) if (next[key] === undefined) delete next[key];
  return next;
}

function pushText(out: TextSegment[], text: string, style: TextStyle): void {
  let from = 0;
  for (const m of text.matchAll(CONTROL)) {
    if (m.index > from) push(out, { text: text.slice(from, m.index), style });
    push(out, { text: visibleControl(m[0]), style, control: true });
    from = m.index + 1;
  }
  if (from < text.length) push(out, { text: text.slice(from), style });
}

function push(out: TextSegment[], segment: TextSegment): void {
  const last = out.at(-1);
  if (last && last.style === segment.style && !!last.control === !!segment.control) last.text += segment.text;
  else out.push(segment);
}

/**
 * A line of outside text as styled segments: SGR sequences set the style; every other escape
 * sequence and control character becomes a visible `control` segment. Joining the segments'
 * texts gives a string with no control character in it (tabs kept).
 */
export function styledSegments(line: string): TextSegment[] {
  const out: TextSegment[] = [];
  let style: TextStyle = {};
  let from = 0;
  for (const m of line.matchAll(ansiRegex())) {
    if (m.index > from) pushText(out, line.slice(from, m.index), style);
    const sgr = SGR.exec(m[0]);
    if (sgr) style = applySgr(style, sgr[1]);
    else push(out, { text: visibleControls(m[0]), style, control: true });
    from = m.index + m[0].length;
  }
  if (from < line.length) pushText(out, line.slice(from), style);
  return out;
}

/** The text a reader sees of a line: its segments joined (no control character, no escape sequence). */
export function plainSegmentsText(segments: readonly TextSegment[]): string {
  return segments.map((s) => s.text).join('');
}

/**
 * Already-rendered terminal output made safe to write: SGR sequences are kept when `keepSgr`
 * (our own colours, and Ink's), every other escape sequence and control character is shown
 * visibly. The last guard of every path to the terminal: the commands' output and the TUI's frames.
 */
export function terminalSafe(text: string, keepSgr: boolean): string {
  if (!hasControls(text)) return text;
  let out = '';
  let from = 0;
  for (const m of text.matchAll(ansiRegex())) {
    out += visibleControls(text.slice(from, m.index));
    // without colour an SGR can only have come from outside: its colour is dropped, not shown
    if (OWN_SGR.test(m[0])) out += keepSgr ? m[0] : '';
    else out += visibleControls(m[0]);
    from = m.index + m[0].length;
  }
  return out + visibleControls(text.slice(from));
}

/**
 * Whether a line (or a file's first lines) is binary, as grep and less judge it: it holds a NUL,
 * or at least a third of its characters are bytes that were not UTF-8 (U+FFFD after decoding) or
 * control characters a text never holds (C0 but tab, line feed, form feed, carriage return,
 * backspace and escape). A Latin-1 word here and there ("café") stays text.
 */
export function isBinaryText(text: string): boolean {
  if (text.includes('\u0000')) return true;
  if (text.length === 0) return false;
  let odd = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xfffd || (c < 0x20 && c !== 9 && c !== 10 && c !== 12 && c !== 13 && c !== 8 && c !== 27)) odd++;
  }
  return odd >= 2 && odd * 3 >= text.length;
}

/** What a binary line shows instead of its bytes (as `less` asks before showing one). */
export function binaryLineText(text: string): string {
  return `[binary line: ${text.length} characters not shown]`;
}

/** grep's words for matches in binary content: "Binary file app.log matches". */
export function binaryMatchesText(fileName: string, lines: number): string {
  return `Binary file ${visibleControls(fileName)} matches (${lines} binary ${lines === 1 ? 'line' : 'lines'} not shown)`;
}

/**
 * Segments split where `pattern` matches their joined text (case-insensitive, as the log search
 * matches): the matching pieces get `match: true`, for grep --color style highlighting.
 */
export function highlightSegments(segments: readonly TextSegment[], pattern: string): (TextSegment & { match?: boolean })[] {
  if (!pattern) return [...segments];
  const text = plainSegmentsText(segments);
  const folds = text.toLowerCase().length === text.length && pattern.toLowerCase().length === pattern.length;
  const hay = folds ? text.toLowerCase() : text;
  const needle = folds ? pattern.toLowerCase() : pattern;
  const ranges: [number, number][] = [];
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) ranges.push([at, at + needle.length]);
  if (!ranges.length) return [...segments];
  const out: (TextSegment & { match?: boolean })[] = [];
  let offset = 0;
  for (const segment of segments) {
    const end = offset + segment.text.length;
    let cut = offset;
    for (const [a, b] of ranges) {
      if (b <= cut || a >= end) continue;
      const start = Math.max(a, cut);
      if (start > cut) out.push({ ...segment, text: segment.text.slice(cut - offset, start - offset) });
      const stop = Math.min(b, end);
      out.push({ ...segment, text: segment.text.slice(start - offset, stop - offset), match: true });
      cut = stop;
    }
    if (cut < end) out.push({ ...segment, text: segment.text.slice(cut - offset) });
    offset = end;
  }
  return out;
}
