/**
 * The screen output viewer (spec 1 section 2): a session's content, and a live watch that shows it
 * as it changes. Each line is shown by the shared rule for outside text (OutsideLine), as the log
 * viewer and the terminal show theirs.
 */
import { useCallback, useEffect, useState } from 'react';
import { OPS_TEXTS, screenWatchView, type ApiClient, type ScreenSession } from '@credence/shared';
import { Button } from '../../ui/button.tsx';
import { opsError } from './failure.ts';
import { OutsideLine } from './outside-line.tsx';
import { useLiveWatch } from './use-live-watch.ts';
import { ViewerNotices } from './viewer-notices.tsx';

export interface ScreenViewerProps {
  client: ApiClient;
  instanceId: string;
  region: string;
  screen: ScreenSession;
  onShown(lines: number, watching: boolean): void;
}

export function ScreenViewer({ client, instanceId, region, screen, onShown }: ScreenViewerProps) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const watch = useLiveWatch(`${instanceId}\n${screen.pid}`);

  const load = useCallback(async () => {
    setError(null);
    try {
      setContent((await client.opsScreenContent(instanceId, screen.pid, region)).content);
    } catch (e) {
      setError(opsError(OPS_TEXTS.screenFailed, e));
    }
  }, [client, instanceId, screen.pid, region]);

  useEffect(() => void load(), [load]);
  useEffect(
    () => onShown(content === '' ? 0 : content.replace(/\n$/, '').split('\n').length, watch.watching),
    [content, watch.watching, onShown],
  );

  function toggle() {
    if (watch.watching) return watch.stop();
    watch.start((signal, on) =>
      client.watchScreen(
        { instance_id: instanceId, screen_pid: screen.pid, region },
        {
          signal,
          onReconnecting: () => on.reconnecting(),
          onReconnected: () => on.reconnected(),
          onEvent: (event) => {
            on.alive();
            const view = screenWatchView(event);
            if (view.kind === 'error') on.fail(view.text);
            else setContent(view.text);
          },
        },
      ),
    );
  }

  const lines = content === '' ? [] : content.replace(/\n$/, '').split('\n');
  return (
    <div className="log-viewer">
      <div className="log-viewer__controls">
        <Button variant="secondary" onClick={() => void load()}>
          Reload output
        </Button>
        <Button variant={watch.watching ? 'primary' : 'secondary'} aria-pressed={watch.watching} onClick={toggle}>
          {watch.watching ? 'Stop watching' : 'Watch live'}
        </Button>
      </div>
      <ViewerNotices error={error} notice={watch.notice} />
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
