/**
 * The bell in the signed-in header (issue 29 §5): the unread count, live; a panel listing the
 * alerts (kind, company, what changed, published time, the source on the register) with mark
 * read. Every word of a row comes from shared's alertView, as `credence alerts` prints it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { alertView, unreadBadge } from '@credence/shared';
import { explorerSearch } from '../explorer/explorer-url.ts';
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
      <section id={panelId} className="alerts-bell__panel" hidden={!open} aria-label="Alerts">
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
            {alerts.map((alert) => {
              const view = alertView(alert);
              return (
                <li key={view.id} className={view.unread ? 'alerts-bell__item alerts-bell__item--unread' : 'alerts-bell__item'}>
                  <p className="alerts-bell__kind">
                    <strong>{view.kind}</strong> ·{' '}
                    <Link to={`/uk/?${explorerSearch({ companyNumber: view.company_number, category: 'overview' })}`}>{view.company}</Link>
                  </p>
                  <p className="alerts-bell__change">{view.change}</p>
                  <p className="alerts-bell__meta">
                    {view.published} ·{' '}
                    <a href={view.source_url} target="_blank" rel="noreferrer noopener">
                      {view.source_label}
                    </a>
                    {view.unread && (
                      <>
                        {' · '}
                        <button type="button" className="alerts-bell__read" onClick={() => void markRead([view.id])}>
                          Mark read
                        </button>
                      </>
                    )}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
