import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Matches, Max, Min } from 'class-validator';
import { IsFileName } from '../../../core/validation/decorators.js';
import { CHAT_KEY, chatKeyMessage } from '../../../platform/ai/chats/chat-key.js';

export class ChatKeyQuery {
  @ApiProperty({ example: 'k3x9' })
  @Matches(CHAT_KEY, { message: chatKeyMessage('chatKey') })
  @IsString({ message: chatKeyMessage('chatKey') })
  chatKey!: string;
}

export class OptionalChatKeyQuery {
  @ApiPropertyOptional({ description: "Only this chat's documents (all the user's documents when absent)" })
  @IsOptional()
  @Matches(CHAT_KEY, { message: chatKeyMessage('chatKey') })
  @IsString({ message: chatKeyMessage('chatKey') })
  chatKey?: string;
}

export class FetchPdfQuery {
  @ApiProperty({ description: "The chat's key (spec 3 calls it chat_id here)" })
  @Matches(CHAT_KEY, { message: chatKeyMessage('chat_id') })
  @IsString({ message: chatKeyMessage('chat_id') })
  chat_id!: string;

  @ApiProperty({ example: 'annual-report.pdf' })
  @IsFileName('pdf_name')
  @IsString({ message: 'pdf_name is required' })
  pdf_name!: string;
}

export class DeletePdfQuery {
  @ApiProperty()
  @Matches(CHAT_KEY, { message: chatKeyMessage('chatKey') })
  @IsString({ message: chatKeyMessage('chatKey') })
  chatKey!: string;

  @ApiProperty({ example: 'annual-report.pdf' })
  @IsFileName('file_name')
  @IsString({ message: 'file_name is required' })
  file_name!: string;
}

export class StartPdfProcessingDto {
  @ApiProperty()
  @Matches(CHAT_KEY, { message: chatKeyMessage('chat_key') })
  @IsString({ message: chatKeyMessage('chat_key') })
  chat_key!: string;

  @ApiPropertyOptional({ example: 'restructuring' })
  @IsOptional()
  @Matches(/^[a-z_-]{1,40}$/, { message: 'workflow_category must be a category name such as restructuring' })
  @IsString({ message: 'workflow_category must be text' })
  workflow_category?: string;
}

/** No upload has more pages (UPLOAD_MAX_PAGES goes up to 100,000): a larger number is no page at all. */
const MAX_PAGE_NUMBER = 100_000;
const PAGE_MESSAGE = `page must be a whole number from 1 to ${MAX_PAGE_NUMBER}`;

export class PdfPageQuery {
  @ApiProperty()
  @IsUUID('all', { message: 'document_id must be a document id (a UUID from fetch_pdf_list)' })
  document_id!: string;

  @ApiProperty({ minimum: 1, maximum: MAX_PAGE_NUMBER })
  @Type(() => Number)
  @Max(MAX_PAGE_NUMBER, { message: PAGE_MESSAGE })
  @Min(1, { message: PAGE_MESSAGE })
  @IsInt({ message: PAGE_MESSAGE })
  page!: number;
}
