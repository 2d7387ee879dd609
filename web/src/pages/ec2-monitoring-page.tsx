/**
 * /ec2-monitoring (spec 1 sections 2, 4, 7, 8, 9): region selector and Refresh; Log Files and
 * Screen Sessions tabs; the instances and, once one is chosen, its log files or screens (loaded
 * then, not before); the log and screen viewers with their live watches; the status bar. The
 * instances are the API's answer as is: the API keeps only the `large-pipeline-` names
 * (OPS_AWS_NAME_PREFIX), the page never filters again (README, docs/decisions.md).
 */
import type { ReactNode } from 'react';
import { formatFileSize, isMarked, markKey, mergedSources, opsStatusBar, screenStateLabel, type LoadedList } from '@credence/shared';
import { useServices } from '../app/services.tsx';
import { Confirm } from '../features/ops/confirm.tsx';
import { InstanceTable } from '../features/ops/instance-table.tsx';
import { LogViewer } from '../features/ops/log-viewer.tsx';
import { OpsAccess, OpsRefusal } from '../features/ops/ops-access.tsx';
import { RegionSelect, useOpsRegion } from '../features/ops/region-select.tsx';
import { ScreenViewer } from '../features/ops/screen-viewer.tsx';
import { useOpsModels } from '../features/ops/use-ops-models.ts';
import { Button } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import '../features/ops/ops.css';

const TITLE = 'EC2 Monitoring';

export default function Ec2MonitoringPage() {
  useDocumentTitle(TITLE);
  return (
    <OpsAccess title={TITLE}>
      <Monitor />
    </OpsAccess>
  );
}

function Monitor() {
  const { client } = useServices();
  const [region, setRegion] = useOpsRegion();
  const { models, monitor, live, screen: watched } = useOpsModels(client, region);
  const { instance, list: tab, open, marked } = monitor;
  const ops = models.monitor;
  const file = open?.kind === 'file' ? open.file : null;
  const merged = open?.kind === 'merged';
  const screen = open?.kind === 'screen' ? open.screen : null;
  const viewed = tab === 'logs' ? file || merged : screen;
  const lines = tab === 'logs' ? live.shown.lines.filter((l) => !l.marker).length : watched.lines.length;
  const watching = tab === 'logs' ? live.watching : watched.watching;

  if (monitor.refused) return <OpsRefusal title={TITLE} />;
  const bar = opsStatusBar({
    instance,
    file: tab === 'logs' && !merged ? file : null,
    screen: tab === 'screens' ? screen : null,
    lines: viewed ? lines : null,
    watching: Boolean(viewed) && watching,
  });
  return (
    <section className="ops ops--monitor" aria-labelledby="mon-title">
      <header className="ops__header">
        <h1 id="mon-title">{TITLE}</h1>
        <RegionSelect region={region} onChange={setRegion} />
        <Button variant="secondary" onClick={() => void ops.refresh()}>
          Refresh
        </Button>
      </header>
      <div className="ops__tabs" role="tablist" aria-label="Monitor">
        {(['logs', 'screens'] as const).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} className="ops__tab" onClick={() => ops.showList(t)}>
            {t === 'logs' ? 'Log Files' : 'Screen Sessions'}
          </button>
        ))}
      </div>
      <div className="ops__body">
        <nav className="ops__panel" aria-label="Instances and files">
          <h2>Instances</h2>
          {monitor.outcome && (
            <p className={`notice notice--${monitor.outcome.tone}`} role={monitor.outcome.tone === 'error' ? 'alert' : 'status'}>
              {monitor.outcome.text}
            </p>
          )}
          <Loading loaded={monitor.instances} empty="No instances in this region.">
            {(items) => (
              <InstanceTable
                instances={items}
                chosen={instance?.id ?? null}
                onChoose={ops.chooseInstance}
                onAction={ops.ask}
                busy={monitor.busy}
              />
            )}
          </Loading>
          {monitor.asking && (
            <Confirm
              action={monitor.asking.action}
              name={monitor.asking.instance.name || monitor.asking.instance.id}
              onConfirm={() => void ops.confirm()}
              onCancel={ops.cancel}
            />
          )}
          {instance && tab === 'logs' && (
            <>
              <h2>Log files</h2>
              <PickList
                loaded={monitor.files}
                empty="No log files under the allowed roots."
                label={(f) => f.name}
                detail={(f) => formatFileSize(f.size)}
                chosen={(f) => f.path === file?.path && !merged}
                onChoose={(f) => ops.open({ kind: 'file', file: f })}
                mark={{ marked: (f) => isMarked(marked, { instance_id: instance.id, path: f.path }), onMark: ops.toggleMark }}
              />
              {marked.length > 0 && (
                <Button variant={merged ? 'primary' : 'secondary'} onClick={() => ops.open({ kind: 'merged' })}>
                  {`Merged tail (${marked.length} ${marked.length === 1 ? 'file' : 'files'})`}
                </Button>
              )}
            </>
          )}
          {instance && tab === 'screens' && (
            <>
              <h2>Screen sessions</h2>
              <PickList
                loaded={monitor.screens}
                empty="No screen sessions on this instance."
                label={(s) => s.name}
                detail={(s) => `${s.pid} · ${screenStateLabel(s)}`}
                chosen={(s) => s.pid === screen?.pid}
                onChoose={(s) => ops.open({ kind: 'screen', screen: s })}
              />
            </>
          )}
        </nav>
        <div className="ops__viewer" role="tabpanel" aria-label={tab === 'logs' ? 'Log Files' : 'Screen Sessions'}>
          {!instance && <p className="ops__hint">Choose an instance.</p>}
          {instance && tab === 'logs' && !file && !merged && <p className="ops__hint">Choose a log file.</p>}
          {instance && tab === 'screens' && !screen && <p className="ops__hint">Choose a screen session.</p>}
          {instance && tab === 'logs' && merged && (
            <LogViewer
              key={`merged\n${marked.map(markKey).join('\t')}`}
              live={models.live}
              search={models.search}
              sources={mergedSources(marked)}
            />
          )}
          {instance && tab === 'logs' && file && !merged && (
            <LogViewer
              key={file.path}
              live={models.live}
              search={models.search}
              sources={[{ instance_id: instance.id, path: file.path, region, label: file.name }]}
            />
          )}
          {instance && tab === 'screens' && screen && <ScreenViewer model={models.screen} />}
        </div>
      </div>
      <footer className="ops__status" role="status" aria-label="Status bar">
        {bar.map((part) => (
          <span
            key={part}
            className={
              part === 'Attached' || part === 'Detached' || part === 'Live' ? `ops__pill ops__pill--${part.toLowerCase()}` : undefined
            }
          >
            {part}
          </span>
        ))}
      </footer>
    </section>
  );
}

