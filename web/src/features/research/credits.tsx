/** The research credits in the avatar menu (spec 3 "Shared pieces"): used/total, read when the menu opens. */
import { useEffect, useState } from 'react';
import type { ModelAccessInfo } from '@credence/shared';
import { useServices } from '../../app/services.tsx';

/** "3/20": questions used of the allowance. */
export function creditsUsed(info: ModelAccessInfo): string {
  return `${info.accessed_count}/${info.total_credits}`;
}

export function CreditsLine() {
  const { client } = useServices();
  const [info, setInfo] = useState<ModelAccessInfo | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    client
      .modelAccessInfo({ signal: abort.signal })
      .then(setInfo)
      .catch(() => undefined);
    return () => abort.abort();
  }, [client]);
  if (!info) return null;
  return (
    <p className="user-menu__credits">
      Credits <strong aria-label={`${info.accessed_count} of ${info.total_credits} used`}>{creditsUsed(info)}</strong>
    </p>
  );
}
