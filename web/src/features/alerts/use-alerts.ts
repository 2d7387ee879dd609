/**
 * The signed-in user's alerts for the header's bell (issue 29 §5): the newest page and the unread
 * count, then live over /api/alerts/stream (reconnecting after a dropped connection, the count
 * taken again from the server's first event each time). Mark read updates both at once.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Alert } from '@credence/shared';
import { useServices } from '../../app/services.tsx';

export interface AlertsState {
  alerts: Alert[];
  unread: number;
  /** "Reconnecting…" while the live connection is down; null while it is up. */
  notice: string | null;
  markRead(ids?: number[]): Promise<void>;
}

const PAGE = 50;

export function useAlerts(): AlertsState {
  const { client } = useServices();
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [unread, setUnread] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    client
      .alerts({ limit: PAGE }, { signal })
      .then((answer) => {
        setAlerts((live) => merge(live, answer.data.alerts));
        setUnread(answer.data.unread);
      })
      .catch(() => undefined);
    client
      .followAlerts({
        signal,
        onEvent: (event) => {
          setNotice(null);
          if (event.type === 'alert') setAlerts((list) => merge([event.data.alert], list));
          setUnread(event.data.unread);
        },
        onReconnecting: () => setNotice('Live alerts: connection lost. Reconnecting…'),
        onReconnected: () => setNotice(null),
      })
      .catch(() => !signal.aborted && setNotice('Live alerts: connection lost.'));
    return () => controller.abort();
  }, [client]);

  const markRead = useCallback(
    async (ids?: number[]) => {
      const answer = await client.markAlertsRead(ids);
      setUnread(answer.data.unread);
      setAlerts((list) => list.map((a) => (!ids || ids.includes(a.id) ? { ...a, read: true } : a)));
    },
    [client],
  );

  return { alerts, unread, notice, markRead };
}

/** Newest first, each alert once, at most a page. */
function merge(first: Alert[], second: Alert[]): Alert[] {
  const seen = new Set<number>();
  return [...first, ...second]
    .filter((a) => !seen.has(a.id) && (seen.add(a.id), true))
    .sort((a, b) => b.id - a.id)
    .slice(0, PAGE);
}
