/**
 * `credence chats list|show|export|delete` (docs/architecture.md 8): the signed-in user's research chats
 * as a table (id, title cut at 50 characters, company or a PDF chat's files, updated), one chat's answers printed as
 * `credence ask` prints them (a restructuring run with its id), a restructuring run's table as the
 * web's Export writes it, and deleting one. --json prints the API's answers.
 */
import {
  RESEARCH_TEXTS,
  answerOfDetail,
  chatSubject,
  chatTitle,
  filterChats,
  formatDate,
  restructuringRunOf,
  type ChatHistoryItem,
  type SavedChat,
} from '@credence/shared';
import { writeFileAtomic } from '../runtime/atomic-write.js';
import { UsageError, xlsxOutput } from '../runtime/exit-codes.js';
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { heading, styleFor, textTable, type Style } from '../output/text.js';
import { answerLines, planLines } from './research-view.js';
import { restructuringRunLines } from './restructure.js';

function chatIdArg(raw: string | undefined): string {
  const id = (raw ?? '').trim();
  if (id === '') throw new UsageError('Give the chat id, e.g. credence chats show <id> (ids are in `credence chats list`)');
  return id;
}

/** The chat list as table lines: id, title, company, updated (newest first). */
export function chatListLines(items: readonly ChatHistoryItem[], width: number, style: Style): string[] {
  const rows = filterChats(items).map((item) => [
    item.chat_id,
    chatTitle(item.query_str),
    chatSubject(item.chat_metadata),
    item.updated_at ? formatDate(item.updated_at) : '',
  ]);
  return textTable(
    [{ header: 'Id' }, { header: 'Title', flexible: true }, { header: 'Company or files', flexible: true }, { header: 'Updated' }],
    rows,
    width,
    style,
    0,
  );
}

/** A saved chat as `credence ask` prints answers: each question as a heading, its plan, its answer. */
export function chatLines(chat: SavedChat, width: number, style: Style): string[] {
  const lines: string[] = [];
  const subject = chatSubject(chat.chat_metadata);
  if (subject) lines.push(style.dim(subject));
  for (const detail of chat.details ?? []) {
    if (lines.length > 0) lines.push('');
    lines.push(heading(detail.query_str, width, style));
    if (chat.chat_category === 'restructuring') {
      lines.push(...restructuringRunLines(restructuringRunOf(detail), style));
      continue;
    }
    const answer = answerOfDetail(detail);
    lines.push(...planLines(answer, style), '', ...answerLines(answer, width, style));
    if (answer.error) lines.push('', style.red(answer.error));
  }
  return lines;
}

export async function chatsList(options: GlobalOptions): Promise<void> {
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const items = await client.getChatHistory();
  const list = Array.isArray(items) ? items : [];
  if (ctx.mode.json) {
    ctx.out.result(JSON.stringify(list, null, 2));
    return;
  }
  if (list.length === 0) {
    ctx.out.info(`${RESEARCH_TEXTS.noChats} Ask a question with: credence ask "<question>" --company <number>`);
    return;
  }
  const width = ctx.mode.stdoutIsTTY ? ctx.mode.width : Math.max(ctx.mode.width, 160);
  ctx.out.result(chatListLines(list, width, styleFor(ctx.mode.color)).join('\n'));
  ctx.out.info(`${list.length} ${list.length === 1 ? 'chat' : 'chats'} · open one with: credence chats show <id>`);
}

export async function chatsShow(options: GlobalOptions, args: string[]): Promise<void> {
  const ctx = createContext(options);
  const id = chatIdArg(args[0]);
  const client = await ctx.authedClient();
  const chat = await client.getChat(id);
  if (ctx.mode.json) {
    ctx.out.result(JSON.stringify(chat, null, 2));
    return;
  }
  ctx.out.result(chatLines(chat, Math.max(40, ctx.mode.width), styleFor(ctx.mode.color)).join('\n'));
  if (chat.chat_category === 'restructuring')
    ctx.out.info(`Export a run's table: credence chats export ${chat.chat_id} --run <run> -o table.xlsx (the latest without --run)`);
}

export async function chatsExport(options: GlobalOptions & { run?: string; output?: string }, args: string[]): Promise<void> {
  const id = chatIdArg(args[0]);
  const output = xlsxOutput(options.output ?? '');
  const runId = options.run?.trim();
  if (options.run !== undefined && !runId) throw new UsageError('--run takes a run id, from `credence chats show <id>`');
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const file = await client.restructuringExcel(id, { runId });
  await writeFileAtomic(output, [file.bytes]);
  ctx.out.info(`✓ ${runId ? `run ${runId}` : 'the latest table'} → ${output}`);
}

export async function chatsDelete(options: GlobalOptions, args: string[]): Promise<void> {
  const ctx = createContext(options);
  const id = chatIdArg(args[0]);
  const client = await ctx.authedClient();
  const answer = await client.deleteChat(id);
  if (ctx.mode.json) {
    ctx.out.result(JSON.stringify({ deleted: id, ...answer }, null, 2));
    return;
  }
  ctx.out.info(`Deleted chat ${id}`);
}
