import { Body, Controller, HttpCode, Inject, Param, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type {
  AccessTokenResponse,
  AuthProvidersResponse,
  CurrentUserResponse,
  MessageResponse,
  SessionClaims,
  UserByTokenResponse,
} from '@credence/shared';
import { CurrentUser } from '../../core/auth/current-user.decorator.js';
import { Route } from '../../core/contracts/route.js';
import { Public, Roles } from '../../core/auth/public.decorator.js';
import { FormThrottlerGuard } from '../../core/rate-limit/rate-limit.module.js';
import { AuthService, type ClientInfo } from './auth.service.js';
import {
  GoogleLoginDto,
  LinkTokenParams,
  LoginDto,
  MicrosoftLoginDto,
  RequestResetDto,
  ResetPasswordDto,
  SignupDto,
} from './dto/auth.dto.js';
import { OAuthService } from './oauth.service.js';

function client(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

@ApiTags('accounts')
@Controller()
export class AuthController {
  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(OAuthService) private readonly oauth: OAuthService,
  ) {}

  @Route('POST signup')
  @Public()
  @UseGuards(FormThrottlerGuard)
  @ApiOperation({ summary: 'Create an account; mails a verification link' })
  signup(@Body() dto: SignupDto): Promise<MessageResponse> {
    return this.auth.signup(dto);
  }

  @Route('POST verify/:token')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Verify the e-mail address; mails the admins an approval link' })
  verify(@Param() params: LinkTokenParams): Promise<MessageResponse> {
    return this.auth.verifyEmail(params.token);
  }

  @Route('GET user_by_token/:token')
  @Roles('admin')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The applicant behind an approval link (admins only)' })
  userByToken(@Param() params: LinkTokenParams): Promise<UserByTokenResponse> {
    return this.auth.approvalRecord(params.token);
  }

  @Route('POST approve/:token')
  @Roles('admin')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Approve the applicant of an approval link (admins only); mails them' })
  approve(@Param() params: LinkTokenParams, @CurrentUser() admin: SessionClaims): Promise<MessageResponse> {
    return this.auth.approve(params.token, admin);
  }

  @Route('POST login')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with e-mail and password; answers an access token' })
  login(@Body() dto: LoginDto, @Req() request: FastifyRequest): Promise<AccessTokenResponse> {
    return this.auth.login(dto, client(request));
  }

  @Route('POST logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'End this session: its token stops working at once' })
  logout(@CurrentUser() claims: SessionClaims): Promise<MessageResponse> {
    return this.auth.logout(claims);
  }

  @Route('GET me')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Who the session token belongs to' })
  me(@CurrentUser() claims: SessionClaims): CurrentUserResponse {
    return {
      id: claims.sub,
      email: claims.email,
      full_name: claims.full_name,
      company_name: claims.company_name,
      role: claims.role,
      session_expires_at: new Date(claims.exp * 1000).toISOString(),
    };
  }

  @Route('POST request-reset')
  @Public()
  @HttpCode(200)
  @UseGuards(FormThrottlerGuard)
  @ApiOperation({ summary: 'Mail a password reset link; answers the same whether or not the account exists' })
  requestReset(@Body() dto: RequestResetDto): Promise<MessageResponse> {
    return this.auth.requestReset(dto.email);
  }

  @Route('POST reset-password')
  @Public()
  @HttpCode(200)
  @UseGuards(FormThrottlerGuard)
  @ApiOperation({ summary: 'Set a new password with the token of a reset link; ends every session' })
  resetPassword(@Body() dto: ResetPasswordDto): Promise<MessageResponse> {
    return this.auth.resetPassword(dto);
  }

  @Route('GET auth/providers')
  @Public()
  @ApiOperation({
    summary: 'The sign-in providers configured here (Google, Microsoft) with their public client ids and addresses; null when off',
  })
  providers(): AuthProvidersResponse {
    return this.oauth.providers();
  }

  @Route('POST auth/google')
  @Public()
  @HttpCode(200)
  @UseGuards(FormThrottlerGuard)
  @ApiOperation({ summary: 'Sign in with a Google access token' })
  google(@Body() dto: GoogleLoginDto, @Req() request: FastifyRequest): Promise<AccessTokenResponse> {
    return this.oauth.google(dto.oauth_token, client(request));
  }

  @Route('POST auth/microsoft')
  @Public()
  @HttpCode(200)
  @UseGuards(FormThrottlerGuard)
  @ApiOperation({ summary: 'Sign in with a Microsoft authorization code' })
  microsoft(@Body() dto: MicrosoftLoginDto, @Req() request: FastifyRequest): Promise<AccessTokenResponse> {
    return this.oauth.microsoft(dto.code, client(request));
  }
}
