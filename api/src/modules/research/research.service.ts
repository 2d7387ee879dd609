import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RESEARCH_TEXTS, type ChatCategory, type ResearchModel, type ResearchStreamEvent, type SessionClaims } from '@credence/shared';
import { CHAT_NOT_FOUND, ChatsRepository } from '../../platform/ai/chats/chats.repository.js';
import type { ResearchChat } from '../../platform/ai/chats/chat.entity.js';
import { CreditsService, type CreditReservation } from '../../platform/ai/credits/credits.service.js';
import type { AskDto } from './dto/research.dto.js';
import { RESEARCH_ENGINES, type ResearchEngines } from '../../platform/ai/engine/engines.js';
import type { RecordingEmitter, ResearchRequest } from '../../platform/ai/engine/types.js';
import { describe, finishAnswer } from '../../platform/ai/jobs/answer-shape.js';
import { eventId, parseEventId, type ResearchStream } from '../../platform/ai/stream/research-stream.js';
import { StreamRegistry } from '../../platform/ai/stream/stream-registry.js';

const HISTORY_TURNS = 5;

/** Where a request's events come from: a stream in this process, or an answer already stored. */
export type AskSource = { kind: 'live'; stream: ResearchStream; afterSeq: number } | { kind: 'stored'; events: ResearchStreamEvent[] };

export function chatCategory(dto: { cik?: string }): ChatCategory {
  return dto.cik ? 'equity-analysis' : 'companies-house';
}

/**
 * `POST /api/research/ask`: starts an answer (or finds the one a client resumes), runs the engine
 * with the stream as its emitter, and when the engine is done stores the question and the whole
 * answer in the chat and sends `done`, all or nothing. A credit is reserved before the work and
 * kept only once the answer is stored (a failure or a client gone for good gives it back).
 */
@Injectable()
export class ResearchService {
  private readonly logger = new Logger('Research');

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(ChatsRepository) private readonly chats: ChatsRepository,
    @Inject(CreditsService) private readonly credits: CreditsService,
    @Inject(StreamRegistry) private readonly registry: StreamRegistry,
    @Inject(RESEARCH_ENGINES) private readonly engines: ResearchEngines,
  ) {}

  async ask(user: SessionClaims, dto: AskDto, lastEventId?: string): Promise<AskSource> {
    const resumed = await this.resume(user, lastEventId);
    if (resumed) return resumed;
    const chat = dto.chat_id ? await this.chats.findByChatId(dto.chat_id) : null;
    if (chat && chat.userId !== user.sub) throw new NotFoundException(CHAT_NOT_FOUND);
    const credit = await this.credits.reserve(user.sub);
    let request: ResearchRequest;
    try {
      request = await this.request(user, dto, chat);
    } catch (error) {
      await credit.refund();
      throw error;
    }
    const stream = this.registry.create(user.sub);
    void this.run(stream, request, dto, credit);
    return { kind: 'live', stream, afterSeq: 0 };
  }

  /**
   * A client reconnecting with Last-Event-ID: the events after it from the stream in memory, or the
   * stored answer once the stream has left memory. Another user's stream is a 404. An id this
   * process never saw and no stored answer (a stream that was stopped): answered afresh.
   */
  private async resume(user: SessionClaims, lastEventId?: string): Promise<AskSource | null> {
    const last = parseEventId(lastEventId);
    if (!last) return null;
    const stream = this.registry.get(last.streamId);
    if (stream) {
      if (stream.userId !== user.sub) throw new NotFoundException(CHAT_NOT_FOUND);
      this.registry.resumed(stream);
      return { kind: 'live', stream, afterSeq: last.seq };
    }
    const stored = await this.chats.messageOfStream(last.streamId);
    if (!stored) return null;
    if (stored.chat.userId !== user.sub) throw new NotFoundException(CHAT_NOT_FOUND);
    const seq = stored.message.lastSeq ?? 1;
    if (last.seq >= seq) return { kind: 'stored', events: [] };
    const answer = stored.message.observations;
    return { kind: 'stored', events: [{ type: 'done', id: eventId(last.streamId, seq), data: { chat_id: stored.chat.chatId, answer } }] };
  }

  private async request(user: SessionClaims, dto: AskDto, chat: ResearchChat | null): Promise<ResearchRequest> {
    const earlier = chat ? await this.chats.recentMessages(chat, HISTORY_TURNS) : [];
    return {
      query: dto.query.trim(),
      companyNumber: dto.company_number?.trim().toUpperCase(),
      cik: dto.cik,
      chatId: dto.chat_id ?? crypto.randomUUID(),
      chatKey: dto.chat_key,
      model: (dto.model ?? 'flash') as ResearchModel,
      webSearch: dto.web_search_enabled ?? true,
      user: { id: user.sub, role: user.role },
      history: earlier.map((m) => ({ query: m.queryStr, answer: m.observations?.text ?? '' })),
    };
  }

  /** The credit reserved for it is committed once the answer is stored, else (failure, the client gone) refunded. */
  private async run(stream: ResearchStream, request: ResearchRequest, dto: AskDto, credit: CreditReservation): Promise<void> {
    try {
      const engine = this.engines.engine;
      const emitter: RecordingEmitter = {
        emit: (event) => stream.push(event),
        signal: stream.signal,
        engineInfo: (info) => stream.engineInfo(info),
        declined: (declined) => stream.declined(declined),
      };
      await engine.answer(request, emitter);
      if (stream.signal.aborted) return;
      const answer = finishAnswer({ engine: { engine: engine.name }, ...stream.answer });
      const doneSeq = stream.upcomingSeq;
      await this.db.transaction(async (manager) => {
        const chat = await this.chats.ensure(
          {
            chatId: request.chatId,
            userId: request.user.id,
            chatCategory: chatCategory(dto),
            chatMetadata: {
              company_id: request.companyNumber ?? null,
              cik: request.cik ?? null,
              model: request.model,
              ...(request.chatKey ? { chat_key: request.chatKey } : {}),
            },
            queryStr: request.query,
          },
          manager,
        );
        if (!chat) throw new NotFoundException(CHAT_NOT_FOUND);
        await this.chats.addMessage(
          chat,
          {
            queryStr: request.query,
            thoughtProcess: answer.thoughtProcess,
            observations: answer,
            tableData: answer.tables,
            streamId: stream.id,
            lastSeq: doneSeq,
          },
          manager,
        );
      });
      await credit.commit();
      stream.push({ type: 'done', data: { chat_id: request.chatId, answer } });
    } catch (error) {
      if (!stream.signal.aborted) {
        this.logger.error(`research answer failed: ${describe(error)}`);
        const message = error instanceof NotFoundException ? CHAT_NOT_FOUND : RESEARCH_TEXTS.chatFailure;
        stream.push({ type: 'error', data: { message } });
      }
    } finally {
      await credit.refund();
      stream.end();
    }
  }
}
