import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  ChatDetail,
  ChatHistoryItem,
  CreateChatHistoryResponse,
  ResearchAnswer,
  ResearchTable,
  SavedChat,
  SessionClaims,
} from '@credence/shared';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config.js';
import type { CreateChatHistoryDto } from '../dto/research.dto.js';
import type { ResearchChatMessage } from '../../../platform/ai/chats/chat-message.entity.js';
import type { ResearchChat } from '../../../platform/ai/chats/chat.entity.js';
import { CHAT_NOT_FOUND, ChatsRepository } from '../../../platform/ai/chats/chats.repository.js';

function detail(message: ResearchChatMessage): ChatDetail {
  return {
    id: message.id,
    query_str: message.queryStr,
    thought_process: message.thoughtProcess,
    observations: message.observations,
    table_data: message.tableData,
    created_at: message.createdAt.toISOString(),
  };
}

function historyItem(chat: ResearchChat): ChatHistoryItem {
  return {
    id: chat.id,
    chat_id: chat.chatId,
    user_id: chat.userId,
    query_str: chat.queryStr,
    chat_category: chat.chatCategory,
    chat_metadata: chat.chatMetadata,
    created_at: chat.createdAt.toISOString(),
    updated_at: chat.updatedAt.toISOString(),
  };
}

const KB = 1024;

/** The size of a value as stored (JSON, UTF-8 bytes). */
const jsonBytes = (value: unknown) => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value)));

/**
 * Chat history (spec 3 sections 3 and 7): a chat belongs to its user; anyone else's is a 404. What
 * a client saves is limited (CHAT_MESSAGE_MAX_KB a question, CHAT_MAX_MESSAGES a chat) and a chat
 * is read in pages of GET_CHAT_MAX_KB, so no chat can grow into an answer that stalls the API.
 */
@Injectable()
export class ChatsService {
  constructor(
    @Inject(ChatsRepository) private readonly chats: ChatsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Refuses a saved answer over the size limit, naming the field (400, nothing stored). */
  private checkSizes(dto: CreateChatHistoryDto): void {
    const { messageMaxKb } = this.config.chats;
    const fields = { observations: dto.observations, table_data: dto.table_data, thought_process: dto.thought_process };
    for (const [field, value] of Object.entries(fields)) {
      const bytes = jsonBytes(value);
      if (bytes > messageMaxKb * KB)
        throw new BadRequestException(
          `${field} must be at most ${messageMaxKb} KB as JSON (it is ${Math.ceil(bytes / KB)} KB; CHAT_MESSAGE_MAX_KB): save a shorter answer.`,
        );
    }
    const total = Object.values(fields).reduce((sum: number, value) => sum + jsonBytes(value), 0);
    if (total > messageMaxKb * KB)
      throw new BadRequestException(
        `observations, table_data and thought_process together must be at most ${messageMaxKb} KB as JSON (CHAT_MESSAGE_MAX_KB): save a shorter answer.`,
      );
  }

  /**
   * Creates the chat when new (its first question is its title) and merges the metadata given; a
   * client that saves an answer of its own (restructuring) passes `observations` and it is kept as
   * a question of the chat. Answers of `research/ask` are stored by the stream itself.
   */
  async create(user: SessionClaims, dto: CreateChatHistoryDto): Promise<CreateChatHistoryResponse> {
    const saving = dto.observations !== undefined && dto.observations !== null;
    if (saving) this.checkSizes(dto);
    const chat = await this.chats.ensure({
      chatId: dto.chat_id,
      userId: user.sub,
      chatCategory: dto.chat_category ?? 'companies-house',
      chatMetadata: { ...dto.chat_metadata },
      queryStr: dto.query_str.trim(),
    });
    if (!chat) throw new NotFoundException(CHAT_NOT_FOUND);
    if (saving && (await this.chats.countMessages(chat)) >= this.config.chats.maxMessages)
      throw new BadRequestException(
        `chat_id: this chat already keeps ${this.config.chats.maxMessages} questions, the most a chat may (CHAT_MAX_MESSAGES): start a new chat.`,
      );
    if (dto.chat_metadata) await this.chats.updateMetadata(chat, { ...dto.chat_metadata });
    if (saving) {
      await this.chats.addMessage(chat, {
        queryStr: dto.query_str.trim(),
        thoughtProcess: dto.thought_process ?? [],
        observations: dto.observations as ResearchAnswer,
        tableData: (dto.table_data ?? []) as ResearchTable[],
      });
    }
    const saved = (await this.chats.findOwned(user.sub, dto.chat_id))!;
    return { id: saved.id, user_id: saved.userId, chat_metadata: saved.chatMetadata };
  }

  /** The chat with its latest questions that fit GET_CHAT_MAX_KB (those before `before`, when given). */
  async get(user: SessionClaims, chatId: string, before?: string): Promise<SavedChat> {
    const chat = await this.chats.findOwned(user.sub, chatId);
    if (!chat) throw new NotFoundException(CHAT_NOT_FOUND);
    const page = await this.chats.messagePage(chat, this.config.chats.pageMaxKb * KB, before);
    const details = page.messages.map(detail);
    return {
      ...historyItem(chat),
      details,
      table_data: details.flatMap((d) => (Array.isArray(d.table_data) ? d.table_data : [])),
      ...(page.earlier && details.length ? { earlier_before: details[0].id } : {}),
    };
  }

  async history(user: SessionClaims): Promise<ChatHistoryItem[]> {
    return (await this.chats.history(user.sub)).map(historyItem);
  }

  async delete(user: SessionClaims, chatId: string): Promise<{ status: 'success'; message: string }> {
    if (!(await this.chats.delete(user.sub, chatId))) throw new NotFoundException(CHAT_NOT_FOUND);
    return { status: 'success', message: 'Chat deleted.' };
  }
}
