/**
 * A line of a log or a screen as the web shows it, by the shared rule the terminal uses too
 * (styledSegments, cli/src/output/outside-text.ts): its ANSI colours and weights become styled
 * spans, every other escape sequence and control character is shown as visible text (`^[`, `^G`,
 * `<U+009B>`, reversed as less shows it), a binary line is said as binary, and a search pattern's
 * matches are marked. Nothing of the line is ever markup: React writes each piece as text.
 */
import type { CSSProperties } from 'react';
import {
  ANSI_COLOURS,
  binaryLineText,
  highlightSegments,
  isBinaryText,
  logLineSegments,
  styledSegments,
  type TextSegment,
  type TextStyle,
} from '@credence/shared';

/** One of the 16 terminal colours as the viewer's palette names it (ops.css), any other as its #rrggbb. */
function cssColour(colour: string): string {
  return (ANSI_COLOURS as readonly string[]).includes(colour) ? `var(--ansi-${colour})` : colour;
}

function cssOf(style: TextStyle): CSSProperties | undefined {
  const fg = style.fg && cssColour(style.fg);
  const bg = style.bg && cssColour(style.bg);
  const css: CSSProperties = {
    ...(style.inverse ? { color: bg ?? 'var(--log-background)', backgroundColor: fg ?? 'var(--log-foreground)' } : {}),
    ...(!style.inverse && fg ? { color: fg } : {}),
    ...(!style.inverse && bg ? { backgroundColor: bg } : {}),
    ...(style.bold ? { fontWeight: 700 } : {}),
    ...(style.dim ? { opacity: 0.7 } : {}),
    ...(style.italic ? { fontStyle: 'italic' } : {}),
    ...(style.underline ? { textDecoration: 'underline' } : {}),
  };
  return Object.keys(css).length ? css : undefined;
}

function Segment({ segment }: { segment: TextSegment & { match?: boolean } }) {
  const style = cssOf(segment.style);
  const className = segment.control ? 'log-line__control' : undefined;
  const content = segment.match ? <mark>{segment.text}</mark> : segment.text;
  return style || className ? (
    <span className={className} style={style} title={segment.control ? 'control characters from the log, shown as text' : undefined}>
      {content}
    </span>
  ) : (
    <>{content}</>
  );
}

/**
 * The line's pieces: styled text, visible controls, marked matches of `highlight`; a binary line
 * in words. A `log` line also has its timestamp dimmed and its level coloured (shared logLineSegments).
 */
export function OutsideLine({ text, highlight = '', log = false }: { text: string; highlight?: string; log?: boolean }) {
  if (isBinaryText(text)) return <span className="log-line__binary">{binaryLineText(text)}</span>;
  const segments = log ? null : styledSegments(text);
  const parts = segments ? (highlight ? highlightSegments(segments, highlight) : segments) : logLineSegments(text, highlight || undefined);
  return (
    <>
      {parts.map((segment, i) => (
        <Segment key={i} segment={segment} />
      ))}
    </>
  );
}
