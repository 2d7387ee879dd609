/**
 * The chat list (spec 3 sections 2 and 9): a chat's title is its first question cut at 50
 * characters, its company what its metadata names (a PDF chat: its files), and the search box
 * matches title or subject.
 */
import { RESEARCH_CONSTANTS, type ChatHistoryItem, type ChatMetadata } from '../../contracts/research.js';

/** The question on one line, cut at `max` characters (50 in the chat list, 30 in restructuring) with "...". */
export function chatTitle(query: string, max: number = RESEARCH_CONSTANTS.chatTitleMax): string {
  const line = query.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max).trimEnd()}...` : line;
}

/** "ACME LTD (01234567)", the name, the number or CIK alone, or '' when the chat names no company. */
export function chatCompany(meta: ChatMetadata | null | undefined): string {
  const name = meta?.company_name?.trim();
  const id = meta?.company_id ?? meta?.cik ?? null;
  if (name && id) return `${name} (${id})`;
  return name || id || '';
}

/** A PDF chat's files, as its lists name it: "report.pdf", "a.pdf, b.pdf", "a.pdf, b.pdf + 3 more"; '' for another chat. */
export function chatFiles(meta: ChatMetadata | null | undefined): string {
  const names = (meta?.chatPDFFileNames?.length ? meta.chatPDFFileNames : [meta?.chatPDFFileName])
    .map((name) => (typeof name === 'string' ? name.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim() : ''))
    .filter((name) => name !== '');
  if (names.length <= 2) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} + ${names.length - 2} more`;
}

/** What a chat is about, beside its title in the lists: its company, or a PDF chat's files. */
export function chatSubject(meta: ChatMetadata | null | undefined): string {
  return chatCompany(meta) || chatFiles(meta);
}

/** The chats whose title or subject (company or files) holds the search text (case-insensitive), newest first. */
export function filterChats(items: readonly ChatHistoryItem[], search = ''): ChatHistoryItem[] {
  const needle = search.trim().toLowerCase();
  return items
    .filter((item) => needle === '' || `${item.query_str} ${chatSubject(item.chat_metadata)}`.toLowerCase().includes(needle))
    .sort((a, b) => (b.updated_at ?? '').localeCompare(a.updated_at ?? ''));
}

/**
 * The page a chat from the list opens on, when it is not the research chat: a restructuring run's
 * table on /us/restructuring, an equity analysis on data insights. Null: the research chat itself.
 */
export function chatPageOf(chat: Pick<ChatHistoryItem, 'chat_id' | 'chat_category'>): string | null {
  const key = encodeURIComponent(chat.chat_id);
  if (chat.chat_category === 'restructuring') return `/us/restructuring?chatKey=${key}`;
  if (chat.chat_category === 'equity-analysis') return `/us/equity_analysis/data_insights?chatKey=${key}`;
  return null;
}
