/**
 * The signed-in user's alerts for the header's bell (issue 29 §5): shared's alerts view model, the
 * one the terminal's alerts view renders: the newest page and the unread count, then live over
 * /api/alerts/stream (reconnecting after a dropped connection, the count taken again from the
 * server's first event each time). Mark read updates both at once.
 */
import { useMemo } from 'react';
import { createAlertsViewModel, type Alert } from '@credence/shared';
import { useStartedViewModel } from '@credence/shared/react';
import { useServices } from '../../app/services.tsx';

export interface AlertsState {
  alerts: readonly Alert[];
  unread: number;
  /** "Reconnecting…" while the live connection is down; null while it is up. */
  notice: string | null;
  markRead(ids?: number[]): Promise<void>;
}

export function useAlerts(): AlertsState {
  const { client } = useServices();
  const model = useMemo(() => createAlertsViewModel({ client }), [client]);
  const { alerts, unread, notice } = useStartedViewModel(model);
  return { alerts, unread, notice, markRead: model.markRead };
}
