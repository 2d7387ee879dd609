import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { SECRET_FILES, type AppConfig } from '../config/config.js';
import { UsersService } from './users.service.js';

export interface FirstAdmin {
  email: string;
  created: boolean;
  /** Where the generated password was written, if it was generated. */
  passwordFile: string | null;
}

/**
 * On a database with no admin, creates one (ADMIN_EMAIL, ADMIN_PASSWORD or a generated password
 * written to DATA_DIR/admin-password, mode 0600) so that sign-ups can be approved from day one.
 */
export async function ensureFirstAdmin(app: INestApplicationContext, config: AppConfig): Promise<FirstAdmin> {
  const users = app.get(UsersService);
  const passwordFile = join(config.dataDir, SECRET_FILES.adminPassword);
  const existing = (await users.users.activeAdmins())[0];
  if (existing) return { email: existing.email, created: false, passwordFile: existsSync(passwordFile) ? passwordFile : null };
  const given = config.adminPassword;
  const password = given || randomBytes(15).toString('base64url');
  await users.create({
    email: config.adminEmail,
    password,
    fullName: 'Credence Admin',
    companyName: 'Credence',
    jobRole: 'Administrator',
    role: 'admin',
    verified: true,
    approved: true,
  });
  if (given) return { email: config.adminEmail, created: true, passwordFile: null };
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(passwordFile, password + '\n', { mode: 0o600 });
  return { email: config.adminEmail, created: true, passwordFile };
}
