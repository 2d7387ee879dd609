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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
