import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
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

/** A question's size as stored: its text and its JSON values, in UTF-8 bytes. */
function storedSize(message: NewMessage): number {
  const json = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null));
  return Buffer.byteLength(message.queryStr) + json(message.observations) + json(message.tableData) + json(message.thoughtProcess);
}

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
      .save(m.getRepository(ResearchChatMessage).create({ ...message, chatPk: chat.id, sizeBytes: storedSize(message) }));
    await m.getRepository(ResearchChat).update({ id: chat.id }, { updatedAt: new Date() });
    return saved;
  }

  /** The chat's last `count` questions, oldest first (the earlier turns a new question is asked after). */
  async recentMessages(chat: ResearchChat, count: number): Promise<ResearchChatMessage[]> {
    const latest = await this.db
      .getRepository(ResearchChatMessage)
      .find({ where: { chatPk: chat.id }, order: { createdAt: 'DESC', id: 'DESC' }, take: count });
    return latest.reverse();
  }

  /** One question of the chat by its id (of another chat: null). */
  message(chat: ResearchChat, id: string): Promise<ResearchChatMessage | null> {
    return this.db.getRepository(ResearchChatMessage).findOneBy({ chatPk: chat.id, id });
  }

  /** The chat's latest question whose table_data is a table ({columns, rows}). */
  async latestWithTable(chat: ResearchChat): Promise<ResearchChatMessage | null> {
    return this.db
      .getRepository(ResearchChatMessage)
      .createQueryBuilder('m')
      .where('m.chat_pk = :chat', { chat: chat.id })
      .andWhere(`jsonb_typeof(m.table_data->'columns') = 'array' AND jsonb_typeof(m.table_data->'rows') = 'array'`)
      .orderBy('m.created_at', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .getOne();
  }

  countMessages(chat: ResearchChat, manager?: EntityManager): Promise<number> {
    return this.manager(manager).getRepository(ResearchChatMessage).countBy({ chatPk: chat.id });
  }

  /**
   * The chat's latest questions (before `before`, when given) whose stored size adds up to at most
   * `maxBytes`, and always the latest one, oldest first; `earlier` when questions before them are
   * left out. Sizes are measured by the database: nothing larger than the page is read.
   */
  async messagePage(chat: ResearchChat, maxBytes: number, before?: string): Promise<{ messages: ResearchChatMessage[]; earlier: boolean }> {
    const rows: { id: string; total: number }[] = await this.db.query(
      `WITH m AS (
         SELECT id, created_at,
                COALESCE(size_bytes, octet_length(query_str) + octet_length(observations::text) + octet_length(table_data::text) + octet_length(thought_process::text)) AS size
         FROM research_chat_messages
         WHERE chat_pk = $1
           AND ($3::uuid IS NULL OR (created_at, id) < (SELECT created_at, id FROM research_chat_messages WHERE id = $3::uuid AND chat_pk = $1))),
       r AS (SELECT id, sum(size) OVER w AS running, row_number() OVER w AS n, count(*) OVER () AS total FROM m
             WINDOW w AS (ORDER BY created_at DESC, id DESC))
       SELECT id::text AS id, total::int AS total FROM r WHERE n = 1 OR running <= $2`,
      [chat.id, maxBytes, before ?? null],
    );
    if (!rows.length) return { messages: [], earlier: false };
    const messages = await this.db.getRepository(ResearchChatMessage).find({
      where: { chatPk: chat.id, id: In(rows.map((r) => r.id)) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return { messages, earlier: rows[0].total > rows.length };
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
