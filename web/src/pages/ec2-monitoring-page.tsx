/**
 * /ec2-monitoring (spec 1 sections 2, 4, 7, 8, 9): region selector and Refresh; Log Files and
 * Screen Sessions tabs; the instances and, once one is chosen, its log files or screens (loaded
 * then, not before); the log and screen viewers with their live watches; the status bar. The
 * instances are the API's answer as is: the API keeps only the `large-pipeline-` names
 * (OPS_AWS_NAME_PREFIX), the page never filters again (README, docs/decisions.md).
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  formatFileSize,
  opsStatusBar,
  OPS_TEXTS,
  screenStateLabel,
  type LogFile,
  type OpsInstance,
  type ScreenSession,
  type WatchSource,
} from '@credence/shared';
import { useServices } from '../app/services.tsx';
import { opsError } from '../features/ops/failure.ts';
import { Confirm } from '../features/ops/confirm.tsx';
import { InstanceTable } from '../features/ops/instance-table.tsx';
import { LogViewer } from '../features/ops/log-viewer.tsx';
import { isRefusal, OpsAccess, OpsRefusal } from '../features/ops/ops-access.tsx';
import { RegionSelect, useOpsRegion } from '../features/ops/region-select.tsx';
import { ScreenViewer } from '../features/ops/screen-viewer.tsx';
import { useRowActions } from '../features/ops/use-row-actions.ts';
import { Button } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import '../features/ops/ops.css';

const TITLE = 'EC2 Monitoring';
type Tab = 'logs' | 'screens';

export default function Ec2MonitoringPage() {
  useDocumentTitle(TITLE);
  return (
    <OpsAccess title={TITLE}>
      <Monitor />
    </OpsAccess>
  );
}

/** A list loaded on demand: its items, or the failure text. */
interface Loaded<T> {
  items: T[] | null;
  error: string | null;
}
const NOTHING = { items: null, error: null };

