import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { hashLinkToken, isWellFormedLinkToken, newLinkToken } from '../../core/security/link-tokens.js';
import type { TokenPurpose } from './account-token.entity.js';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify: 48 * 3600_000,
  approve: 14 * 24 * 3600_000,
  reset: 3600_000,
};

export interface TokenState {
  userId: string;
  used: boolean;
  expired: boolean;
}

/** E-mailed link tokens: random, stored hashed, single-use, expiring. */
@Injectable()
export class AccountTokensRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async issue(userId: string, purpose: TokenPurpose, manager?: EntityManager): Promise<string> {
    const token = newLinkToken();
    await (manager ?? this.db).query(`INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4)`, [
      userId,
      purpose,
      hashLinkToken(token),
      new Date(Date.now() + TOKEN_TTL_MS[purpose]),
    ]);
    return token;
  }

  /** Marks the token used and answers its user, or null if it is unknown, used or expired. Atomic. */
  async consume(token: string, purpose: TokenPurpose, manager?: EntityManager): Promise<string | null> {
    if (!isWellFormedLinkToken(token)) return null;
    const rows = await (manager ?? this.db).query(
      // A CTE, so TypeORM answers plain rows (for a bare UPDATE it answers [rows, count]).
      `WITH used AS (
         UPDATE account_tokens SET used_at = now()
          WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
          RETURNING user_id)
       SELECT user_id FROM used`,
      [hashLinkToken(token), purpose],
    );
    return rows[0]?.user_id ?? null;
  }

  async inspect(token: string, purpose: TokenPurpose, manager?: EntityManager): Promise<TokenState | null> {
    if (!isWellFormedLinkToken(token)) return null;
    const [row] = await (manager ?? this.db).query(
      `SELECT user_id, used_at IS NOT NULL AS used, expires_at <= now() AS expired
         FROM account_tokens WHERE token_hash = $1 AND purpose = $2`,
      [hashLinkToken(token), purpose],
    );
    return row ? { userId: row.user_id, used: row.used, expired: row.expired } : null;
  }

  /** Voids a user's other open tokens of a kind (after a reset, or once approved). */
  async voidAll(userId: string, purpose: TokenPurpose, manager?: EntityManager): Promise<void> {
    await (manager ?? this.db).query(`UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [
      userId,
      purpose,
    ]);
  }
}
