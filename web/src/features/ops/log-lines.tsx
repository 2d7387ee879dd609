/**
 * The lines of the log viewer: follows the bottom while watching unless you scroll up; wraps or
 * runs long lines off to the right (sideways scroll, issue 28 §5); a JSON line pretty-printed
 * on demand; a jump's target brought to the top and marked. Each line by the shared log rule
 * (OutsideLine with `log`: timestamp dimmed, level coloured, matches marked), never markup.
 */
import { useLayoutEffect, useRef } from 'react';
import { prettyJson, SOURCE_COLOURS, type BoundedLines, type SourceState } from '@credence/shared';
import { OutsideLine } from './outside-line.tsx';

export interface Row {
  key: number;
  text: string;
  marker?: boolean;
  lineNumber?: number;
  /** A merged tail's source (index into `sources`). */
  source?: number;
}

interface Props {
  rows: BoundedLines<Row>;
  /** A merged tail's sources: each line is prefixed with its own, in its colour. */
  sources?: readonly SourceState[] | null;
  highlight: string;
  follow: boolean;
  wrap: boolean;
  json: boolean;
  /** The row a jump went to (its index), brought to the top. */
  target: { index: number; at: number } | null;
}

export function LogLines({ rows, sources, highlight, follow, wrap, json, target }: Props) {
  const box = useRef<HTMLPreElement>(null);
  const atBottom = useRef(true);
  // following again (a watch starts or resumes): back to the bottom
  useLayoutEffect(() => {
    if (follow) atBottom.current = true;
  }, [follow]);
  useLayoutEffect(() => {
    const el = box.current;
    if (el && follow && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [rows, follow]);
  useLayoutEffect(() => {
    const el = box.current;
    const row = target && el?.querySelector<HTMLElement>(`[data-row="${target.index}"]`);
    if (el && row) {
      el.scrollTop = row.offsetTop - el.offsetTop;
      atBottom.current = false;
    }
  }, [target]);
  return (
    <pre
      ref={box}
      className={wrap ? 'log-viewer__lines' : 'log-viewer__lines log-viewer__lines--nowrap'}
      aria-label="Log lines"
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollTop + el.clientHeight >= el.scrollHeight - 4;
      }}
    >
      {rows.dropped > 0 && <span className="log-line log-line--marker">{`--- ${rows.dropped} older lines dropped ---\n`}</span>}
      {rows.lines.map((row, index) => {
        const pretty = json && !row.marker ? prettyJson(row.text) : null;
        const classes = ['log-line', row.marker && 'log-line--marker', target?.index === index && 'log-line--target'];
        const from = sources && row.source !== undefined ? sources[row.source] : null;
        return (
          <span key={row.key} data-row={index} className={classes.filter(Boolean).join(' ')}>
            {from && (
              <span className={`log-line__source log-line__source--${SOURCE_COLOURS[from.colour]}`} data-source={from.label}>
                {`[${from.label}] `}
              </span>
            )}
            {row.lineNumber !== undefined && <span className="log-line__number">{row.lineNumber} </span>}
            {row.marker ? row.text : pretty ? pretty.join('\n') : <OutsideLine text={row.text} highlight={highlight} log />}
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
}
