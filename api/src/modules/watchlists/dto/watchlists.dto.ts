import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  ValidateBy,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import {
  ALERT_KINDS,
  EMAIL_MODES,
  officerIdOf,
  WATCHLIST_LIMITS,
  watchedCompanyNumber,
  watchedLender,
  type AlertKind,
  type EmailMode,
} from '@credence/shared';

const NAME = /^[^\p{Cc}]+$/u;
const nameMessage = `name must be 1 to ${WATCHLIST_LIMITS.nameLength} characters, without control characters`;
const rulesMessage = `rules must be a list of: ${ALERT_KINDS.join(', ')}`;
const numbersMessage = `company_numbers must be a list of 1 to ${WATCHLIST_LIMITS.perRequest} company numbers (e.g. 00445790, SC123456)`;

export class WatchlistIdParam {
  @ApiProperty()
  @IsUUID('all', { message: 'id must be a watchlist id (from GET /api/watchlists)' })
  id!: string;
}

export class WebhookIdParam {
  @ApiProperty()
  @IsUUID('all', { message: 'id must be a webhook id (from GET /api/webhooks)' })
  id!: string;
}

export class WatchlistsQuery {
  @ApiPropertyOptional({ example: '00445790', description: 'a company number: each list then says whether it holds it (watching)' })
  @IsOptional()
  // the shared rule that reads a number for a list, so what this accepts is what a list holds
  @ValidateBy({
    name: 'isCompanyNumber',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && watchedCompanyNumber(value) !== null,
      defaultMessage: () => 'company must be a company number (e.g. 00445790, SC123456)',
    },
  })
  company?: string;
}

export class CreateWatchlistDto {
  @ApiProperty({ example: 'Borrowers' })
  @Matches(NAME, { message: nameMessage })
  @MaxLength(WATCHLIST_LIMITS.nameLength, { message: nameMessage })
  @MinLength(1, { message: nameMessage })
  @IsString({ message: nameMessage })
  name!: string;

  @ApiPropertyOptional({ enum: ALERT_KINDS, isArray: true, description: 'the alerts this list raises (default: all)' })
  @IsOptional()
  @IsIn(ALERT_KINDS, { each: true, message: rulesMessage })
  @IsArray({ message: rulesMessage })
  rules?: AlertKind[];

  @ApiPropertyOptional({ enum: EMAIL_MODES, description: 'e-mail: off, immediate or a daily digest (default off)' })
  @IsOptional()
  @IsIn(EMAIL_MODES, { message: `email must be one of ${EMAIL_MODES.join(', ')}` })
  email?: EmailMode;
}

/** POST watchlists/:id/update: the list (path) and whichever settings change (body). */
export class UpdateWatchlistDto extends WatchlistIdParam {
  @ApiPropertyOptional()
  @IsOptional()
  @Matches(NAME, { message: nameMessage })
  @MaxLength(WATCHLIST_LIMITS.nameLength, { message: nameMessage })
  @MinLength(1, { message: nameMessage })
  @IsString({ message: nameMessage })
  name?: string;

  @ApiPropertyOptional({ enum: ALERT_KINDS, isArray: true })
  @IsOptional()
  @IsIn(ALERT_KINDS, { each: true, message: rulesMessage })
  @IsArray({ message: rulesMessage })
  rules?: AlertKind[];

  @ApiPropertyOptional({ enum: EMAIL_MODES })
  @IsOptional()
  @IsIn(EMAIL_MODES, { message: `email must be one of ${EMAIL_MODES.join(', ')}` })
  email?: EmailMode;
}

/** POST watchlists/:id/add: the list (path) and the companies (body). */
export class WatchCompaniesDto extends WatchlistIdParam {
  @ApiPropertyOptional({ type: [String], example: ['00445790'] })
  @IsOptional()
  @IsString({ each: true, message: numbersMessage })
  @ArrayMaxSize(WATCHLIST_LIMITS.perRequest, { message: numbersMessage })
  @ArrayMinSize(1, { message: numbersMessage })
  @IsArray({ message: numbersMessage })
  company_numbers?: string[];

  @ApiPropertyOptional({ description: 'a CSV whose company_number column (or first column) holds company numbers' })
  @IsOptional()
  @MaxLength(200_000, { message: 'csv must be at most 200,000 characters (about 15,000 company numbers)' })
  @IsString({ message: 'csv must be the text of a CSV file' })
  csv?: string;
}

