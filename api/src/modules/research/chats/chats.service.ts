import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  ChatDetail,
  ChatHistoryItem,
  CreateChatHistoryResponse,
  ResearchAnswer,
  ResearchTable,
  SavedChat,
  SessionClaims,
} from '@credence/shared';
import type { CreateChatHistoryDto } from '../dto/research.dto.js';
import type { ResearchChatMessage } from './chat-message.entity.js';
import type { ResearchChat } from './chat.entity.js';
import { CHAT_NOT_FOUND, ChatsRepository } from './chats.repository.js';

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

/** Chat history (spec 3 sections 3 and 7): a chat belongs to its user; anyone else's is a 404. */
@Injectable()
export class ChatsService {
  constructor(@Inject(ChatsRepository) private readonly chats: ChatsRepository) {}

  /**
   * Creates the chat when new (its first question is its title) and merges the metadata given; a
   * client that saves an answer of its own (restructuring) passes `observations` and it is kept as
   * a question of the chat. Answers of `research/ask` are stored by the stream itself.
   */
  async create(user: SessionClaims, dto: CreateChatHistoryDto): Promise<CreateChatHistoryResponse> {
    const chat = await this.chats.ensure({
      chatId: dto.chat_id,
      userId: user.sub,
      chatCategory: dto.chat_category ?? 'companies-house',
      chatMetadata: { ...dto.chat_metadata },
      queryStr: dto.query_str.trim(),
    });
    if (!chat) throw new NotFoundException(CHAT_NOT_FOUND);
    if (dto.chat_metadata) await this.chats.updateMetadata(chat, { ...dto.chat_metadata });
    if (dto.observations !== undefined && dto.observations !== null) {
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

  async get(user: SessionClaims, chatId: string): Promise<SavedChat> {
    const chat = await this.chats.findOwned(user.sub, chatId);
    if (!chat) throw new NotFoundException(CHAT_NOT_FOUND);
    const details = (await this.chats.messages(chat)).map(detail);
    return {
      ...historyItem(chat),
      details,
      table_data: details.flatMap((d) => (Array.isArray(d.table_data) ? d.table_data : [])),
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
