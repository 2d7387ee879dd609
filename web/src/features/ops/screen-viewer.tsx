/**
 * The screen output viewer (spec 1 section 2): a session's content, and a live watch that shows it
 * as it changes. The content, the watch and its notices are the shared screen watch view model
 * (issue 25 §4); each line is shown by the shared rule for outside text (OutsideLine), as the log
 * viewer and the terminal show theirs.
 */
import type { ScreenWatchViewModel } from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { Button } from '../../ui/button.tsx';
import { OutsideLine } from './outside-line.tsx';
import { ViewerNotices } from './viewer-notices.tsx';

export function ScreenViewer({ model }: { model: ScreenWatchViewModel }) {
  const { lines, watching, error, notice } = useViewModel(model);
  return (
    <div className="log-viewer">
      <div className="log-viewer__controls">
        <Button variant="secondary" onClick={() => void model.load()}>
          Reload output
        </Button>
        <Button variant={watching ? 'primary' : 'secondary'} aria-pressed={watching} onClick={model.toggleWatch}>
          {watching ? 'Stop watching' : 'Watch live'}
        </Button>
      </div>
      <ViewerNotices error={error} notice={notice} />
      <pre className="log-viewer__lines" aria-label="Screen output" tabIndex={0}>
        {lines.map((line, i) => (
          <span key={i} className="log-line">
            <OutsideLine text={line} />
            {'\n'}
          </span>
        ))}
      </pre>
    </div>
  );
}
