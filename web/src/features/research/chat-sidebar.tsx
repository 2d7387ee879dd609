/**
 * The /analysis sidebar (spec 3): collapse, New Chat, chat search, the chat list with delete,
 * Integrations and Databases (views inside the page) and Help & FAQ.
 */
import { useState } from 'react';
import { chatSubject, chatTitle, filterChats, RESEARCH_TEXTS, type ChatHistoryItem } from '@credence/shared';
import { openHelpCenter } from '../help/open-help.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { errorText } from '../api/web-api.ts';
import { Icon, type IconName } from './icons.tsx';
import type { WorkspaceView } from './workspace-views.tsx';

const VIEW_ENTRIES: { view: Exclude<WorkspaceView, 'chat'>; label: string; icon: IconName }[] = [
  { view: 'integrations', label: 'Integrations', icon: 'plug' },
  { view: 'databases', label: 'Databases', icon: 'database' },
];

export function ChatSidebar({
  history,
  collapsed,
  currentChatId,
  view,
  onView,
  onToggle,
  onNewChat,
  onOpen,
  onDelete,
}: {
  /** The view model's chat list (null until it has loaded). */
  history: readonly ChatHistoryItem[] | null;
  collapsed: boolean;
  currentChatId: string | null;
  /** The view shown beside the sidebar. */
  view: WorkspaceView;
  onView(view: WorkspaceView): void;
  onToggle(): void;
  onNewChat(): void;
  onOpen(chat: ChatHistoryItem): void;
  onDelete(chatId: string): Promise<void>;
}) {
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chats = filterChats(history ?? [], search);
  return (
    <nav className={`chat-sidebar${collapsed ? ' chat-sidebar--collapsed' : ''}`} aria-label="Chats">
      <div className="chat-sidebar__top">
        <button
          type="button"
          className="icon-button"
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          onClick={onToggle}
        >
          <Icon name={collapsed ? 'expandRight' : 'collapse'} />
        </button>
        <button type="button" className="button button--primary chat-sidebar__new" onClick={onNewChat} title="New Chat">
          <Icon name="plus" />
          <span className="chat-sidebar__label">New Chat</span>
        </button>
      </div>
      {!collapsed && (
        <>
          <label className="chat-sidebar__search">
            <span className="visually-hidden">Search chats</span>
            <input type="search" placeholder="Search chats" value={search} onChange={(e) => setSearch(e.target.value)} />
          </label>
          <div className="chat-sidebar__list-wrap">
            {history === null ? (
              <Spinner label="Loading chats" />
            ) : chats.length === 0 ? (
              <p className="muted chat-sidebar__empty">{RESEARCH_TEXTS.noChats}</p>
            ) : (
              <ul className="chat-sidebar__list">
                {chats.map((chat) => (
                  <li key={chat.chat_id} className={`chat-item${chat.chat_id === currentChatId ? ' chat-item--current' : ''}`}>
                    <button
                      type="button"
                      className="chat-item__open"
                      aria-current={chat.chat_id === currentChatId ? 'page' : undefined}
                      title={chat.query_str}
                      onClick={() => onOpen(chat)}
                    >
                      <span className="chat-item__title">{chatTitle(chat.query_str)}</span>
                      {chatSubject(chat.chat_metadata) && <span className="chat-item__company">{chatSubject(chat.chat_metadata)}</span>}
                    </button>
                    <button
                      type="button"
                      className="icon-button chat-item__delete"
                      aria-label={`Delete chat ${chatTitle(chat.query_str)}`}
                      title="Delete chat"
                      onClick={() => {
                        setError(null);
                        onDelete(chat.chat_id).catch((failure: unknown) => setError(errorText(failure, 'Could not delete the chat')));
                      }}
                    >
                      <Icon name="trash" size={16} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {error && (
              <p className="notice notice--error" role="alert">
                {error}
              </p>
            )}
          </div>
        </>
      )}
      {VIEW_ENTRIES.map((entry) => (
        <button
          key={entry.view}
          type="button"
          className={`chat-sidebar__help${view === entry.view ? ' chat-sidebar__help--current' : ''}`}
          aria-current={view === entry.view ? 'page' : undefined}
          onClick={() => onView(entry.view)}
          title={entry.label}
        >
          <Icon name={entry.icon} />
          <span className="chat-sidebar__label">{entry.label}</span>
        </button>
      ))}
      <button type="button" className="chat-sidebar__help" onClick={openHelpCenter} title="Help & FAQ">
        <Icon name="help" />
        <span className="chat-sidebar__label">Help &amp; FAQ</span>
      </button>
    </nav>
  );
}
