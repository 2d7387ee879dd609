import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { ACCOUNT_MESSAGES } from '@credence/shared';
import { IsEmailAddress, IsFilled, IsNewPassword } from '../../../core/validation/decorators.js';

const TEXT_MAX = 200;
const tooLong = (field: string) => `${field} must be at most ${TEXT_MAX} characters`;

/** Fields in the spec's order of checks: the first failure is the one answered. */
export class SignupDto {
  @ApiProperty({ example: 'ada@example.com' })
  @IsEmailAddress(ACCOUNT_MESSAGES.invalidEmail)
  email!: string;

  @ApiProperty({ example: 'Ada Lovelace' })
  @MaxLength(TEXT_MAX, { message: tooLong('full_name') })
  @IsFilled(ACCOUNT_MESSAGES.fullNameRequired)
  full_name!: string;

  @ApiProperty({ example: 'Analytical Engines Ltd' })
  @MaxLength(TEXT_MAX, { message: tooLong('company_name') })
  @IsFilled(ACCOUNT_MESSAGES.companyNameRequired)
  company_name!: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @IsNewPassword()
  password!: string;

  @ApiPropertyOptional({ default: 'Default Role' })
  @IsOptional()
  @MaxLength(TEXT_MAX, { message: tooLong('job_role') })
  @IsString({ message: 'job_role must be text' })
  job_role?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(500, { message: 'linkedin_url must be at most 500 characters' })
  @IsString({ message: 'linkedin_url must be text' })
  linkedin_url?: string;
}

export class LoginDto {
  @ApiProperty({ example: 'ada@example.com' })
  @IsEmailAddress(ACCOUNT_MESSAGES.invalidEmail)
  email!: string;

  @ApiProperty()
  @IsFilled(ACCOUNT_MESSAGES.passwordRequired)
  password!: string;
}

export class RequestResetDto {
  @ApiProperty({ example: 'ada@example.com' })
  @IsEmailAddress(ACCOUNT_MESSAGES.invalidEmail)
  @IsFilled(ACCOUNT_MESSAGES.emailRequired)
  email!: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'The token of the /reset-password/<token> link' })
  @IsFilled(ACCOUNT_MESSAGES.resetLinkInvalid)
  token!: string;

  @ApiProperty()
  @IsEmailAddress(ACCOUNT_MESSAGES.invalidEmail)
  @IsFilled(ACCOUNT_MESSAGES.emailRequired)
  email!: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @IsNewPassword()
  password!: string;
}

export class GoogleLoginDto {
  @ApiProperty({ description: "Google OAuth access token (scope 'email profile')" })
  @IsFilled('oauth_token is required: the access token Google gave the browser')
  oauth_token!: string;

  @ApiPropertyOptional({ description: 'The profile the browser fetched; the server fetches its own copy and trusts only that.' })
  @IsOptional()
  @IsObject({ message: 'user_info must be an object' })
  user_info?: Record<string, unknown>;
}

export class MicrosoftLoginDto {
  @ApiProperty({ description: 'The authorization code Microsoft returned to /login' })
  @IsFilled('code is required: the authorization code from the Microsoft sign-in redirect')
  code!: string;
}

/** The `:token` of a verification, approval or reset link. */
export class LinkTokenParams {
  @ApiProperty({ description: 'The token of the link' })
  @MaxLength(TEXT_MAX, { message: tooLong('token') })
  @IsString({ message: 'token must be text' })
  token!: string;
}
