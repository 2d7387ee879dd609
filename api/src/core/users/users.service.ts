import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import { ACCOUNT_MESSAGES, DEFAULT_JOB_ROLE, DEFAULT_LINKEDIN_URL, isValidEmail, normalizeEmail, type Role } from '@credence/shared';
import { SessionRegistry } from '../auth/session-registry.js';
import { hashPassword, newPasswordError } from '../security/passwords.js';
import { User } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

export interface NewUser {
  email: string;
  password: string;
  fullName: string;
  companyName: string;
  jobRole?: string;
  linkedinUrl?: string;
  role?: Role;
  verified?: boolean;
  approved?: boolean;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error as unknown as { code?: string }).code === '23505';
}

/** Account records: creation (sign-up and admin), approval, disabling. */
@Injectable()
export class UsersService {
  constructor(
    @Inject(UsersRepository) readonly users: UsersRepository,
    @Inject(SessionRegistry) private readonly sessions: SessionRegistry,
    @Inject(DataSource) private readonly db: DataSource,
  ) {}

  /** Throws the 400 of the first problem with a new account's fields (the spec's order); answers the normalized e-mail. */
  checkNew(input: NewUser): string {
    if (!isValidEmail(input.email)) throw new BadRequestException(ACCOUNT_MESSAGES.invalidEmail);
    if (!input.fullName?.trim()) throw new BadRequestException(ACCOUNT_MESSAGES.fullNameRequired);
    if (!input.companyName?.trim()) throw new BadRequestException(ACCOUNT_MESSAGES.companyNameRequired);
    const email = normalizeEmail(input.email);
    const problem = newPasswordError(input.password, email);
    if (problem) throw new BadRequestException(problem);
    return email;
  }

  async create(input: NewUser, manager?: EntityManager): Promise<User> {
    const email = this.checkNew(input);
    const now = new Date();
    try {
      return await this.users.insert(
        {
          email,
          fullName: input.fullName.trim(),
          companyName: input.companyName.trim(),
          jobRole: input.jobRole?.trim() || DEFAULT_JOB_ROLE,
          linkedinUrl: input.linkedinUrl?.trim() || DEFAULT_LINKEDIN_URL,
          passwordHash: await hashPassword(input.password),
          role: input.role ?? 'analyst',
          emailVerifiedAt: input.verified ? now : null,
          approvedAt: input.approved ? now : null,
        },
        manager,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(ACCOUNT_MESSAGES.emailTaken);
      throw error;
    }
  }

  async requireByEmail(email: string): Promise<User> {
    const user = await this.users.findByEmail(normalizeEmail(email));
    if (!user) throw new NotFoundException(`No account with the email ${normalizeEmail(email)}.`);
    return user;
  }

  async approve(userId: string, approvedBy: string | null, manager?: EntityManager): Promise<void> {
    await this.users.update(userId, { approvedAt: new Date(), approvedBy }, manager);
  }

  async setPassword(userId: string, password: string, manager?: EntityManager): Promise<void> {
    await this.users.update(userId, { passwordHash: await hashPassword(password) }, manager);
  }

  /** Disabling ends every session of the account at once. */
  async setDisabled(email: string, disabled: boolean): Promise<User> {
    const user = await this.requireByEmail(email);
    await this.db.transaction(async (manager) => {
      await this.users.update(user.id, { disabledAt: disabled ? new Date() : null }, manager);
    });
    if (disabled) await this.sessions.revokeAllOf(user.id);
    return (await this.users.findById(user.id))!;
  }

  /**
   * Gives an account another role (ops for the ops tools). Authorisation reads the stored role, and
   * the account's sessions end too, so that no client keeps showing the old role's tools; the new
   * role applies from the next sign-in. The last admin keeps the role.
   */
  async setRole(email: string, role: Role): Promise<User> {
    const user = await this.requireByEmail(email);
    if (user.role === role) return user;
    if (user.role === 'admin' && (await this.users.countAdmins()) <= 1) {
      throw new BadRequestException(`${user.email} is the only admin: make another account admin first`);
    }
    await this.users.update(user.id, { role });
    await this.sessions.revokeAllOf(user.id);
    return (await this.users.findById(user.id))!;
  }
}
