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

  function chooseInstance(next: OpsInstance) {
    // spec 1 section 4: to the logs tab; its files load; file, content and screen cleared
    setInstance(next);
    setTab('logs');
    setFile(null);
    setScreen(null);
    setShown(null);
  }

  function chooseRegion(next: typeof region) {
    setRegion(next);
    setInstance(null);
    setFile(null);
    setScreen(null);
    setShown(null);
  }

  if (refused) return <OpsRefusal title={TITLE} />;
  const bar = opsStatusBar({
    instance,
    file: tab === 'logs' ? file : null,
    screen: tab === 'screens' ? screen : null,
    lines: (tab === 'logs' ? file : screen) ? shown?.lines : null,
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
                chosen={(f) => f.path === file?.path}
                onChoose={(f) => (setFile(f), setShown(null))}
              />
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
          {instance && tab === 'logs' && !file && <p className="ops__hint">Choose a log file.</p>}
          {instance && tab === 'screens' && !screen && <p className="ops__hint">Choose a screen session.</p>}
          {instance && tab === 'logs' && file && (
            <LogViewer key={file.path} client={client} instanceId={instance.id} region={region} file={file} onShown={onShown} />
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

function PickList<T>({ loaded, empty, label, detail, chosen, onChoose }: PickListProps<T>) {
  return (
    <Loading loaded={loaded} empty={empty}>
      {(items) => <Items items={items} label={label} detail={detail} chosen={chosen} onChoose={onChoose} />}
    </Loading>
  );
}

function Items<T>({ items, label, detail, chosen, onChoose }: Omit<PickListProps<T>, 'loaded' | 'empty'> & { items: T[] }) {
  return (
    <ul className="ops__list">
      {items.map((item) => (
        <li key={label(item) + detail(item)}>
          <button type="button" className="ops__item" aria-current={chosen(item) || undefined} onClick={() => onChoose(item)}>
            <span className="ops__item-name">{label(item)}</span>
            <span className="ops__item-detail">{detail(item)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
