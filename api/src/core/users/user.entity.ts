import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '@credence/shared';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Always stored lower-cased and trimmed (normalizeEmail). */
  @Column('text', { unique: true })
  email!: string;

  @Column('text', { name: 'full_name' })
  fullName!: string;

  @Column('text', { name: 'company_name' })
  companyName!: string;

  @Column('text', { name: 'job_role' })
  jobRole!: string;

  @Column('text', { name: 'linkedin_url' })
  linkedinUrl!: string;

  @Column('text', { name: 'password_hash' })
  passwordHash!: string;

  @Column('text')
  role!: Role;

  @Column('timestamptz', { name: 'email_verified_at', nullable: true })
  emailVerifiedAt!: Date | null;

  @Column('timestamptz', { name: 'approved_at', nullable: true })
  approvedAt!: Date | null;

  @Column('uuid', { name: 'approved_by', nullable: true })
  approvedBy!: string | null;

  @Column('timestamptz', { name: 'disabled_at', nullable: true })
  disabledAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
