import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ChatMetadata } from '@credence/shared';
import { ResearchChatMessage } from './chat-message.entity.js';
import { ResearchChat } from './chat.entity.js';

export interface NewChat {
  chatId: string;
  userId: string;
  chatCategory: string;
  chatMetadata: ChatMetadata;
  queryStr: string;
}

export type NewMessage = Pick<ResearchChatMessage, 'queryStr' | 'thoughtProcess' | 'observations' | 'tableData'> &
  Partial<Pick<ResearchChatMessage, 'streamId' | 'lastSeq'>>;

export const CHAT_NOT_FOUND = 'Chat not found.';

/** Chats and their questions. Reads take the owner: another user's chat reads as absent. */
@Injectable()
export class ChatsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private manager(manager?: EntityManager): EntityManager {
    return manager ?? this.db.manager;
  }

  /** The chat with this id whoever owns it (the caller decides: another user's is a 404). */
  findByChatId(chatId: string, manager?: EntityManager): Promise<ResearchChat | null> {
    return this.manager(manager).getRepository(ResearchChat).findOneBy({ chatId });
  }

  async findOwned(userId: string, chatId: string, manager?: EntityManager): Promise<ResearchChat | null> {
    const chat = await this.findByChatId(chatId, manager);
    return chat && chat.userId === userId ? chat : null;
  }

  /**
   * The chat, created when absent. Answers null when the id is another user's (two users racing
   * for one new id: the first one wins, the other gets null).
   */
  async ensure(chat: NewChat, manager?: EntityManager): Promise<ResearchChat | null> {
    await this.manager(manager).createQueryBuilder().insert().into(ResearchChat).values(chat).orIgnore().execute();
    return this.findOwned(chat.userId, chat.chatId, manager);
  }

  async updateMetadata(chat: ResearchChat, metadata: ChatMetadata, manager?: EntityManager): Promise<void> {
    await this.manager(manager)
      .getRepository(ResearchChat)
      .update({ id: chat.id }, { chatMetadata: { ...chat.chatMetadata, ...metadata }, updatedAt: new Date() });
  }

  async addMessage(chat: ResearchChat, message: NewMessage, manager?: EntityManager): Promise<ResearchChatMessage> {
    const m = this.manager(manager);
    const saved = await m
      .getRepository(ResearchChatMessage)
      .save(m.getRepository(ResearchChatMessage).create({ ...message, chatPk: chat.id }));
    await m.getRepository(ResearchChat).update({ id: chat.id }, { updatedAt: new Date() });
    return saved;
  }

  messages(chat: ResearchChat): Promise<ResearchChatMessage[]> {
    return this.db.getRepository(ResearchChatMessage).find({ where: { chatPk: chat.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The stored answer of a stream, with its chat's owner (a resume after the stream left memory). */
  async messageOfStream(streamId: string): Promise<{ message: ResearchChatMessage; chat: ResearchChat } | null> {
    const message = await this.db.getRepository(ResearchChatMessage).findOne({ where: { streamId }, relations: { chat: true } });
    return message?.chat ? { message, chat: message.chat } : null;
  }

  history(userId: string): Promise<ResearchChat[]> {
    return this.db.getRepository(ResearchChat).find({ where: { userId }, order: { updatedAt: 'DESC', id: 'ASC' }, take: 500 });
  }

  async delete(userId: string, chatId: string): Promise<boolean> {
    const result = await this.db.getRepository(ResearchChat).delete({ userId, chatId });
    return (result.affected ?? 0) > 0;
  }
}
