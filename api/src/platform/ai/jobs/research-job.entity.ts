import { CreateDateColumn, Column, Entity, PrimaryColumn } from 'typeorm';

/** Who started a research job: check_query answers its owner only (others 404). */
@Entity('research_jobs')
export class ResearchJob {
  @PrimaryColumn('text', { name: 'job_id' })
  jobId!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  kind!: string;

  /** Set by a job that reports progress (it knows this key, not its queue id). */
  @Column('text', { name: 'progress_key', nullable: true })
  progressKey!: string | null;

  @Column('jsonb', { nullable: true })
  progress!: Record<string, number> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
