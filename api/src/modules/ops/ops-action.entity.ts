import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OpsAction, OpsActionRecord } from '@credence/shared';

/** One instance start or stop, as it ended (see OpsActionsService). */
@Entity('ops_actions')
export class OpsActionEntry {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id', nullable: true })
  userId!: string | null;

  @Column('text', { name: 'user_email' })
  userEmail!: string;

  @Column('text')
  action!: OpsAction;

  @Column('text')
  backend!: OpsActionRecord['backend'];

  @Column('text', { name: 'instance_id' })
  instanceId!: string;

  @Column('text')
  region!: string;

  @Column('text')
  result!: OpsActionRecord['result'];

  @Column('text', { nullable: true })
  error!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
