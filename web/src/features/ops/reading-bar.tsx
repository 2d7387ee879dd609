/**
 * How a log is read (issue 28 §5), beside the viewer's lines: wrap or sideways scroll, JSON
 * pretty-printed, previous and next error line, and a jump to a line number or a time of day.
 * The rules are shared with the terminal (findLine, isErrorLine, jumpTarget in shared/view-models).
 */
import { useState, type FormEvent } from 'react';
import { findLine, isErrorLine, JUMP_HINT, jumpTarget } from '@credence/shared';
import { Button } from '../../ui/button.tsx';
import type { Row } from './log-lines.tsx';

interface Props {
  rows: readonly Row[];
  wrap: boolean;
  json: boolean;
  target: number | null;
  onWrap(wrap: boolean): void;
  onJson(json: boolean): void;
  /** A row to bring to the top (a live tail pauses there), or what to say when there is none. */
  onJump(index: number | null, notice: string | null): void;
}

export function ReadingBar({ rows, wrap, json, target, onWrap, onJson, onJump }: Props) {
  const [query, setQuery] = useState('');
  const error = (direction: 1 | -1) => {
    const from = target ?? (direction > 0 ? -1 : rows.length);
    const found = findLine(rows, from, direction, (r) => !r.marker && isErrorLine(r.text));
    onJump(found, found === null ? (direction > 0 ? 'No error line below.' : 'No error line above.') : null);
  };
  const jump = (event: FormEvent) => {
    event.preventDefault();
    const answer = jumpTarget(query, rows);
    if ('error' in answer) onJump(null, answer.error);
    else onJump(answer.index, null);
  };
  return (
    <div className="log-viewer__controls" role="group" aria-label="Reading">
      <Button variant="secondary" aria-pressed={wrap} onClick={() => onWrap(!wrap)}>
        Wrap lines
      </Button>
      <Button variant="secondary" aria-pressed={json} onClick={() => onJson(!json)}>
        Pretty JSON
      </Button>
      <Button variant="secondary" onClick={() => error(-1)}>
        Previous error
      </Button>
      <Button variant="secondary" onClick={() => error(1)}>
        Next error
      </Button>
      <form className="log-viewer__form" onSubmit={jump}>
        <label>
          <span>Jump to</span>
          <input
            type="text"
            value={query}
            placeholder="120 or 16:10"
            title={JUMP_HINT}
            maxLength={20}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <Button type="submit" variant="secondary">
          Go
        </Button>
      </form>
    </div>
  );
}
