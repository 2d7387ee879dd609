import { Algorithm, hash, verify } from '@node-rs/argon2';
import { createRequire } from 'node:module';
import { ACCOUNT_MESSAGES, passwordLengthError } from '@credence/shared';

/** OWASP's argon2id settings: 19 MiB, 2 passes, 1 lane. */
const ARGON2 = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

// Checked against when the e-mail is unknown, so that a wrong e-mail costs what a wrong password does.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('credence-timing-equaliser');
  const target = storedHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && storedHash !== null;
  } catch {
    return false;
  }
}

const require = createRequire(import.meta.url);
const commonPasswords = require('fxa-common-password-list') as { test(password: string): boolean };

export function isCommonPassword(password: string, email?: string): boolean {
  const lower = password.toLowerCase();
  if (email && (lower === email.toLowerCase() || lower === email.split('@')[0].toLowerCase())) return true;
  return commonPasswords.test(password) || commonPasswords.test(lower);
}

/** The first problem with a new password, or null: length (shared rule), then commonness. */
export function newPasswordError(password: unknown, email?: string): string | null {
  const length = passwordLengthError(password);
  if (length) return length;
  return isCommonPassword(password as string, email) ? ACCOUNT_MESSAGES.passwordTooCommon : null;
}
