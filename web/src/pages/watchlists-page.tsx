/**
 * /watchlists (issue 29 §3, §5): your lists, one open (`?list=<id>`) with its companies. Make,
 * rename, delete a list; its e-mail (off, at once, daily digest); add companies from search or a
 * CSV of company numbers; remove them; your alert webhooks (add, test, delivery log, delete). Another
 * user's list reads as not found. State: shared's watchlists and webhooks view models.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createWatchlistsViewModel, visibleControls, WATCHLISTS_TEXTS } from '@credence/shared';
import { useStartedViewModel } from '@credence/shared/react';
import { useServices } from '../app/services.tsx';
import { WatchlistPanel } from '../features/watchlists/watchlist-panel.tsx';
import { WebhooksPanel } from '../features/watchlists/webhooks-panel.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { Spinner } from '../ui/spinner.tsx';
import '../features/watchlists/watchlists.css';

export default function WatchlistsPage() {
  useDocumentTitle('Watchlists');
  const { client } = useServices();
  const [model] = useState(() => createWatchlistsViewModel({ client }));
  const state = useStartedViewModel(model);
  const [params, setParams] = useSearchParams();
  const openId = params.get('list');
  const [name, setName] = useState('');

  useEffect(() => model.openList(openId), [model, openId]);

  return (
    <div className="watchlists-page">
      <aside className="watchlists-page__lists panel" aria-labelledby="watchlists-title">
        <h1 id="watchlists-title" className="panel__title">
          Watchlists
        </h1>
        {state.status === 'loading' && <Spinner label="Reading your watchlists" />}
        {state.status === 'ready' && state.lists.length === 0 && <p className="muted">{WATCHLISTS_TEXTS.empty}</p>}
        <ul className="watchlists-page__nav">
          {state.lists.map((list) => (
            <li key={list.id}>
              <Link
                to={`/watchlists?list=${encodeURIComponent(list.id)}`}
                aria-current={list.id === openId ? 'page' : undefined}
                className="watchlists-page__link"
              >
                <span>{visibleControls(list.name)}</span>
                <span className="muted">{list.companies.toLocaleString('en-GB')}</span>
              </Link>
            </li>
          ))}
        </ul>
        <form
          className="watchlists-page__new"
          onSubmit={(event) => {
            event.preventDefault();
            void model.create(name).then((id) => {
              if (!id) return;
              setName('');
              setParams({ list: id });
            });
          }}
        >
          <label>
            New list
            <input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Borrowers" />
          </label>
          <button type="submit" className="button button--secondary" disabled={state.busy}>
            Make list
          </button>
        </form>
        <WebhooksPanel />
      </aside>
      <section className="watchlists-page__open" aria-live="polite">
        {state.message && (
          <p className={`notice notice--${state.message.kind === 'error' ? 'error' : 'success'}`} role="status">
            {state.message.text}
          </p>
        )}
        {state.openStatus === 'loading' && <Spinner label="Reading the watchlist" />}
        {state.openStatus === 'not-found' && (
          <p className="notice notice--error" role="alert">
            {WATCHLISTS_TEXTS.notFound}
          </p>
        )}
        {state.openStatus === 'error' && (
          <p className="notice notice--error" role="alert">
            The watchlist could not be read.
          </p>
        )}
        {state.open && state.openStatus === 'ready' && (
          <WatchlistPanel key={state.open.id} list={state.open} model={model} busy={state.busy} onDeleted={() => setParams({})} />
        )}
        {!openId && state.lists.length > 0 && <p className="muted">Choose a list to see its companies.</p>}
      </section>
    </div>
  );
}
