/**
 * The log viewer (spec 1 sections 2, 5, 8): the last lines of a file (line count 5 to 1000,
 * default 10), a pattern search, and a live watch that appends lines as they are written (a
 * bounded buffer; rotation, truncation and skipped bytes are marked) and stays at the bottom
 * unless you scroll up. Pause (as in k9s and stern) freezes the view while the buffer keeps
 * filling and counts the lines that came meanwhile; Resume shows them and follows again. Each
 * line is shown by the shared rule for outside text (OutsideLine): its colours as styles, its
 * control characters as visible text, a binary line in words; the reading bar wraps or scrolls
 * sideways, pretty-prints JSON and jumps to error lines, line numbers and times (issue 28 §5).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  appendBounded,
  clampLineCount,
  logWatchView,
  OPS_CONSTANTS,
  OPS_TEXTS,
  type ApiClient,
  type BoundedLines,
  type LogFile,
} from '@credence/shared';
import { Button } from '../../ui/button.tsx';
import { opsError } from './failure.ts';
import { LogLines, type Row } from './log-lines.tsx';
import { ReadingBar } from './reading-bar.tsx';
import { useLiveWatch } from './use-live-watch.ts';
import { useStreamedSearch } from './use-streamed-search.ts';
import { ViewerNotices } from './viewer-notices.tsx';

const EMPTY: BoundedLines<Row> = { lines: [], dropped: 0 };

/** A paused live tail: the lines shown when it paused, and how many came since. */
interface Paused {
  rows: BoundedLines<Row>;
  arrived: number;
}

export interface LogViewerProps {
  client: ApiClient;
  instanceId: string;
  region: string;
  file: LogFile;
  onShown(lines: number, watching: boolean): void;
}

