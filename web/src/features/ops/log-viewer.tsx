/**
 * The log viewer (spec 1 sections 2, 5, 8): the last lines of a file (line count 5 to 1000,
 * default 10), a pattern search, and a live watch that appends lines as they are written (a
 * bounded buffer; rotation, truncation and skipped bytes are marked) and stays at the bottom
 * unless you scroll up. Several files (on one or several instances) can be followed in one view,
 * each line prefixed with its source in a colour of its own (issue 28 §2), with include and
 * exclude filters applied by the server. The watch itself (follow, pause, resume, reconnect,
 * filters, the buffer's bound, the status words) and the streamed search are the shared view
 * models (live-watch.ts, log-search-view-model.ts, issue 25 §4): this component only renders them. Each line is shown by the shared rule for
 * outside text (OutsideLine); the reading bar wraps or scrolls sideways, pretty-prints JSON and
 * jumps to error lines, line numbers and times (issue 28 §5).
 */
import { useEffect, useState, type FormEvent } from 'react';
import {
  clampLineCount,
  OPS_CONSTANTS,
  watchStatusText,
  type LiveWatchViewModel,
  type LogSearchViewModel,
  type WatchSource,
} from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { Button } from '../../ui/button.tsx';
import { LogLines } from './log-lines.tsx';
import { ReadingBar } from './reading-bar.tsx';
import { ViewerNotices } from './viewer-notices.tsx';
import { WatchFilters } from './watch-filters.tsx';

export interface LogViewerProps {
  /** The page's live watch and log search (started while the page is shown). */
  live: LiveWatchViewModel;
  search: LogSearchViewModel;
  /** One file (search works on it), or several followed together. */
  sources: readonly WatchSource[];
}

export function LogViewer({ live: model, search: searcher, sources }: LogViewerProps) {
  const live = useViewModel(model);
  const searching = useViewModel(searcher);
  // the form's fields and how lines are read: this view's own
  const [count, setCount] = useState(String(OPS_CONSTANTS.tailDefaultLines));
  const [pattern, setPattern] = useState('');
  const [highlight, setHighlight] = useState('');
  // reading (issue 28 §5): wrap, JSON, the row a jump went to
  const [wrap, setWrap] = useState(true);
  const [json, setJson] = useState(false);
  const [target, setTarget] = useState<{ index: number; at: number } | null>(null);
  const [readingNotice, setReadingNotice] = useState<string | null>(null);
  const single = sources.length === 1 ? sources[0] : null;
  const merged = sources.length > 1;

  /** The last lines (the line count clamped); false when none could be read. */
  async function tail(follow: boolean): Promise<void> {
    const lines = clampLineCount(count);
    setCount(String(lines));
    searcher.cancel();
    searcher.clear();
    setTarget(null);
    await (follow ? model.follow(lines) : model.show(lines));
  }

  useEffect(() => {
    // new sources: their last lines with the line count as it is, unfiltered (the page's watch outlives this view)
    model.setSources(sources, { include: '', exclude: '' });
    void tail(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model, sources.map((s) => `${s.instance_id}\n${s.path}`).join('\t')]);

  const shown = live.shown;

  function search(event: FormEvent) {
    event.preventDefault();
    if (!single) return;
    if (pattern.trim() !== '') setHighlight(pattern);
    void searcher.run(single, pattern);
  }

  function toggleWatch() {
    if (live.watching) return model.stop();
    setHighlight(live.filters.include || pattern.trim());
    void tail(true);
  }

  const status = watchStatusText(live);
  return (
    <div className="log-viewer">
      <div className="log-viewer__controls">
        <form
          className="log-viewer__form"
          onSubmit={(e) => {
            e.preventDefault();
            setHighlight('');
            void tail(false);
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
          <Button type="submit" variant="secondary" busy={live.loading && !live.watching}>
            Show lines
          </Button>
        </form>
        {single && (
          <form className="log-viewer__form" onSubmit={search} role="search">
            <label>
              <span>Pattern</span>
              <input
                type="search"
                value={pattern}
                maxLength={OPS_CONSTANTS.maxPatternLength}
                onChange={(e) => setPattern(e.target.value)}
              />
            </label>
            <Button type="submit" variant="secondary" busy={searching.running}>
              Search
            </Button>
            {searching.running && (
              <Button variant="secondary" onClick={searcher.cancel}>
                Cancel search
              </Button>
            )}
          </form>
        )}
        <Button variant={live.watching ? 'primary' : 'secondary'} aria-pressed={live.watching} onClick={toggleWatch}>
          {live.watching ? 'Stop watching' : 'Watch live'}
        </Button>
        {live.watching && (
          <Button variant="secondary" aria-pressed={live.paused} onClick={() => model.togglePause()}>
            {live.paused ? 'Resume' : 'Pause'}
          </Button>
        )}
      </div>
      <WatchFilters
        filters={live.filters}
        onApply={(filters) => {
          setHighlight(filters.include);
          void model.setFilters(filters, clampLineCount(count));
        }}
      />
      <ViewerNotices error={searching.error} notice={live.notice} />
      {(searching.progress || searching.truncation) && (
        <p className="notice notice--info" role="status">
          {searching.progress ? `Searching: ${searching.progress}` : searching.truncation}
        </p>
      )}
      {(live.paused || (merged && live.watching)) && (
        <p className="notice notice--info" role="status">
          {status}
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
          model.pause();
          setTarget({ index, at: Date.now() });
        }}
      />
      {readingNotice && (
        <p className="notice notice--info" role="status">
          {readingNotice}
        </p>
      )}
      <LogLines
        rows={shown}
        sources={merged ? live.sources : null}
        highlight={highlight}
        follow={live.watching && !live.paused}
        wrap={wrap}
        json={json}
        target={target}
      />
    </div>
  );
}
