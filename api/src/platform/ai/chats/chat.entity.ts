import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ChatMetadata } from '@credence/shared';

/** A research chat: its client-chosen id (`chat_id`, unique across users) belongs to one user. */
@Entity('research_chats')
export class ResearchChat {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text', { name: 'chat_id', unique: true })
  chatId!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text', { name: 'chat_category' })
  chatCategory!: string;

  @Column('jsonb', { name: 'chat_metadata', default: {} })
  chatMetadata!: ChatMetadata;

  /** The chat's first question: its title in the history list. */
  @Column('text', { name: 'query_str' })
  queryStr!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
