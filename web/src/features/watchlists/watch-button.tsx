/**
 * The Watch control of a company's page (issue 29 §3): "Watch" or "Watching"; it opens the user's
 * lists, each ticked when it holds the company (tick to watch there, untick to stop), and a field
 * to start a new list with it. State and words are shared's watch-menu view model.
 */
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { createWatchMenuViewModel, visibleControls } from '@credence/shared';
import { useStartedViewModel } from '@credence/shared/react';
import { useServices } from '../../app/services.tsx';
import { useCloseOnEscape } from '../../ui/use-close-on-escape.ts';
import { useCloseOnPointerOutside } from '../../ui/use-close-on-pointer-outside.ts';

export function WatchButton({ companyNumber }: { companyNumber: string }) {
  const { client } = useServices();
  const [model] = useState(() => createWatchMenuViewModel({ client, companyNumber }));
  const state = useStartedViewModel(model);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useCloseOnPointerOutside(root, open, close);
  useCloseOnEscape(open, close, toggle);

  const button = model.button();
  return (
    <div className="watch-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className={`button button--secondary${button.pressed ? ' watch-menu__toggle--on' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        title={button.detail}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true">{button.pressed ? '★ ' : '☆ '}</span>
        {button.label}
      </button>
      <section id={panelId} className="watch-menu__panel popover-panel" hidden={!open} aria-label="Watch this company">
        <p className="watch-menu__detail">{button.detail}</p>
        {state.status === 'loading' && <p className="muted">Reading your watchlists…</p>}
        {state.lists.length > 0 && (
          <fieldset className="watch-menu__lists" disabled={state.busy !== null}>
            <legend className="visually-hidden">Your watchlists</legend>
            {state.lists.map((list) => (
              <label key={list.id} className="watch-menu__list">
                <input type="checkbox" checked={list.watching === true} onChange={() => void model.toggle(list.id)} />
                <span>{visibleControls(list.name)}</span>
                <span className="muted">{list.companies.toLocaleString('en-GB')}</span>
              </label>
            ))}
          </fieldset>
        )}
        <form
          className="watch-menu__new"
          onSubmit={(event) => {
            event.preventDefault();
            void model.create(name).then((made) => made && setName(''));
          }}
        >
          <label className="watch-menu__new-label">
            New list
            <input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Borrowers" />
          </label>
          <button type="submit" className="button button--secondary" disabled={state.busy !== null}>
            Watch in a new list
          </button>
        </form>
        {state.message && (
          <p className={`notice notice--${state.message.kind === 'error' ? 'error' : 'success'}`} role="status">
            {state.message.text}
          </p>
        )}
        <Link to="/watchlists" className="watch-menu__manage">
          Manage watchlists
        </Link>
      </section>
    </div>
  );
}
