/**
 * "Watch all N results" of the companies screener (issue 29 §3): every company the current
 * filters and search select, into a chosen list or a new one, bounded by what the API takes in
 * one request (over it the button is off and a note says why). Shared's watchAllView words it and
 * watchScreenerSelection does it.
 */
import { useEffect, useId, useState } from 'react';
import {
  exportQuery,
  serverText,
  visibleControls,
  watchAllView,
  watchlistNameError,
  watchScreenerSelection,
  type TableState,
  type WatchlistSummary,
} from '@credence/shared';
import { useServices } from '../../app/services.tsx';
import { Button } from '../../ui/button.tsx';
import { useToaster } from '../../ui/toasts.tsx';
import { useModalDialog } from '../../ui/use-modal-dialog.ts';

export function WatchAllButton({ state }: { state: TableState<unknown> }) {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  const view = watchAllView(state.status === 'ready' ? state.totalCount : null, state.totalIsEstimate);
  return (
    <div className="watch-all">
      <button
        type="button"
        className="button button--secondary"
        disabled={!view.enabled}
        aria-describedby={view.note ? noteId : undefined}
        onClick={() => setOpen(true)}
      >
        {view.label}
      </button>
      {view.note && (
        <p id={noteId} className="watch-all__note muted">
          {view.note}
        </p>
      )}
      {open && <WatchAllDialog state={state} label={view.label} onClose={() => setOpen(false)} />}
    </div>
  );
}

const NEW = '__new__';

function WatchAllDialog({ state, label, onClose }: { state: TableState<unknown>; label: string; onClose(): void }) {
  const { client } = useServices();
  const toasts = useToaster();
  const modal = useModalDialog(onClose, { closeOnBackdrop: true });
  const [lists, setLists] = useState<WatchlistSummary[] | null>(null);
  const [choice, setChoice] = useState(NEW);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    client
      .watchlists({ signal: controller.signal })
      .then((answer) => {
        setLists(answer.data.watchlists);
        if (answer.data.watchlists.length > 0) setChoice(answer.data.watchlists[0].id);
      })
      .catch((e) => !controller.signal.aborted && setError(serverText(e) ?? 'Your watchlists could not be read.'));
    return () => controller.abort();
  }, [client]);

  async function submit() {
    const problem = choice === NEW ? watchlistNameError(name, lists ?? []) : null;
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const text = await watchScreenerSelection(
        client,
        exportQuery('companies', state),
        choice === NEW ? { newName: name } : { listId: choice },
      );
      toasts.show('success', text);
      onClose();
    } catch (e) {
      setError(serverText(e) ?? 'The companies could not be watched.');
      setBusy(false);
    }
  }

  return (
    <dialog {...modal} className="watch-all__dialog" aria-labelledby="watch-all-title">
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id="watch-all-title">{label}</h2>
        <fieldset className="watch-all__choices" disabled={busy || lists === null}>
          <legend>Into which watchlist?</legend>
          {(lists ?? []).map((list) => (
            <label key={list.id} className="watch-all__choice">
              <input type="radio" name="watch-all-list" checked={choice === list.id} onChange={() => setChoice(list.id)} />
              {visibleControls(list.name)} <span className="muted">({list.companies.toLocaleString('en-GB')} companies)</span>
            </label>
          ))}
          <label className="watch-all__choice">
            <input type="radio" name="watch-all-list" checked={choice === NEW} onChange={() => setChoice(NEW)} />A new list
          </label>
          {choice === NEW && (
            <label className="watch-all__name">
              Name of the new list
              <input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Screened borrowers" autoFocus />
            </label>
          )}
        </fieldset>
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <div className="watch-all__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} busyLabel="Watching…">
            Watch
          </Button>
        </div>
      </form>
    </dialog>
  );
}
