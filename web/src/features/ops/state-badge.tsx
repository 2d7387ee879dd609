/** An instance state or check in its spec colour (spec 1 section 4), with its word (never colour alone). */
import { checkStatusColour, instanceStateColour, instanceStateLabel } from '@credence/shared';

export function StateBadge({ state }: { state: string | null | undefined }) {
  return <span className={`ops-badge ops-badge--${instanceStateColour(state)}`}>{instanceStateLabel(state)}</span>;
}

export function CheckBadge({ status }: { status: string | null | undefined }) {
  return <span className={`ops-badge ops-badge--${checkStatusColour(status)}`}>{status || 'unknown'}</span>;
}
