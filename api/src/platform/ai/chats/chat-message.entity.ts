import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { ResearchAnswer, ResearchTable } from '@credence/shared';
import { ResearchChat } from './chat.entity.js';

/**
 * One question of a chat and its whole answer, as it streamed (get_chat restores it exactly). A
 * client saving its own answer (create_chat_history) may store other shapes: read them as given.
 */
@Entity('research_chat_messages')
export class ResearchChatMessage {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'chat_pk' })
  chatPk!: string;

  @ManyToOne(() => ResearchChat, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'chat_pk' })
  chat?: Relation<ResearchChat>;

  @Column('text', { name: 'query_str' })
  queryStr!: string;

  @Column('jsonb', { name: 'thought_process', default: [] })
  thoughtProcess!: string[];

  @Column('jsonb')
  observations!: ResearchAnswer;

  @Column('jsonb', { name: 'table_data', default: [] })
  tableData!: ResearchTable[];

  /** The stream that answered it (a client resuming after the stream left memory gets the stored answer). */
  @Column('text', { name: 'stream_id', nullable: true, unique: true })
  streamId!: string | null;

  /** The sequence number of the stream's `done` event. */
  @Column('integer', { name: 'last_seq', nullable: true })
  lastSeq!: number | null;

  /** Bytes of the question, answer, tables and steps as JSON text (null: measured when read). */
  @Column('integer', { name: 'size_bytes', nullable: true })
  sizeBytes!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
