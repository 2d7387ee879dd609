import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type SalesRequestKind = 'trial' | 'pricing';

/** A free-trial (contact sales) or pricing request from the public site. */
@Entity('sales_requests')
export class SalesRequest {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text')
  kind!: SalesRequestKind;

  @Column('text', { name: 'full_name' })
  fullName!: string;

  @Column('text')
  email!: string;

  @Column('text', { name: 'company_name' })
  companyName!: string;

  @Column('text', { name: 'job_role' })
  jobRole!: string;

  @Column('text', { name: 'business_challenge', nullable: true })
  businessChallenge!: string | null;

  @Column('jsonb', { default: {} })
  metadata!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
