/**
 * The chat and the address (spec 3 section 2): `chatKey` follows the chat (the history entry is
 * replaced while a question is sent), and a chatKey the user navigates to loads that saved chat.
 * `companyNumber` chooses the company of a new chat.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { chatAddressKey, type ChatViewModel } from '@credence/shared';

export function useChatAddress(model: ChatViewModel, modelKey: string | null) {
  const [params, setParams] = useSearchParams();
  const addressKey = params.get('chatKey');

  // the address names a chat the view model does not hold: open it (or start afresh without one)
  useEffect(() => {
    const current = chatAddressKey(model.getState());
    if (addressKey && addressKey !== current) void model.load(addressKey);
    if (!addressKey && current) model.newChat();
  }, [addressKey, model]);

  // the view model's chat moved on (a first question, the stored chat's id): write it, replacing the entry
  useEffect(() => {
    if (!modelKey) return;
    const now = new URLSearchParams(window.location.search);
    if (now.get('chatKey') === modelKey) return;
    now.set('chatKey', modelKey);
    setParams(now, { replace: true });
  }, [modelKey, setParams]);

  return {
    companyNumber: params.get('companyNumber'),
    /** Opens a saved chat as a new history entry. */
    open(chatId: string) {
      const next = new URLSearchParams(window.location.search);
      next.set('chatKey', chatId);
      setParams(next);
    },
    /** A new chat: the address loses the chat and names the company (kept when not given). */
    clear(companyNumber?: string) {
      const next = new URLSearchParams(window.location.search);
      next.delete('chatKey');
      if (companyNumber) next.set('companyNumber', companyNumber);
      setParams(next);
    },
  };
}
