import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_ROUTES, type SessionClaims } from '@credence/shared';
import { CurrentUser } from '../../../core/auth/current-user.decorator.js';
import { PerUserRateLimit } from '../../../core/rate-limit/user-rate-limit.js';
import { AcceptsBody } from '../../../core/security/body-type.guard.js';
import { readPdfChatFields } from './pdf-chat-fields.js';
import { PdfChatThoughtProcessDto, ReadFileAndQueryDto } from './pdf-chat.dto.js';
import { PdfChatService } from './pdf-chat.service.js';

const FIELDS = {
  chatKey: { type: 'string' },
  query: { type: 'string' },
  fileName: { type: 'string' },
  model: { type: 'string', enum: ['flash', 'pro'] },
};

/** Spec 3 PDF chat: plan, then answer, over the PDFs uploaded to a chat (docs/architecture.md 9). */
@ApiTags('Documents')
@ApiBearerAuth()
@Controller()
export class PdfChatController {
  constructor(@Inject(PdfChatService) private readonly pdfChat: PdfChatService) {}

  @Post(DOCUMENT_ROUTES.pdfChatThoughtProcess)
  @HttpCode(200)
  @AcceptsBody('multipart/form-data')
  @PerUserRateLimit('query')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ schema: { type: 'object', required: ['chatKey', 'query'], properties: FIELDS } })
  @ApiOperation({
    summary: "The plan of an answer over the chat's PDFs: {thought_process}",
    description: "404 when the chat has no PDFs of the caller's (or not the one named in fileName).",
  })
  async thoughtProcess(@Req() request: FastifyRequest, @CurrentUser() user: SessionClaims) {
    return this.pdfChat.thoughtProcess(user, await readPdfChatFields(request, PdfChatThoughtProcessDto));
  }

  @Post(DOCUMENT_ROUTES.readFileAndQuery)
  @HttpCode(200)
  @AcceptsBody('multipart/form-data')
  @PerUserRateLimit('query')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['chatKey', 'query'],
      properties: { ...FIELDS, thoughtProcess: { type: 'string', description: 'JSON array of the plan steps' } },
    },
  })
  @ApiOperation({
    summary:
      "Answer a question from the chat's PDFs: {chat_id, observations, table_data, thought_process, answer}; citations carry page, quote and boxes",
    description:
      "Stored in the chat (get_chat restores it); uses a credit. 404 for another user's chat or documents; 402 with no credit left.",
  })
  async readFileAndQuery(@Req() request: FastifyRequest, @CurrentUser() user: SessionClaims) {
    return this.pdfChat.readFileAndQuery(user, await readPdfChatFields(request, ReadFileAndQueryDto));
  }
}
