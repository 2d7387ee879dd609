/**
 * The workspace's left navigation (spec 3 /us/restructuring): History with the Equity Analysis
 * and Restructuring chat lists, each with its new-chat plus; titles cut at 30 characters; the
 * section of the current path open. A restructuring chat can be deleted (spec 3 section 4: on
 * success it leaves the list and the page goes to /us/restructuring).
 */
import { Link } from 'react-router';
import { chatPageOf, chatTitle, newChatKey, RESTRUCTURING_CONSTANTS, type ChatHistoryItem } from '@credence/shared';

const DATA_INSIGHTS = '/us/equity_analysis/data_insights';

interface Props {
  history: readonly ChatHistoryItem[];
  chatKey: string;
  onDelete(chat: ChatHistoryItem): void;
}

function ChatList({
  chats,
  chatKey,
  onDelete,
}: {
  chats: readonly ChatHistoryItem[];
  chatKey: string;
  onDelete?(c: ChatHistoryItem): void;
}) {
  if (!chats.length) return <p className="restructuring__none">No chats yet.</p>;
  return (
    <ul className="restructuring__history">
      {chats.map((c) => {
        const title = chatTitle(c.query_str, RESTRUCTURING_CONSTANTS.navTitleMax);
        return (
          <li key={c.chat_id}>
            <Link to={chatPageOf(c)!} aria-current={c.chat_id === chatKey ? 'page' : undefined}>
              {title}
            </Link>
            {onDelete && (
              <button type="button" className="restructuring__delete" aria-label={`Delete ${title}`} onClick={() => onDelete(c)}>
                ×
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function HistoryNav({ history, chatKey, onDelete }: Props) {
  const equity = history.filter((c) => c.chat_category === 'equity-analysis');
  const restructuring = history.filter((c) => c.chat_category === 'restructuring');
  return (
    <nav className="restructuring__nav" aria-label="Restructuring history">
      <h2>History</h2>
      <details>
        <summary>
          Equity Analysis{' '}
          <Link to={DATA_INSIGHTS} aria-label="New equity analysis chat">
            +
          </Link>
        </summary>
        <ChatList chats={equity} chatKey={chatKey} />
      </details>
      <details open>
        <summary>
          Restructuring{' '}
          <Link to={`/us/restructuring?chatKey=${newChatKey()}`} aria-label="New restructuring chat">
            +
          </Link>
        </summary>
        <ChatList chats={restructuring} chatKey={chatKey} onDelete={onDelete} />
      </details>
    </nav>
  );
}
