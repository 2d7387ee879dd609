/**
 * The PDF chat calls of spec 3 (`generate_thought_process_pdf_chat`, `read_file_and_query`): sent
 * as multipart/form-data fields as the spec says, or as JSON. Whitelisted: an unknown field is a
 * 400 naming it.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsFileName, IsFilled } from '../../../core/validation/decorators.js';
import { CHAT_KEY, chatKeyMessage } from '../../../platform/ai/chats/chat-key.js';
import { QUERY_MAX } from '../../../platform/ai/engine/question.js';

export const PLAN_STEPS_MAX = 30;
export const PLAN_STEP_MAX = 1000;

export class PdfChatThoughtProcessDto {
  @ApiProperty({ description: "The chat's key (the documents were uploaded with it)", example: 'k3x9' })
  @Matches(CHAT_KEY, { message: chatKeyMessage('chatKey') })
  @IsString({ message: chatKeyMessage('chatKey') })
  chatKey!: string;

  @ApiProperty({ description: 'The question', maxLength: QUERY_MAX })
  @IsFilled('query must not be empty')
  @MaxLength(QUERY_MAX, { message: `query must be at most ${QUERY_MAX} characters` })
  @IsString({ message: 'query must be text' })
  query!: string;

  @ApiPropertyOptional({ description: "Only this one of the chat's PDFs (all of them when absent)", example: 'annual-report.pdf' })
  @IsOptional()
  @IsFileName('fileName')
  @IsString({ message: 'fileName must be a file name' })
  fileName?: string;

  @ApiPropertyOptional({ enum: ['flash', 'pro'], default: 'flash' })
  @IsOptional()
  @IsIn(['flash', 'pro'], { message: 'model must be flash or pro' })
  model?: 'flash' | 'pro';
}

export class ReadFileAndQueryDto extends PdfChatThoughtProcessDto {
  @ApiPropertyOptional({
    description: 'The plan as the user saw or edited it: a JSON array of strings (multipart) or an array (JSON)',
    type: [String],
  })
  @IsOptional()
  @IsString({ each: true, message: 'thoughtProcess must be a list of steps (text)' })
  @MaxLength(PLAN_STEP_MAX, { each: true, message: `thoughtProcess must be a list of steps, each at most ${PLAN_STEP_MAX} characters` })
  @IsArray({ message: 'thoughtProcess must be a list of steps (a JSON array of strings)' })
  thoughtProcess?: string[];
}
