import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { BodyTypeGuard } from '../security/body-type.guard.js';
import { AccessTokens } from './access-tokens.js';
import { RolesGuard, SessionGuard } from './guards.js';
import { TokenVerifier } from './token-verifier.js';
import { SessionRegistry } from './session-registry.js';

@Global()
@Module({
  imports: [JwtModule.registerAsync({ inject: [APP_CONFIG], useFactory: (config: AppConfig) => ({ secret: config.jwtSecret }) })],
  providers: [
    AccessTokens,
    SessionRegistry,
    TokenVerifier,
    { provide: APP_GUARD, useClass: BodyTypeGuard },
    { provide: APP_GUARD, useClass: SessionGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [AccessTokens, SessionRegistry, TokenVerifier],
})
export class AuthCoreModule {}
