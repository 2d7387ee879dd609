import { readFileSync } from 'node:fs';
import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import type { Role } from '@credence/shared';
import { loadConfig } from '../core/config/config.js';
import { createContext } from '../context.js';
import { MailService } from '../core/mail/mail.service.js';
import { approvedMail } from '../modules/auth/auth.service.js';
import type { User } from '../core/users/user.entity.js';
import { UsersService } from '../core/users/users.service.js';
import { CreditsModule } from '../platform/ai/credits/credits.module.js';
import { CreditsService } from '../platform/ai/credits/credits.service.js';
import { UsageError } from './usage-error.js';

export { UsageError };

interface Options {
  email?: string;
  password?: string;
  passwordStdin?: boolean;
  name?: string;
  company?: string;
  role?: Role;
  verified?: boolean;
  approved?: boolean;
  json?: boolean;
  credits?: string;
}

function view(user: User) {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    company_name: user.companyName,
    role: user.role,
    verified: user.emailVerifiedAt !== null,
    approved: user.approvedAt !== null,
    disabled: user.disabledAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}

function state(user: ReturnType<typeof view>): string {
  if (user.disabled) return 'disabled';
  if (!user.verified) return 'unverified';
  return user.approved ? 'active' : 'awaiting approval';
}

function table(rows: ReturnType<typeof view>[]): string {
  const header = ['EMAIL', 'NAME', 'COMPANY', 'ROLE', 'STATE', 'CREATED'];
  const cells = rows.map((u) => [u.email, u.full_name, u.company_name, u.role, state(u), u.created_at.slice(0, 10)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  return [header, ...cells]
    .map((row) =>
      row
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function print(options: Options, json: unknown, text: string): void {
  process.stdout.write(options.json ? JSON.stringify(json, null, 2) + '\n' : text + '\n');
}

function password(options: Options): string {
  if (options.password && options.passwordStdin) throw new UsageError('give --password or --password-stdin, not both');
  if (options.passwordStdin) return readFileSync(0, 'utf8').replace(/\r?\n$/, '');
  if (!options.password) throw new UsageError('a password is needed: --password <password> or --password-stdin');
  return options.password;
}

/** Runs one admin command against the configured database; maps service errors to exit codes. */
export async function runAdmin(command: string, options: Options): Promise<void> {
  const config = loadConfig();
  const secret = command === 'user create' ? password(options) : '';
  // Admin commands deliver their mail directly; this short-lived process runs no queued jobs. Of
  // the features, only the credits are needed: the others' code is not even loaded.
  const context = await createContext({ ...config, runJobs: false }, { modules: [CreditsModule] });
  try {
    const users = context.app.get(UsersService);
    switch (command) {
      case 'user create': {
        const user = await users.create({
          email: options.email!,
          password: secret,
          fullName: options.name!,
          companyName: options.company!,
          role: options.role,
          verified: options.verified,
          approved: options.approved,
        });
        print(options, view(user), `Created ${user.email} (${user.role}, ${state(view(user))}).`);
        break;
      }
      case 'user approve': {
        const user = await users.requireByEmail(options.email!);
        if (!user.approvedAt) {
          await users.approve(user.id, null);
          await context.app.get(MailService).deliver(approvedMail(user, config.publicUrl));
        }
        const updated = view((await users.users.findById(user.id))!);
        print(
          options,
          updated,
          user.approvedAt ? `${updated.email} was already approved.` : `Approved ${updated.email}; they have been mailed.`,
        );
        break;
      }
      case 'user list': {
        const rows = (await users.users.list()).map(view);
        print(options, rows, rows.length ? table(rows) : 'No accounts yet.');
        break;
      }
      case 'user disable':
      case 'user enable': {
        const disable = command === 'user disable';
        const user = view(await users.setDisabled(options.email!, disable));
        print(options, user, disable ? `Disabled ${user.email}; every session of it has ended.` : `Enabled ${user.email}.`);
        break;
      }
      case 'user role': {
        const user = view(await users.setRole(options.email!, options.role!));
        print(options, user, `${user.email} is now ${user.role}; their sessions have ended: the role applies from their next sign-in.`);
        break;
      }
      case 'user credits': {
        if (!/^\d{1,7}$/.test(options.credits ?? '') || Number(options.credits) > 1_000_000) {
          throw new UsageError(`credits must be a whole number from 0 to 1000000 (got "${options.credits}")`);
        }
        const user = await users.requireByEmail(options.email!);
        const info = await context.app.get(CreditsService).setAllowance(user.id, Number(options.credits));
        print(
          options,
          { email: user.email, ...info },
          `${user.email} may now ask ${info.total_credits} research questions a month (${info.accessed_count} used this month).`,
        );
        break;
      }
    }
  } catch (error) {
    if (error instanceof BadRequestException || error instanceof ConflictException) throw new UsageError(error.message);
    if (error instanceof NotFoundException) throw new Error(error.message, { cause: error });
    throw error;
  } finally {
    await context.close();
  }
}
