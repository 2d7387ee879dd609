/**
 * Keeps a screener's state and the address in step (the mapping is shared's screener-url.ts).
 * The page puts the address into its model before the first load; from then on a change of state
 * writes the address (typing replaces the history entry, anything else pushes one so Back returns
 * to it), and an address the state did not write (Back, Forward, a link) is put back into the model.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { addressHistoryMode, type ReadableStore } from '@credence/shared';

export interface ScreenerAddressBinding<S> {
  /** The address for a state. */
  write(state: S): URLSearchParams;
  /** Puts an address back into the model. */
  restore(params: URLSearchParams): void;
  /** True while the rows for the current query are still coming. */
  busy(state: S): boolean;
}

/** The address the page opened with (read once, before the model's first load). */
export function openingAddress(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

export function useScreenerAddress<S>(model: ReadableStore<S>, binding: ScreenerAddressBinding<S>): void {
  const [params, setParams] = useSearchParams();
  /** The address as the state last wrote or read it; null before the first render's effect. */
  const known = useRef<string | null>(null);
  /**
   * After an address is put back, the model's own corrections (a page past the end) replace it
   * rather than add to history: 'restored' until its load starts, 'loading' until it ends.
   */
  const settling = useRef<'no' | 'restored' | 'loading'>('no');
  /** True while an address is being put back: the model passes through states that are half old, half new. */
  const restoring = useRef(false);
  const latest = useRef({ binding, setParams });
  latest.current = { binding, setParams };

  // state -> address
  const sync = useCallback(() => {
    if (restoring.current) return;
    const state = model.getState();
    const { binding: b, setParams: set } = latest.current;
    const settled = settling.current !== 'no';
    if (b.busy(state)) {
      if (settled) settling.current = 'loading';
    } else if (settling.current === 'loading') settling.current = 'no';
    const next = b.write(state);
    const text = next.toString();
    if (known.current === null || text === known.current) return;
    const replace = settled || addressHistoryMode(new URLSearchParams(known.current), next) === 'replace';
    known.current = text;
    set(next, { replace, preventScrollReset: true });
  }, [model]);
  useEffect(() => model.subscribe(sync), [model, sync]);

  const current = params.toString();
  // address -> state
  useEffect(() => {
    if (current === known.current) return;
    const first = known.current === null;
    known.current = current;
    const written = latest.current.binding.write(model.getState()).toString();
    if (written === current) return;
    if (first) {
      // the model already holds the opening address: only its spelling differs (turnover>10m): write it as the model does
      known.current = written;
      latest.current.setParams(new URLSearchParams(written), { replace: true, preventScrollReset: true });
      return;
    }
    settling.current = 'restored';
    restoring.current = true;
    try {
      latest.current.binding.restore(new URLSearchParams(current));
    } finally {
      restoring.current = false;
    }
    sync();
  }, [model, current, sync]);
}
