/** The equity data-insights calls of spec 3 section 7: a US company (CIK) and a question. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsCik, IsFilled } from '../../../core/validation/decorators.js';
import { QUERY_MAX } from '../../../platform/ai/engine/question.js';

const CHAT_ID = /^[A-Za-z0-9_-]{1,100}$/;

export class EquityQueryDto {
  @ApiProperty({ description: "The US company's SEC CIK", example: '320193' })
  @IsCik('company_id')
  @IsString({ message: 'company_id must be an SEC CIK (digits), e.g. 320193' })
  company_id!: string;

  @ApiProperty({ description: 'The question', maxLength: QUERY_MAX })
  @IsFilled('query must not be empty')
  @MaxLength(QUERY_MAX, { message: `query must be at most ${QUERY_MAX} characters` })
  @IsString({ message: 'query must be text' })
  query!: string;
}

export class EquityJobDto extends EquityQueryDto {
  @ApiPropertyOptional({ example: 'b7c1a2d4' })
  @IsOptional()
  @Matches(CHAT_ID, { message: 'chat_id must be 1 to 100 letters, digits, - or _' })
  @IsString({ message: 'chat_id must be 1 to 100 letters, digits, - or _' })
  chat_id?: string;
}
