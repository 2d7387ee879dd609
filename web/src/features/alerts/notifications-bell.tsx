/**
 * The bell in the signed-in header (issue 29 §5): the unread count, live; a panel listing the
 * alerts (kind, company, what changed, published time, the source on the register) with mark
 * read. Every word of a row comes from shared's alertView, as `credence alerts` prints it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { unreadBadge } from '@credence/shared';
import { AlertItem } from './alert-item.tsx';
import { useAlerts } from './use-alerts.ts';
import './notifications-bell.css';

export default function NotificationsBell() {
  const { alerts, unread, notice, markRead } = useAlerts();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { badge, label } = unreadBadge(unread);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="alerts-bell" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="alerts-bell__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Alerts: ${label}`}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true">🔔</span>
        {badge && (
          <span className="alerts-bell__badge" data-testid="alerts-unread" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      <section id={panelId} className="alerts-bell__panel popover-panel" hidden={!open} aria-label="Alerts">
        <header className="alerts-bell__head">
          <h2>Alerts</h2>
          <button type="button" className="button button--secondary" disabled={unread === 0} onClick={() => void markRead()}>
            Mark all read
          </button>
        </header>
        {notice && (
          <p className="alerts-bell__notice" role="status">
            {notice}
          </p>
        )}
        {alerts.length === 0 ? (
          <p className="alerts-bell__empty">
            No alerts yet. Watch a company from its page, search results or the screener to be told when it changes.
          </p>
        ) : (
          <ul className="alerts-bell__list">
            {alerts.map((alert) => (
              <AlertItem key={alert.id} alert={alert} onRead={(id) => void markRead([id])} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
