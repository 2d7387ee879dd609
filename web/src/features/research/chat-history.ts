/**
 * The sidebar's chat list (spec 3 "Shared pieces"): the user's chats (get_chat_history), a
 * search over their titles, delete (delete_chat). The shared chat view model covers one chat,
 * not the list, so this small adapter lives here until shared has a chat-list view model.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RESEARCH_CONSTANTS, type ApiClient, type ChatHistoryItem } from '@credence/shared';
import { errorText } from '../api/web-api.ts';

/** A chat's title in the list: its first question, cut at 50 characters with an ellipsis. */
export function chatTitle(item: Pick<ChatHistoryItem, 'query_str'>, max: number = RESEARCH_CONSTANTS.chatTitleMax): string {
  const title = (item.query_str ?? '').replace(/\s+/g, ' ').trim() || 'Untitled chat';
  return title.length > max ? `${title.slice(0, max)}…` : title;
}

/** The chats whose question or company holds every word of the search, newest first. */
export function filterChats(items: readonly ChatHistoryItem[], search: string): ChatHistoryItem[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return items
    .filter((item) => {
      const text = `${item.query_str ?? ''} ${item.chat_metadata?.company_name ?? ''}`.toLowerCase();
      return words.every((w) => text.includes(w));
    })
    .sort((a, b) => (b.updated_at ?? b.created_at ?? '').localeCompare(a.updated_at ?? a.created_at ?? ''));
}

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
