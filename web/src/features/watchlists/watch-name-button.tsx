/**
 * "Watch this lender" beside a charge's persons entitled and "Watch this person" beside an officer
 * (issue 29 section 3): adds to the list named Watchlist (made on first use, as `credence watch
 * add` does) and says what happened; the words are shared's (watchNameInDefaultList).
 */
import { useState } from 'react';
import { officerIdOf, visibleControls, watchNameInDefaultList } from '@credence/shared';
import { useServices } from '../../app/services.tsx';

export function WatchNameButton({ kind, value, label }: { kind: 'lender' | 'person'; value: string; label: string }) {
  const { client } = useServices();
  const [state, setState] = useState<{ busy: boolean; said: { ok: boolean; text: string } | null }>({ busy: false, said: null });
  const id = kind === 'person' ? officerIdOf(value) : value;
  if (!id) return null;
  return (
    <span className="watch-name">
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={state.busy}
        aria-label={kind === 'lender' ? `Watch this lender: ${visibleControls(label)}` : `Watch this person: ${visibleControls(label)}`}
        onClick={() => {
          setState({ busy: true, said: null });
          void watchNameInDefaultList(client, kind, id, label).then((said) => setState({ busy: false, said }));
        }}
      >
        {kind === 'lender' ? 'Watch this lender' : 'Watch this person'}
      </button>
      {state.said && (
        <span className={state.said.ok ? 'muted' : 'notice notice--error'} role="status">
          {state.said.text}
        </span>
      )}
    </span>
  );
}
