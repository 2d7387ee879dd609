/** Start or stop asked first (spec 1 section 4): the instance manager and each row of the monitor's instance list. */
import { useEffect, useRef } from 'react';
import type { OpsAction } from '@credence/shared';

export function Confirm({
  action,
  name,
  onConfirm,
  onCancel,
}: {
  action: OpsAction;
  name: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const verb = action === 'start' ? 'Start' : 'Stop';
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div className="ops-confirm" role="alertdialog" aria-labelledby="ops-confirm-text" onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <p id="ops-confirm-text">
        {verb} {name}?{action === 'stop' ? ' Anything running on it stops.' : ''}
      </p>
      <button ref={confirm} type="button" className="button button--primary" onClick={onConfirm}>
        <span>Yes, {verb.toLowerCase()} it</span>
      </button>{' '}
      <button type="button" className="button button--secondary" onClick={onCancel}>
        <span>Cancel</span>
      </button>
    </div>
  );
}
