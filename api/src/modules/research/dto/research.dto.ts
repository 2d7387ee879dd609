import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsCik, IsFilled } from '../../../core/validation/decorators.js';
import { QUERY_MAX } from '../../../platform/ai/engine/question.js';

export { QUERY_MAX };
const MODELS = ['flash', 'pro'] as const;
const COMPANY_NUMBER = /^[A-Za-z]{0,2}\d{1,8}$/;
/** Client-chosen chat ids and keys: web uses UUIDs, the terminal short random ids. */
const CHAT_ID = /^[A-Za-z0-9_-]{1,100}$/;
const CHAT_ID_MESSAGE = '$property must be 1 to 100 letters, digits, - or _';

const Query = () => (target: object, property: string) => {
  ApiProperty({ description: 'The question', maxLength: QUERY_MAX })(target, property);
  IsFilled('query must not be empty')(target, property);
  MaxLength(QUERY_MAX, { message: `query must be at most ${QUERY_MAX} characters` })(target, property);
  IsString({ message: 'query must be text' })(target, property);
};

const Optional = (pattern: RegExp, message: string, example: string) => (target: object, property: string) => {
  ApiPropertyOptional({ example })(target, property);
  IsOptional()(target, property);
  Matches(pattern, { message })(target, property);
  IsString({ message })(target, property);
};

const Model = () => (target: object, property: string) => {
  ApiPropertyOptional({ enum: MODELS, default: 'flash' })(target, property);
  IsOptional()(target, property);
  IsIn(MODELS, { message: 'model must be flash or pro' })(target, property);
};

/** `POST /api/research/ask` (docs/architecture.md 8). */
export class AskDto {
  @Query() query!: string;
  @Optional(COMPANY_NUMBER, '$property must be a Companies House company number such as 00445790 or SC123456', '00445790')
  company_number?: string;
  @ApiPropertyOptional({ example: '320193' })
  @IsOptional()
  @IsCik('cik')
  @IsString({ message: 'cik must be an SEC CIK (digits), such as 320193' })
  cik?: string;
  @Optional(CHAT_ID, CHAT_ID_MESSAGE, 'b7c1a2d4-1f7e-4a5e-9d3c-2f1e0a9b8c7d') chat_id?: string;
  @Optional(CHAT_ID, CHAT_ID_MESSAGE, 'k3j2h1') chat_key?: string;
  @Model() model?: 'flash' | 'pro';

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'web_search_enabled must be true or false' })
  web_search_enabled?: boolean;
}

/** `companies_house/generate_thought_process` (spec 3 section 7). */
export class ThoughtProcessDto {
  @Optional(COMPANY_NUMBER, 'company_id must be a Companies House company number such as 00445790 or SC123456', '00445790')
  company_id?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'company_name must be text' })
  @MaxLength(200, { message: 'company_name must be at most 200 characters' })
  company_name?: string;

  @Query() query!: string;
  @Optional(CHAT_ID, CHAT_ID_MESSAGE, 'b7c1a2d4') chat_id?: string;
  @Model() model?: 'flash' | 'pro';
}

/** `companies_house/run_query`. */
export class RunQueryDto extends ThoughtProcessDto {
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'web_search_enabled must be true or false' })
  web_search_enabled?: boolean;
}

export class JobIdQuery {
  @ApiProperty()
  @Matches(/^[A-Za-z0-9_-]{1,100}$/, { message: 'job_id must be the id a job route answered' })
  @IsString({ message: 'job_id is required' })
  job_id!: string;
}

export class ChatIdQuery {
  @ApiProperty()
  @Matches(CHAT_ID, { message: CHAT_ID_MESSAGE })
  @IsString({ message: 'chat_id is required' })
  chat_id!: string;
}

/** `get_chat`: the chat, and optionally where the page of earlier questions ends. */
export class GetChatQuery extends ChatIdQuery {
  @ApiPropertyOptional({ description: "The questions before this one (a page's earlier_before)" })
  @IsOptional()
  @IsUUID('all', { message: 'before must be the earlier_before of a get_chat answer' })
  before?: string;
}

export class ChatMetadataDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) cik?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) company_id?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) company_name?: string | null;
  @Model() model?: 'flash' | 'pro';
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isCurrentChatPDF?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(300) chatPDFFileName?: string | null;
}

/** `POST create_chat_history` (spec 3 section 7). */
export class CreateChatHistoryDto {
  @ApiProperty()
  @Matches(CHAT_ID, { message: CHAT_ID_MESSAGE })
  @IsString({ message: 'chat_id is required' })
  chat_id!: string;

  @Query() query_str!: string;

  @ApiPropertyOptional({ description: 'Tables of the answer (kept as given)' })
  @IsOptional()
  table_data?: unknown;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray({ message: 'thought_process must be a list of steps' })
  @IsString({ each: true, message: 'thought_process must be a list of steps' })
  @MaxLength(2000, { each: true, message: 'a thought_process step must be at most 2000 characters' })
  thought_process?: string[];

  @ApiPropertyOptional({ description: 'The answer (kept as given)' })
  @IsOptional()
  observations?: unknown;

  @ApiPropertyOptional({ example: 'companies-house' })
  @IsOptional()
  @IsIn(['companies-house', 'equity-analysis', 'restructuring', 'equity', 'companies_house', 'equity_analysis'], {
    message: 'chat_category must be companies-house, equity-analysis or restructuring',
  })
  chat_category?: string;

  @ApiPropertyOptional({ type: ChatMetadataDto })
  @IsOptional()
  @IsObject({ message: 'chat_metadata must be an object' })
  @ValidateNested()
  @Type(() => ChatMetadataDto)
  chat_metadata?: ChatMetadataDto;
}

/** Admin: set a user's monthly research allowance. */
export class AdminCreditsDto {
  @ApiProperty({ example: 'analyst@example.com' })
  @IsString({ message: 'email is required' })
  @MaxLength(254)
  email!: string;

  @ApiProperty({ description: 'Answered questions per month', example: 500 })
  @Type(() => Number)
  @IsInt({ message: 'total_credits must be a whole number from 0 to 1000000' })
  @Min(0, { message: 'total_credits must be a whole number from 0 to 1000000' })
  @Max(1_000_000, { message: 'total_credits must be a whole number from 0 to 1000000' })
  total_credits!: number;
}
