import { Body, Controller, Headers, HttpCode, Inject, NotFoundException, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RESEARCH_ROUTES, type ModelAccessInfo, type SessionClaims } from '@credence/shared';
import { CurrentUser } from '../../core/auth/current-user.decorator.js';
import { Roles } from '../../core/auth/public.decorator.js';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { openEventStream } from '../../core/sse/sse-writer.js';
import { PerUserRateLimit } from '../../core/rate-limit/user-rate-limit.js';
import { UsersRepository } from '../../core/users/users.repository.js';
import { ChatsService } from './chats/chats.service.js';
import { CreditsService } from '../../platform/ai/credits/credits.service.js';
import {
  AdminCreditsDto,
  AskDto,
  ChatIdQuery,
  CreateChatHistoryDto,
  GetChatQuery,
  JobIdQuery,
  RunQueryDto,
  ThoughtProcessDto,
} from './dto/research.dto.js';
import { ResearchJobsService } from './research-jobs.service.js';
import { ResearchService, type AskSource } from './research.service.js';
import { Route } from '../../core/contracts/route.js';

@ApiTags('AI research')
@ApiBearerAuth()
@Controller()
export class ResearchController {
  constructor(
    @Inject(ResearchService) private readonly research: ResearchService,
    @Inject(ChatsService) private readonly chats: ChatsService,
    @Inject(CreditsService) private readonly credits: CreditsService,
    @Inject(ResearchJobsService) private readonly jobs: ResearchJobsService,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(RESEARCH_ROUTES.ask)
  @HttpCode(200)
  @PerUserRateLimit('query')
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description: 'Events `id: <stream>:<n>`, `event: <type>`, `data: <JSON>` (docs/architecture.md 8)',
    content: { 'text/event-stream': { schema: { type: 'string', example: 'id: 1f0c...:1\nevent: plan\ndata: {"steps":["..."]}\n\n' } } },
  })
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'Resume a dropped stream after this event (same body)' })
  @ApiOperation({
    summary: 'Ask a question: Server-Sent Events plan, step, text, table, citation, related, then done (or error)',
    description:
      'Each event has an id `<stream>:<seq>`; re-POST the same body with Last-Event-ID to get the rest. A heartbeat comment every 15 s. ' +
      "A client gone for longer than RESEARCH_RESUME_GRACE_MS stops the work (no credit used). 402 when no credit is left, 404 for another user's chat.",
  })
  async ask(
    @Body() dto: AskDto,
    @CurrentUser() user: SessionClaims,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const source = await this.research.ask(user, dto, lastEventId);
    this.stream(reply, source);
  }

  private stream(reply: FastifyReply, source: AskSource): void {
    let detach: () => void = () => undefined;
    const writer = openEventStream(reply, this.config.research.heartbeatMs, () => detach());
    if (source.kind === 'stored') {
      for (const event of source.events) writer.send(event);
      writer.end();
      return;
    }
    let ended = false;
    const detached = source.stream.attach(source.afterSeq, {
      event: (event) => writer.send(event),
      end: () => {
        ended = true;
        writer.end();
      },
    });
    if (ended) return;
    detach = detached;
  }

  @Route('POST companies_house/generate_thought_process')
  @HttpCode(200)
  @PerUserRateLimit('query')
  @ApiOperation({ summary: 'Start a job that plans the answer: {job_id}; result {thought_process, error?}' })
  thoughtProcess(@Body() dto: ThoughtProcessDto, @CurrentUser() user: SessionClaims) {
    return this.jobs.start(user, 'thought-process', dto);
  }

  @Route('POST companies_house/run_query')
  @HttpCode(200)
  @PerUserRateLimit('query')
  @ApiOperation({
    summary:
      'Start a job that answers the question: {job_id}; result {answer: {observations, table_data, text, citations}, ...}. Uses a credit.',
  })
  runQuery(@Body() dto: RunQueryDto, @CurrentUser() user: SessionClaims) {
    return this.jobs.start(user, 'run-query', dto);
  }

  @Route('GET check_query')
  @ApiOperation({ summary: "A job's status: pending, running, completed (with result) or failed (with error). Poll every 2 s." })
  checkQuery(@Query() q: JobIdQuery, @CurrentUser() user: SessionClaims) {
    return this.jobs.check(user, q.job_id);
  }

  @Route('POST create_chat_history')
  @HttpCode(200)
  @PerUserRateLimit('chats')
  @ApiOperation({
    summary: 'Create a chat (or update its metadata); with observations, keep a question and its answer',
    description: '400 naming the field past CHAT_MESSAGE_MAX_KB (an answer) or CHAT_MAX_MESSAGES (questions in a chat).',
  })
  createChatHistory(@Body() dto: CreateChatHistoryDto, @CurrentUser() user: SessionClaims) {
    return this.chats.create(user, dto);
  }

  @Route('GET get_chat')
  @PerUserRateLimit('chats')
  @ApiOperation({
    summary: 'One chat with its latest questions and their answers exactly as they streamed',
    description: 'At most GET_CHAT_MAX_KB of questions (always the latest); earlier_before, when set, pages back through before=.',
  })
  getChat(@Query() q: GetChatQuery, @CurrentUser() user: SessionClaims) {
    return this.chats.get(user, q.chat_id, q.before);
  }

  @Route('GET get_chat_history')
  @ApiOperation({ summary: "The user's chats, most recently used first" })
  history(@CurrentUser() user: SessionClaims) {
    return this.chats.history(user);
  }

  @Route('GET delete_chat')
  @ApiOperation({ summary: 'Delete a chat and its answers' })
  deleteChat(@Query() q: ChatIdQuery, @CurrentUser() user: SessionClaims) {
    return this.chats.delete(user, q.chat_id);
  }

  @Route('GET model_access_info')
  @ApiOperation({
    summary: 'Research credits: {accessed_count, total_credits} this month, and model_configured (false: the built-in analyst answers)',
  })
  async modelAccessInfo(@CurrentUser() user: SessionClaims): Promise<ModelAccessInfo> {
    return { ...(await this.credits.info(user.sub)), model_configured: this.config.llm !== null };
  }

  @Route('POST admin/users/credits')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({ summary: "Admin: set a user's monthly research allowance; answers their credits" })
  async adminCredits(@Body() dto: AdminCreditsDto) {
    const user = await this.users.findByEmail(dto.email.trim().toLowerCase());
    if (!user) throw new NotFoundException(`No account with the e-mail ${dto.email}.`);
    return this.credits.setAllowance(user.id, dto.total_credits);
  }
}
