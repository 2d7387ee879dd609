import { Link } from 'react-router';
import { alertView, type Alert } from '@credence/shared';
import { explorerSearch } from '../explorer/explorer-url.ts';

/** One alert of the panel: every word from shared's alertView (the terminal prints the same). */
export function AlertItem({ alert, onRead }: { alert: Alert; onRead: (id: number) => void }) {
  const view = alertView(alert);
  return (
    <li className={view.unread ? 'alerts-bell__item alerts-bell__item--unread' : 'alerts-bell__item'}>
      <p className="alerts-bell__kind">
        <strong>{view.kind}</strong> ·{' '}
        <Link to={`/uk/?${explorerSearch({ companyNumber: view.company_number, category: 'overview' })}`}>{view.company}</Link>
        {view.via && <span className="muted"> · {view.via}</span>}
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
            <button type="button" className="alerts-bell__read" onClick={() => onRead(view.id)}>
              Mark read
            </button>
          </>
        )}
      </p>
    </li>
  );
}