interface PickListProps<T> {
  loaded: LoadedList<T>;
  empty: string;
  label(item: T): string;
  detail(item: T): string;
  chosen(item: T): boolean;
  onChoose(item: T): void;
  /** A checkbox per item (the files of a merged tail). */
  mark?: { marked(item: T): boolean; onMark(item: T): void };
}

/** A list's failure, its loading, its emptiness, or `children` with its items. */
function Loading<T>({ loaded, empty, children }: { loaded: LoadedList<T>; empty: string; children(items: readonly T[]): ReactNode }) {
  if (loaded.error)
    return (
      <p className="notice notice--error" role="alert">
        {loaded.error}
      </p>
    );
  if (!loaded.items) return <p className="ops__hint">Loading…</p>;
  if (loaded.items.length === 0) return <p className="ops__hint">{empty}</p>;
  return <>{children(loaded.items)}</>;
}

function PickList<T>({ loaded, empty, label, detail, chosen, onChoose, mark }: PickListProps<T>) {
  return (
    <Loading loaded={loaded} empty={empty}>
      {(items) => <Items items={items} label={label} detail={detail} chosen={chosen} onChoose={onChoose} mark={mark} />}
    </Loading>
  );
}

function Items<T>({ items, label, detail, chosen, onChoose, mark }: Omit<PickListProps<T>, 'loaded' | 'empty'> & { items: readonly T[] }) {
  return (
    <ul className="ops__list">
      {items.map((item) => (
        <li key={label(item) + detail(item)}>
          <button type="button" className="ops__item" aria-current={chosen(item) || undefined} onClick={() => onChoose(item)}>
            <span className="ops__item-name">{label(item)}</span>
            <span className="ops__item-detail">{detail(item)}</span>
          </button>
          {mark && (
            <input
              type="checkbox"
              className="ops__merge"
              aria-label={`Merge ${label(item)}`}
              checked={mark.marked(item)}
              onChange={() => mark.onMark(item)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