function Monitor() {
  const { client } = useServices();
  const [region, setRegion] = useOpsRegion();
  const [tab, setTab] = useState<Tab>('logs');
  const [refresh, setRefresh] = useState(0);
  const [refused, setRefused] = useState(false);
  const [instances, setInstances] = useState<Loaded<OpsInstance>>(NOTHING);
  const [instance, setInstance] = useState<OpsInstance | null>(null);
  const [files, setFiles] = useState<Loaded<LogFile>>(NOTHING);
  const [file, setFile] = useState<LogFile | null>(null);
  const [screens, setScreens] = useState<Loaded<ScreenSession>>(NOTHING);
  const [screen, setScreen] = useState<ScreenSession | null>(null);
  const [shown, setShown] = useState<{ lines: number; watching: boolean } | null>(null);
  // files marked for one merged tail (issue 28 §2), on any instance of the region
  const [marked, setMarked] = useState<readonly Marked[]>([]);
  const [merged, setMerged] = useState(false);
  const onShown = useCallback((lines: number, watching: boolean) => setShown({ lines, watching }), []);

  const fail = useCallback((prefix: string, error: unknown) => (isRefusal(error) && setRefused(true), opsError(prefix, error)), []);
  // start and stop on a row, asked first; the list (with the new state) loads again after
  const rows = useRowActions(
    client,
    region,
    () => setRefresh((n) => n + 1),
    () => setRefused(true),
  );

  useEffect(() => {
    let live = true;
    setInstances(NOTHING);
    client.opsInstances(region).then(
      (answer) => live && setInstances({ items: answer.instances, error: null }),
      (error: unknown) => live && setInstances({ items: null, error: fail(OPS_TEXTS.instancesFailed, error) }),
    );
    return () => void (live = false);
  }, [client, region, refresh, fail]);

  // an instance's files, loaded once it is chosen (and again on Refresh)
  useEffect(() => {
    if (!instance) return;
    let live = true;
    setFiles(NOTHING);
    client.opsLogs(instance.id, region).then(
      (answer) => live && setFiles({ items: answer.logs, error: null }),
      (error: unknown) => live && setFiles({ items: null, error: fail(OPS_TEXTS.logsFailed, error) }),
    );
    return () => void (live = false);
  }, [client, instance, region, refresh, fail]);

  // its screens, once the Screen Sessions tab is open
  useEffect(() => {
    if (!instance || tab !== 'screens') return;
    let live = true;
    setScreens(NOTHING);
    client.opsScreens(instance.id, region).then(
      (answer) => {
        if (!live) return;
        setScreens({ items: answer.screens, error: null });
        setScreen((old) => (old ? (answer.screens.find((s) => s.pid === old.pid) ?? null) : null));
      },
      (error: unknown) => live && setScreens({ items: null, error: fail(OPS_TEXTS.screensFailed, error) }),
    );
    return () => void (live = false);
  }, [client, instance, region, tab, refresh, fail]);

  function toggleMark(f: LogFile) {
    if (!instance) return;
    const mark = { instance_id: instance.id, path: f.path, region, name: f.name, instanceName: instance.name || instance.id };
    setMarked((old) => (isMarked(old, mark) ? old.filter((m) => !sameFile(m, mark)) : [...old, mark]));
  }

  function chooseInstance(next: OpsInstance) {
    // spec 1 section 4: to the logs tab; its files load; file, content and screen cleared
    setMerged(false);
    setInstance(next);
    setTab('logs');
    setFile(null);
    setScreen(null);
    setShown(null);
  }

  function chooseRegion(next: typeof region) {
    setMarked([]);
    setMerged(false);
    setRegion(next);
    setInstance(null);
    setFile(null);
    setScreen(null);
    setShown(null);
  }

  if (refused) return <OpsRefusal title={TITLE} />;
  const bar = opsStatusBar({
    instance,
    file: tab === 'logs' && !merged ? file : null,
    screen: tab === 'screens' ? screen : null,
    lines: (tab === 'logs' ? file || merged : screen) ? shown?.lines : null,
    watching: shown?.watching,
  });
  return (
    <section className="ops ops--monitor" aria-labelledby="mon-title">
      <header className="ops__header">
        <h1 id="mon-title">{TITLE}</h1>
        <RegionSelect region={region} onChange={chooseRegion} />
        <Button variant="secondary" onClick={() => setRefresh((n) => n + 1)}>
          Refresh
        </Button>
      </header>
      <div className="ops__tabs" role="tablist" aria-label="Monitor">
        {(['logs', 'screens'] as const).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} className="ops__tab" onClick={() => setTab(t)}>
            {t === 'logs' ? 'Log Files' : 'Screen Sessions'}
          </button>
        ))}
      </div>
      <div className="ops__body">
        <nav className="ops__panel" aria-label="Instances and files">
          <h2>Instances</h2>
          {rows.outcome && (
            <p className={`notice notice--${rows.outcome.tone}`} role={rows.outcome.tone === 'error' ? 'alert' : 'status'}>
              {rows.outcome.text}
            </p>
          )}
          <Loading loaded={instances} empty="No instances in this region.">
            {(items) => (
              <InstanceTable
                instances={items}
                chosen={instance?.id ?? null}
                onChoose={chooseInstance}
                onAction={rows.ask}
                busy={rows.busy}
              />
            )}
          </Loading>
          {rows.asking && (
            <Confirm
              action={rows.asking.action}
              name={rows.asking.instance.name || rows.asking.instance.id}
              onConfirm={() => void rows.confirm()}
              onCancel={rows.cancel}
            />
          )}
          {instance && tab === 'logs' && (
            <>
              <h2>Log files</h2>
              <PickList
                loaded={files}
                empty="No log files under the allowed roots."
                label={(f) => f.name}
                detail={(f) => formatFileSize(f.size)}
                chosen={(f) => f.path === file?.path && !merged}
                onChoose={(f) => (setFile(f), setMerged(false), setShown(null))}
                mark={{ marked: (f) => isMarked(marked, { instance_id: instance.id, path: f.path }), onMark: toggleMark }}
              />
              {marked.length > 0 && (
                <Button variant={merged ? 'primary' : 'secondary'} onClick={() => (setMerged(true), setShown(null))}>
                  {`Merged tail (${marked.length} ${marked.length === 1 ? 'file' : 'files'})`}
                </Button>
              )}
            </>
          )}
          {instance && tab === 'screens' && (
            <>
              <h2>Screen sessions</h2>
              <PickList
                loaded={screens}
                empty="No screen sessions on this instance."
                label={(s) => s.name}
                detail={(s) => `${s.pid} · ${screenStateLabel(s)}`}
                chosen={(s) => s.pid === screen?.pid}
                onChoose={(s) => (setScreen(s), setShown(null))}
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
              client={client}
              sources={mergedSources(marked)}
              onShown={onShown}
            />
          )}
          {instance && tab === 'logs' && file && !merged && (
            <LogViewer
              key={file.path}
              client={client}
              sources={[{ instance_id: instance.id, path: file.path, region, label: file.name }]}
              onShown={onShown}
            />
          )}
          {instance && tab === 'screens' && screen && (
            <ScreenViewer key={screen.pid} client={client} instanceId={instance.id} region={region} screen={screen} onShown={onShown} />
          )}
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
  loaded: Loaded<T>;
  empty: string;
  label(item: T): string;
  detail(item: T): string;
  chosen(item: T): boolean;
  onChoose(item: T): void;
  /** A checkbox per item (the files of a merged tail). */
  mark?: { marked(item: T): boolean; onMark(item: T): void };
}

/** A file marked for a merged tail. */
interface Marked extends WatchSource {
  name: string;
  instanceName: string;
}
const markKey = (m: Pick<WatchSource, 'instance_id' | 'path'>) => `${m.instance_id}\n${m.path}`;
const sameFile = (a: Pick<WatchSource, 'instance_id' | 'path'>, b: Pick<WatchSource, 'instance_id' | 'path'>) => markKey(a) === markKey(b);
const isMarked = (marked: readonly Marked[], file: Pick<WatchSource, 'instance_id' | 'path'>) => marked.some((m) => sameFile(m, file));
/** Each source named by its file, and by its instance too when the files are on more than one. */
function mergedSources(marked: readonly Marked[]): WatchSource[] {
  const several = new Set(marked.map((m) => m.instance_id)).size > 1;
  return marked.map((m) => ({
    instance_id: m.instance_id,
    path: m.path,
    region: m.region,
    label: several ? `${m.instanceName}:${m.name}` : m.name,
  }));
}

/** A list's failure, its loading, its emptiness, or `children` with its items. */
function Loading<T>({ loaded, empty, children }: { loaded: Loaded<T>; empty: string; children(items: T[]): ReactNode }) {
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

function Items<T>({ items, label, detail, chosen, onChoose, mark }: Omit<PickListProps<T>, 'loaded' | 'empty'> & { items: T[] }) {
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
