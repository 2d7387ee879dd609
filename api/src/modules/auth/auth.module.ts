import { Module } from '@nestjs/common';
import { UsersModule } from '../../core/users/users.module.js';
import { AccountTokensRepository } from './account-tokens.repository.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { OAuthService } from './oauth.service.js';

@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [AuthService, OAuthService, AccountTokensRepository],
  exports: [AuthService],
})
export class AuthModule {}
