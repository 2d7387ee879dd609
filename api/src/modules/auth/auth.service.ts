import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  UnauthorizedException,
  type OnModuleInit,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ACCOUNT_MESSAGES,
  normalizeEmail,
  type AccessTokenResponse,
  type ApprovalUserRecord,
  type MessageResponse,
  type SessionClaims,
} from '@credence/shared';
import { AccessTokens } from '../../core/auth/access-tokens.js';
import { SessionRegistry } from '../../core/auth/session-registry.js';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { inertLine, oneLine } from '../../core/mail/inert.js';
import { MailService, type MailMessage } from '../../core/mail/mail.service.js';
import { JobQueue } from '../../core/queue/job-queue.js';
import { LoginLimiter } from '../../core/rate-limit/login-limiter.js';
import { hashPassword, verifyPassword } from '../../core/security/passwords.js';
import type { User } from '../../core/users/user.entity.js';
import { UsersRepository } from '../../core/users/users.repository.js';
import { UsersService } from '../../core/users/users.service.js';
import { AccountTokensRepository } from './account-tokens.repository.js';
import type { LoginDto, ResetPasswordDto, SignupDto } from './dto/auth.dto.js';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

const RESET_REQUEST_JOB = 'accounts.reset-request';

/** Tells an applicant their account is approved (by the approval link or credence-admin). */
export function approvedMail(user: Pick<User, 'email' | 'fullName'>, publicUrl: string): MailMessage {
  const link = `${publicUrl}/login`;
  return {
    to: user.email,
    subject: 'Your Credence account is approved',
    text: `Hello ${inertLine(user.fullName)},\n\nYour account has been approved. You can sign in now:\n\n${link}\n`,
    link,
  };
}