export function LogViewer({ client, instanceId, region, file, onShown }: LogViewerProps) {
  const [count, setCount] = useState(String(OPS_CONSTANTS.tailDefaultLines));
  const [pattern, setPattern] = useState('');
  const [highlight, setHighlight] = useState('');
  const [rows, setRows] = useState<BoundedLines<Row>>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [pauseState, setPaused] = useState<Paused | null>(null);
  // reading (issue 28 §5): wrap, JSON, the row a jump went to
  const [wrap, setWrap] = useState(true);
  const [json, setJson] = useState(false);
  const [target, setTarget] = useState<{ index: number; at: number } | null>(null);
  const [readingNotice, setReadingNotice] = useState<string | null>(null);
  const watch = useLiveWatch(`${instanceId}\n${file.path}`);
  const searching = useStreamedSearch(client);
  const clearSearch = searching.clear;
  // derived, so the render that ends a watch never still shows it paused
  const paused = watch.watching ? pauseState : null;
  const nextKey = useRef(0);
  const ref = { instance_id: instanceId, path: file.path, region };

  const toRows = (texts: readonly string[]): Row[] => texts.map((text) => ({ key: nextKey.current++, text }));

  /** The last lines; answers the cursor a watch continues from. */
  const tail = useCallback(async (): Promise<string | null> => {
    const lines = clampLineCount(count);
    setCount(String(lines));
    setLoading(true);
    setError(null);
    clearSearch();
    try {
      const answer = await client.opsTail({ instance_id: instanceId, path: file.path, region, lines });
      setRows({ lines: toRows(answer.lines), dropped: 0 });
      setTarget(null);
      return answer.cursor;
    } catch (e) {
      setError(opsError(OPS_TEXTS.contentFailed, e));
      return null;
    } finally {
      setLoading(false);
    }
  }, [client, instanceId, file.path, region, count, clearSearch]);

  useEffect(() => {
    void tail();
    // a new file: its last lines with the line count as it is
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [instanceId, file.path, region]);

  const shown = paused?.rows ?? rows;
  useEffect(() => onShown(shown.lines.filter((r) => !r.marker).length, watch.watching), [shown, watch.watching, onShown]);
  // a watch that ends (stopped, failed, another file) is no longer paused
  useEffect(() => {
    if (!watch.watching) setPaused(null);
  }, [watch.watching]);

  async function search(event: FormEvent) {
    event.preventDefault();
    if (pattern.trim() === '') return setError(OPS_TEXTS.patternRequired);
    watch.stop();
    setError(null);
    setHighlight(pattern);
    setRows(EMPTY);
    try {
      // matches shown as they are found; the bounded buffer holds the 1,000 a search streams at most
      const end = await searching.run({ ...ref, pattern }, (m) =>
        setRows((old) => appendBounded(old, [{ key: nextKey.current++, text: m.line, lineNumber: m.line_number }])),
      );
      if (end && end.matched === 0) setError(`No lines contain "${pattern}".`);
    } catch (e) {
      setError(opsError(OPS_TEXTS.searchFailed, e));
    }
  }

  async function toggleWatch() {
    if (watch.watching) return watch.stop();
    setHighlight(pattern.trim());
    const cursor = await tail();
    if (cursor === null) return;
    watch.start((signal, on) =>
      client.watchLog(ref, {
        signal,
        lastEventId: cursor,
        onReconnecting: () => on.reconnecting(),
        onReconnected: () => on.reconnected(),
        onEvent: (event) => {
          on.alive();
          const view = logWatchView(event);
          if (view.kind === 'error') return on.fail(view.text);
          const row = { key: nextKey.current++, text: view.text, marker: view.kind === 'marker' };
          const cut = view.kind === 'line' && view.truncated ? [{ key: nextKey.current++, text: OPS_TEXTS.lineCut, marker: true }] : [];
          setRows((old) => appendBounded(old, [row, ...cut]));
          if (view.kind === 'line') setPaused((p) => p && { ...p, arrived: p.arrived + 1 });
        },
      }),
    );
  }

  return (
    <div className="log-viewer">
      <div className="log-viewer__controls">
        <form
          className="log-viewer__form"
          onSubmit={(e) => {
            e.preventDefault();
            watch.stop();
            setHighlight('');
            void tail();
          }}
        >
          <label>
            <span>Lines</span>
            <input
              type="number"
              inputMode="numeric"
              min={OPS_CONSTANTS.tailMinLines}
              max={OPS_CONSTANTS.tailMaxLines}
              value={count}
              onChange={(e) => setCount(e.target.value)}
              onBlur={() => setCount(String(clampLineCount(count)))}
            />
          </label>
          <Button type="submit" variant="secondary" busy={loading && !watch.watching}>
            Show lines
          </Button>
        </form>
        <form className="log-viewer__form" onSubmit={search} role="search">
          <label>
            <span>Pattern</span>
            <input type="search" value={pattern} maxLength={OPS_CONSTANTS.maxPatternLength} onChange={(e) => setPattern(e.target.value)} />
          </label>
          <Button type="submit" variant="secondary" busy={searching.running}>
            Search
          </Button>
          {searching.running && (
            <Button variant="secondary" onClick={searching.cancel}>
              Cancel search
            </Button>
          )}
        </form>
        <Button variant={watch.watching ? 'primary' : 'secondary'} aria-pressed={watch.watching} onClick={() => void toggleWatch()}>
          {watch.watching ? 'Stop watching' : 'Watch live'}
        </Button>
        {watch.watching && (
          <Button variant="secondary" aria-pressed={paused !== null} onClick={() => setPaused(paused ? null : { rows, arrived: 0 })}>
            {paused ? 'Resume' : 'Pause'}
          </Button>
        )}
      </div>
      <ViewerNotices error={error} notice={watch.notice} />
      {(searching.progress || searching.truncation) && (
        <p className="notice notice--info" role="status">
          {searching.progress ? `Searching: ${searching.progress}` : searching.truncation}
        </p>
      )}
      {paused && (
        <p className="notice notice--info" role="status">
          {`Paused: ${paused.arrived} new ${paused.arrived === 1 ? 'line' : 'lines'} since. Resume to show them.`}
        </p>
      )}
      <ReadingBar
        rows={shown.lines}
        wrap={wrap}
        json={json}
        target={target?.index ?? null}
        onWrap={setWrap}
        onJson={setJson}
        onJump={(index, notice) => {
          setReadingNotice(notice);
          if (index === null) return;
          // a live tail pauses where the jump went, so new lines do not carry it away
          if (watch.watching && !paused) setPaused({ rows, arrived: 0 });
          setTarget({ index, at: Date.now() });
        }}
      />
      {readingNotice && (
        <p className="notice notice--info" role="status">
          {readingNotice}
        </p>
      )}
      <LogLines rows={shown} highlight={highlight} follow={watch.watching && !paused} wrap={wrap} json={json} target={target} />
    </div>
  );
}
