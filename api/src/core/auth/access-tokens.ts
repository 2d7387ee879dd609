import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Role, SessionClaims } from '@credence/shared';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

export const JWT_ALGORITHM = 'HS256';

export interface TokenSubject {
  id: string;
  email: string;
  fullName: string;
  companyName: string;
  role: Role;
}

/** Signs access tokens: HS256 only, with issuer, audience, expiry and the session id as jti. */
@Injectable()
export class AccessTokens {
  constructor(
    @Inject(JwtService) private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get ttlSeconds(): number {
    return this.config.sessionTtlSeconds;
  }

  sign(user: TokenSubject, sessionId: string): string {
    const claims: Omit<SessionClaims, 'exp' | 'iat' | 'sub' | 'jti'> = {
      full_name: user.fullName,
      email: user.email,
      company_name: user.companyName,
      role: user.role,
    };
    return this.jwt.sign(claims, {
      algorithm: JWT_ALGORITHM,
      subject: user.id,
      jwtid: sessionId,
      expiresIn: this.config.sessionTtlSeconds,
      issuer: this.config.jwtIssuer,
      audience: this.config.jwtAudience,
    });
  }
}