/** The account lifecycle of spec 1: sign-up, verification, approval, sign-in, sign-out, reset. */
@Injectable()
export class AuthService implements OnModuleInit {
  private readonly logger = new Logger('Accounts');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(UsersService) private readonly usersService: UsersService,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(AccountTokensRepository) private readonly tokens: AccountTokensRepository,
    @Inject(SessionRegistry) private readonly sessions: SessionRegistry,
    @Inject(AccessTokens) private readonly accessTokens: AccessTokens,
    @Inject(LoginLimiter) private readonly limiter: LoginLimiter,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(JobQueue) private readonly queue: JobQueue,
  ) {}

  onModuleInit(): void {
    this.queue.register(RESET_REQUEST_JOB, ({ email }: { email: string }) => this.sendResetLink(email));
  }

  private link(path: string): string {
    return `${this.config.publicUrl}${path}`;
  }

  /**
   * Answers a registered address exactly like a new one (same status and body, and the same
   * password hashing, which is most of the time), so sign-up does not tell who has an account;
   * the address's owner is mailed instead.
   */
  async signup(dto: SignupDto): Promise<MessageResponse> {
    // Either answer ends in a mail: refuse (503) before creating an account that would have none.
    await this.queue.ensureAvailable();
    const input = {
      email: dto.email,
      password: dto.password,
      fullName: dto.full_name,
      companyName: dto.company_name,
      jobRole: dto.job_role,
      linkedinUrl: dto.linkedin_url,
    };
    const owner = await this.users.findByEmail(this.usersService.checkNew(input));
    if (owner) return this.answerRegisteredAddress(owner, dto.password);
    let created: { user: User; token: string };
    try {
      created = await this.db.transaction(async (manager) => {
        const user = await this.usersService.create(input, manager);
        return { user, token: await this.tokens.issue(user.id, 'verify', manager) };
      });
    } catch (error) {
      // Registered meanwhile by a sign-up running at the same time.
      const raced = error instanceof ConflictException && (await this.users.findByEmail(normalizeEmail(dto.email)));
      if (raced) return this.answerRegisteredAddress(raced, null);
      throw error;
    }
    const { user, token } = created;
    const link = this.link(`/verify/${token}`);
    await this.mail.send({
      to: user.email,
      subject: 'Verify your email address for Credence',
      text: `Hello ${inertLine(user.fullName)},\n\nPlease confirm your email address by opening this link:\n\n${link}\n\nThe link works once and expires in 48 hours. Once verified, your account\nis reviewed and you will get an email when it is approved.\n`,
      link,
    });
    return { message: ACCOUNT_MESSAGES.signupCheckEmail };
  }

  /** The answer of a new sign-up, after the same hashing work, and a mail to the address's owner. */
  private async answerRegisteredAddress(owner: User, password: string | null): Promise<MessageResponse> {
    if (password !== null) await hashPassword(password);
    const link = this.link('/login');
    await this.mail.send({
      to: owner.email,
      subject: 'Someone tried to sign up to Credence with your email address',
      text:
        `Hello ${inertLine(owner.fullName)},\n\nSomeone (perhaps you) tried to create a Credence account with this email address,\n` +
        `which already has one. Nothing was changed.\n\nIf it was you, sign in here:\n\n${link}\n\n` +
        `Forgot your password? Reset it at ${this.link('/forgot_password')}\n\nIf it was not you, you can ignore this email.\n`,
      link,
    });
    return { message: ACCOUNT_MESSAGES.signupCheckEmail };
  }

  async verifyEmail(token: string): Promise<MessageResponse> {
    // The admins are mailed after the link is spent: refuse (503) before spending it if mail cannot be queued.
    await this.queue.ensureAvailable();
    const user = await this.db.transaction(async (manager) => {
      const userId = await this.tokens.consume(token, 'verify', manager);
      if (!userId) throw new BadRequestException(ACCOUNT_MESSAGES.verifyLinkInvalid);
      await this.users.update(userId, { emailVerifiedAt: new Date() }, manager);
      return (await this.users.findById(userId, manager))!;
    });
    if (!user.approvedAt) await this.askAdminsToApprove(user);
    return { message: ACCOUNT_MESSAGES.emailVerified };
  }

  private async askAdminsToApprove(applicant: User): Promise<void> {
    const admins = (await this.users.activeAdmins()).filter((a) => a.approvedAt && a.id !== applicant.id);
    if (admins.length === 0) {
      this.logger.warn(
        `${applicant.email} is waiting for approval but there is no admin: create one with credence-admin user create --role admin`,
      );
      return;
    }
    for (const admin of admins) {
      const link = this.link(`/approve/${await this.tokens.issue(applicant.id, 'approve')}`);
      await this.mail.send({
        to: admin.email,
        // The address is checked at sign-up (the shared e-mail rule); the free text is made inert.
        subject: `Approve ${oneLine(applicant.fullName, 60)} <${applicant.email}> of ${oneLine(applicant.companyName, 60)} on Credence`,
        text:
          `Name: ${inertLine(applicant.fullName)}\nEmail: ${applicant.email}\nCompany: ${inertLine(applicant.companyName)}\n` +
          `Role: ${inertLine(applicant.jobRole)}\nProfile (as given, not checked): ${inertLine(applicant.linkedinUrl)}\n\n` +
          `They have verified their email address and ask for access. Review and approve (signed in as an admin):\n\n${link}\n`,
        link,
      });
    }
  }

  async approvalRecord(token: string): Promise<{ data: { data: ApprovalUserRecord } }> {
    const state = await this.tokens.inspect(token, 'approve');
    if (!state || state.expired) throw new BadRequestException(ACCOUNT_MESSAGES.approveLinkInvalid);
    const user = (await this.users.findById(state.userId))!;
    return {
      data: {
        data: {
          full_name: user.fullName,
          email: user.email,
          company_name: user.companyName,
          job_role: user.jobRole,
          linkedin_url: user.linkedinUrl,
          is_approved: user.approvedAt !== null,
        },
      },
    };
  }

  async approve(token: string, admin: SessionClaims): Promise<MessageResponse> {
    await this.queue.ensureAvailable();
    const user = await this.db.transaction(async (manager) => {
      const userId = await this.tokens.consume(token, 'approve', manager);
      if (!userId) return null;
      await this.usersService.approve(userId, admin.sub, manager);
      await this.tokens.voidAll(userId, 'approve', manager);
      return (await this.users.findById(userId, manager))!;
    });
    if (!user) {
      const state = await this.tokens.inspect(token, 'approve');
      const approved = state && (await this.users.findById(state.userId))?.approvedAt;
      throw new BadRequestException(approved ? ACCOUNT_MESSAGES.approveLinkUsed : ACCOUNT_MESSAGES.approveLinkInvalid);
    }
    await this.mail.send(approvedMail(user, this.config.publicUrl));
    return { message: ACCOUNT_MESSAGES.approved };
  }

  async login(dto: LoginDto, client: ClientInfo): Promise<AccessTokenResponse> {
    const email = normalizeEmail(dto.email);
    await this.limiter.begin(email, client.ip);
    const user = await this.users.findByEmail(email);
    // Unknown e-mail and wrong password take the same path and the same time.
    if (!(await verifyPassword(user?.passwordHash ?? null, dto.password)) || !user) {
      throw new UnauthorizedException(ACCOUNT_MESSAGES.invalidCredentials);
    }
    await this.limiter.succeeded(email, client.ip);
    return this.startSession(user, client);
  }

  /** Issues a session for a user who has proved who they are (password or identity provider). */
  async startSession(user: User, client: ClientInfo): Promise<AccessTokenResponse> {
    if (user.disabledAt) throw new ForbiddenException(ACCOUNT_MESSAGES.accountDisabled);
    if (!user.emailVerifiedAt) throw new ForbiddenException(ACCOUNT_MESSAGES.emailNotVerified);
    if (!user.approvedAt) throw new ForbiddenException(ACCOUNT_MESSAGES.underReview);
    const expiresAt = new Date(Date.now() + this.accessTokens.ttlSeconds * 1000);
    const sessionId = await this.sessions.create(user.id, expiresAt, client);
    return { access_token: this.accessTokens.sign(user, sessionId), token_type: 'Bearer', expires_in: this.accessTokens.ttlSeconds };
  }

  async logout(claims: SessionClaims): Promise<MessageResponse> {
    await this.sessions.revoke(claims.jti);
    return { message: ACCOUNT_MESSAGES.loggedOut };
  }

  /** Answers the same whether or not the account exists: the lookup and the mail happen in a job. */
  async requestReset(email: string): Promise<MessageResponse> {
    await this.queue.add(RESET_REQUEST_JOB, { email: normalizeEmail(email) });
    return { message: ACCOUNT_MESSAGES.resetRequested };
  }

  private async sendResetLink(email: string): Promise<{ sent: boolean }> {
    const user = await this.users.findByEmail(email);
    if (!user || user.disabledAt) return { sent: false };
    const link = this.link(`/reset-password/${await this.tokens.issue(user.id, 'reset')}`);
    await this.mail.send({
      to: user.email,
      subject: 'Reset your Credence password',
      text: `Hello ${inertLine(user.fullName)},\n\nSomeone (hopefully you) asked to reset your password. Set a new one here:\n\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask, ignore\nthis email.\n`,
      link,
    });
    return { sent: true };
  }

  async resetPassword(dto: ResetPasswordDto): Promise<MessageResponse> {
    const passwordHash = await hashPassword(dto.password);
    const email = normalizeEmail(dto.email);
    const userId = await this.db.transaction(async (manager) => {
      const user = await this.users.findByEmail(email, manager);
      const state = user ? await this.tokens.inspect(dto.token, 'reset', manager) : null;
      // The token must belong to this e-mail: otherwise it is left unused.
      if (!user || !state || state.userId !== user.id) throw new BadRequestException(ACCOUNT_MESSAGES.resetLinkInvalid);
      if (!(await this.tokens.consume(dto.token, 'reset', manager))) throw new BadRequestException(ACCOUNT_MESSAGES.resetLinkInvalid);
      await this.users.update(user.id, { passwordHash }, manager);
      await this.tokens.voidAll(user.id, 'reset', manager);
      return user.id;
    });
    await this.sessions.revokeAllOf(userId);
    return { message: ACCOUNT_MESSAGES.resetDone };
  }
}
