import { createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { ROLES, type SessionClaims } from '@credence/shared';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { JWT_ALGORITHM } from './access-tokens.js';

const CACHE_MAX = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies access tokens: HS256 only, issuer, audience, expiry and the claims' shape. The exact
 * token strings already verified are remembered (expiry is still checked on every use), so the
 * hot path of an authenticated request costs a map lookup rather than a signature check.
 */
@Injectable()
export class TokenVerifier {
  private readonly key: KeyObject;
  private readonly verified = new Map<string, SessionClaims>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    // A KeyObject: given a string, jsonwebtoken first tries to parse it as a public key, every time.
    this.key = createSecretKey(Buffer.from(config.jwtSecret));
  }

  verify(token: string): SessionClaims | null {
    const cached = this.verified.get(token);
    if (cached) return cached.exp * 1000 > Date.now() ? cached : null;
    let claims: SessionClaims;
    try {
      claims = jwt.verify(token, this.key, {
        algorithms: [JWT_ALGORITHM],
        issuer: this.config.jwtIssuer,
        audience: this.config.jwtAudience,
      }) as SessionClaims;
    } catch {
      return null;
    }
    const wellFormed =
      typeof claims.sub === 'string' &&
      UUID.test(claims.sub) &&
      typeof claims.jti === 'string' &&
      UUID.test(claims.jti) &&
      typeof claims.exp === 'number' &&
      ROLES.includes(claims.role);
    if (!wellFormed) return null;
    if (this.verified.size >= CACHE_MAX) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }
}
