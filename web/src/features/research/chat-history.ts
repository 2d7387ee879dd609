/**
 * The sidebar's chat list (spec 3 "Shared pieces"): the user's chats (get_chat_history) and
 * delete (delete_chat); titles and search are shared rules (chatTitle, filterChats). The shared
 * chat view model covers one chat, not the list, so this small loader lives here.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient, ChatHistoryItem } from '@credence/shared';
import { errorText } from '../api/web-api.ts';

export interface ChatHistory {
  items: ChatHistoryItem[];
  loading: boolean;
  error: string | null;
  reload(): void;
  remove(chatId: string): Promise<boolean>;
}

export function useChatHistory(client: Pick<ApiClient, 'getChatHistory' | 'deleteChat'>): ChatHistory {
  const [items, setItems] = useState<ChatHistoryItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    latest.current?.abort();
    const abort = new AbortController();
    latest.current = abort;
    setLoading(true);
    client.getChatHistory({ signal: abort.signal }).then(
      (list) => {
        if (abort.signal.aborted) return;
        setItems(Array.isArray(list) ? list : []);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (abort.signal.aborted) return;
        setError(errorText(failure, 'Failed to load chat history'));
        setLoading(false);
      },
    );
  }, [client]);

  useEffect(() => {
    reload();
    return () => latest.current?.abort();
  }, [reload]);

  const remove = useCallback(
    async (chatId: string) => {
      try {
        await client.deleteChat(chatId);
        setItems((list) => list.filter((item) => item.chat_id !== chatId));
        return true;
      } catch (failure) {
        setError(errorText(failure, 'Could not delete the chat'));
        return false;
      }
    },
    [client],
  );

  return useMemo(() => ({ items, loading, error, reload, remove }), [items, loading, error, reload, remove]);
}
