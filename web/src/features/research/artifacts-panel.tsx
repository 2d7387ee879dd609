/**
 * The artifacts panel (spec 3 section 2): tabs (the first 5 in the bar, the rest in More), an
 * expand button that opens the current tab fullscreen with Download and Close (Escape closes),
 * and the tab's table with resizable columns.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { downloadText, exportFileName, tablesToCsv } from './answer-export.ts';
import { splitTabs, TAB_TYPE_LABELS, tabIndexByKey, type ArtifactTab } from './artifact-tabs.ts';
import { ResizableTable } from './resizable-table.tsx';
import { Icon } from './icons.tsx';
import { useModalDialog } from '../../ui/use-modal-dialog.ts';

function downloadTab(tab: ArtifactTab) {
  downloadText(
    tablesToCsv([{ id: tab.id, ...tab.table, headers: [...tab.table.headers], rows: tab.table.rows.map((r) => [...r]) }]),
    exportFileName(tab.title),
  );
}

function MoreMenu({ tabs, activeId, onPick }: { tabs: readonly ArtifactTab[]; activeId: string | null; onPick(id: string): void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  if (tabs.length === 0) return null;
  const activeInside = tabs.some((t) => t.id === activeId);
  return (
    <div className="artifacts__more" ref={root}>
      <button
        type="button"
        className={`artifacts__tab${activeInside ? ' artifacts__tab--active' : ''}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        More ({tabs.length}) ▾
      </button>
      <ul id={menuId} className="artifacts__more-list" hidden={!open}>
        {tabs.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              className="artifacts__more-item"
              aria-current={t.id === activeId ? 'true' : undefined}
              onClick={() => {
                onPick(t.id);
                setOpen(false);
              }}
            >
              {t.title}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function FullscreenTab({ tab, onClose }: { tab: ArtifactTab; onClose(): void }) {
  const modal = useModalDialog(onClose);
  // read while rendering, before Close takes the focus: what opened the dialog gets it back
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // showModal (useModalDialog's effect runs first) focused Download, the first control; Close is where a keyboard user wants to be
    close.current?.focus();
    return () => opener?.focus();
  }, [opener]);
  return (
    <dialog {...modal} className="artifacts-fullscreen" aria-labelledby="artifacts-fullscreen-title">
      <div className="artifacts-fullscreen__bar">
        <h2 id="artifacts-fullscreen-title">{tab.title}</h2>
        <button type="button" className="button button--secondary" onClick={() => downloadTab(tab)}>
          Download
        </button>
        <button type="button" className="button button--primary" onClick={onClose} ref={close}>
          Close
        </button>
      </div>
      <ResizableTable table={tab.table} />
    </dialog>
  );
}

export function ArtifactsPanel({ tabs, onClose }: { tabs: readonly ArtifactTab[]; onClose(): void }) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const active = tabs.find((t) => t.id === activeId) ?? tabs[0] ?? null;
  const { inline, more } = splitTabs(tabs);
  const tabBar = useRef<HTMLDivElement>(null);

  // the arrow keys move along the tab bar and choose the tab they reach (ARIA tabs pattern)
  function moveByKey(index: number, key: string): boolean {
    const next = tabIndexByKey(index, inline.length, key);
    if (next === null) return false;
    setActiveId(inline[next].id);
    tabBar.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
    return true;
  }

  return (
    <aside className="artifacts" aria-label="Artifacts">
      <div className="artifacts__bar">
        <div className="artifacts__tabs" role="tablist" aria-label="Tables" ref={tabBar}>
          {inline.map((t, i) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              className={`artifacts__tab${t.id === active?.id ? ' artifacts__tab--active' : ''}`}
              aria-selected={t.id === active?.id}
              tabIndex={t.id === active?.id || (!inline.some((x) => x.id === active?.id) && i === 0) ? 0 : -1}
              data-tab-type={t.type}
              onClick={() => setActiveId(t.id)}
              onKeyDown={(e) => {
                if (moveByKey(i, e.key)) e.preventDefault();
              }}
            >
              <span className="artifacts__tab-type">{TAB_TYPE_LABELS[t.type] ?? TAB_TYPE_LABELS.table}</span>
              {t.title}
            </button>
          ))}
        </div>
        <MoreMenu tabs={more} activeId={active?.id ?? null} onPick={setActiveId} />
        <button
          type="button"
          className="icon-button"
          aria-label="Expand"
          title="Expand"
          disabled={!active}
          onClick={() => setFullscreen(true)}
        >
          <Icon name="expand" />
        </button>
        <button type="button" className="icon-button" aria-label="Close artifacts" title="Close artifacts" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <div className="artifacts__body" role="tabpanel" aria-label={active?.title ?? 'No tables'}>
        {active ? (
          <>
            <h3 className="artifacts__title">
              {active.table.title}
              {active.table.unit ? <span className="muted"> ({active.table.unit})</span> : null}
            </h3>
            <ResizableTable key={active.id} table={active.table} />
          </>
        ) : (
          <p className="muted">This answer has no tables.</p>
        )}
      </div>
      {fullscreen && active && <FullscreenTab tab={active} onClose={() => setFullscreen(false)} />}
    </aside>
  );
}