/** POST watchlists/:id/remove: the list (path) and the companies (body). */
export class UnwatchCompaniesDto extends WatchlistIdParam {
  @ApiProperty({ type: [String] })
  @IsString({ each: true, message: numbersMessage })
  @ArrayMaxSize(WATCHLIST_LIMITS.perRequest, { message: numbersMessage })
  @ArrayMinSize(1, { message: numbersMessage })
  @IsArray({ message: numbersMessage })
  company_numbers!: string[];
}

export class AlertsQuery {
  @ApiPropertyOptional({ description: 'a span back from now (30m, 12h, 1d, 2w) or an ISO date/time' })
  @IsOptional()
  @MaxLength(40, { message: 'since must be a span (1d, 12h) or a date (2026-11-01)' })
  @IsString({ message: 'since must be a span (1d, 12h) or a date (2026-11-01)' })
  since?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: WATCHLIST_LIMITS.alertsPage })
  @IsOptional()
  @Type(() => Number)
  @Max(WATCHLIST_LIMITS.alertsPage, { message: `limit must be 1 to ${WATCHLIST_LIMITS.alertsPage}` })
  @Min(1, { message: `limit must be 1 to ${WATCHLIST_LIMITS.alertsPage}` })
  @IsInt({ message: `limit must be 1 to ${WATCHLIST_LIMITS.alertsPage}` })
  limit?: number;

  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'unread must be true or false' })
  unread?: 'true' | 'false';
}

export class MarkReadDto {
  @ApiPropertyOptional({ type: [Number], description: 'the alerts to mark read (none: all)' })
  @IsOptional()
  @IsInt({ each: true, message: 'ids must be a list of alert ids' })
  @ArrayMaxSize(WATCHLIST_LIMITS.alertsPage, { message: `ids: at most ${WATCHLIST_LIMITS.alertsPage} at a time` })
  @IsArray({ message: 'ids must be a list of alert ids' })
  ids?: number[];
}

export class AddWebhookDto {
  @ApiProperty({ example: 'https://example.com/credence-alerts' })
  @IsUrl(
    { protocols: ['https', 'http'], require_protocol: true, require_tld: false },
    { message: 'url must be an http(s) address the alerts are posted to, e.g. https://example.com/hooks/credence' },
  )
  @MaxLength(2000, { message: 'url must be at most 2,000 characters' })
  @IsString({ message: 'url must be an http(s) address' })
  url!: string;
}

const lendersMessage = `lenders must be a list of 1 to ${WATCHLIST_LIMITS.namesPerRequest} lender names as charges file them (e.g. "Barclays Bank PLC")`;
const peopleMessage = `officer_ids must be a list of 1 to ${WATCHLIST_LIMITS.namesPerRequest} officer ids (the {id} of /officers/{id}/appointments)`;

/** A list of 1 to namesPerRequest strings each passing `check`; any other value is a 400 with `message`. */
function NameList(name: string, message: string, check: (value: string) => boolean): PropertyDecorator {
  const decorators = [
    ValidateBy(
      { name, validator: { validate: (value: unknown) => typeof value === 'string' && check(value), defaultMessage: () => message } },
      { each: true },
    ),
    IsString({ each: true, message }),
    ArrayMaxSize(WATCHLIST_LIMITS.namesPerRequest, { message }),
    ArrayMinSize(1, { message }),
    IsArray({ message }),
  ];
  // applied last to first, as stacked decorators are: the array check runs first
  return (target, key) => decorators.reduceRight<void>((_, decorate) => decorate(target, key), undefined);
}

/** POST watchlists/:id/lenders/add and /remove: the list (path) and the lenders (body). */
export class WatchLendersDto extends WatchlistIdParam {
  @ApiProperty({ type: [String], example: ['Barclays Bank PLC'] })
  @NameList('isLenderName', `${lendersMessage}: each 1 to 160 characters, without control characters`, (v) => watchedLender(v) !== null)
  lenders!: string[];
}

/** POST watchlists/:id/people/add and /remove: the list (path) and the people's officer ids (body). */
export class WatchPeopleDto extends WatchlistIdParam {
  @ApiProperty({ type: [String], example: ['Dxk8bqS3vJq8mlC9tY1mFh0Z2aE'] })
  @NameList('isOfficerId', `${peopleMessage}: an id is 6 to 64 letters, digits, - or _`, (v) => officerIdOf(v) !== null)
  officer_ids!: string[];
}
