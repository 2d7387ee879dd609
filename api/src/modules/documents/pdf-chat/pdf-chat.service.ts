/**
 * PDF chat (spec 3 sections 4 and 7): the plan of an answer over a chat's uploaded PDFs, then the
 * answer itself, by the same engine and evidence checker as the stream (`research/ask` with
 * `chat_key`), stored in the chat like a streamed answer so `get_chat` restores it. The documents
 * are the caller's: another user's chat key or file name is a 404, whoever asks.
 */
import { Inject, Injectable, InternalServerErrorException, Logger, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DOCUMENT_TEXTS,
  emptyResearchAnswer,
  isValidPlan,
  reduceResearchAnswer,
  RESEARCH_TEXTS,
  type PdfChatAnswer,
  type PdfChatThoughtProcess,
  type ResearchAnswer,
  type SessionClaims,
  type UploadedPdf,
} from '@credence/shared';
import { describe, finishAnswer } from '../../../platform/ai/jobs/answer-shape.js';
import { CHAT_NOT_FOUND, ChatsRepository } from '../../../platform/ai/chats/chats.repository.js';
import { CreditsService } from '../../../platform/ai/credits/credits.service.js';
import { RESEARCH_ENGINES, type ResearchEngines } from '../../../platform/ai/engine/engines.js';
import { DocumentAnswerer } from '../answers/document-answer.js';
import type { RecordingEmitter, ResearchRequest } from '../../../platform/ai/engine/types.js';
import type { PdfChatThoughtProcessDto, ReadFileAndQueryDto } from './pdf-chat.dto.js';

export const NO_DOCUMENTS = 'No PDFs have been uploaded to this chat: upload them with upload_pdf first.';
const HISTORY_TURNS = 5;
/** A PDF chat names at most this many of the files it read in its metadata (the lists show two and "+ N more"). */
const MAX_LISTED_FILES = 50;

@Injectable()
export class PdfChatService {
  private readonly logger = new Logger('PdfChat');

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(ChatsRepository) private readonly chats: ChatsRepository,
    @Inject(CreditsService) private readonly credits: CreditsService,
    @Inject(RESEARCH_ENGINES) private readonly engines: ResearchEngines,
    @Inject(DocumentAnswerer) private readonly documentAnalyst: DocumentAnswerer,
  ) {}

  async thoughtProcess(user: SessionClaims, dto: PdfChatThoughtProcessDto): Promise<PdfChatThoughtProcess> {
    const request = await this.request(user, dto);
    const docs = await this.documents(request, dto);
    const plan = this.documentAnalyst.plan(request, docs);
    return isValidPlan(plan)
      ? { thought_process: plan }
      : { thought_process: [RESEARCH_TEXTS.genericPlan], error: RESEARCH_TEXTS.planFallbackError };
  }

  async readFileAndQuery(user: SessionClaims, dto: ReadFileAndQueryDto): Promise<PdfChatAnswer> {
    const request = await this.request(user, dto);
    const docs = await this.documents(request, dto);
    // One credit, reserved first: kept once the answer is stored, refunded if anything before fails.
    return this.credits.withCredit(user.sub, () => this.answerAndStore(user, dto, request, docs));
  }

  private async answerAndStore(
    user: SessionClaims,
    dto: ReadFileAndQueryDto,
    request: ResearchRequest,
    docs: UploadedPdf[],
  ): Promise<PdfChatAnswer> {
    let answer: ResearchAnswer;
    const fileNames = docs.slice(0, MAX_LISTED_FILES).map((d) => d.file_name);
    try {
      answer = await this.answer(request);
    } catch (error) {
      this.logger.error(`PDF chat answer failed: ${describe(error)}`);
      throw new InternalServerErrorException(RESEARCH_TEXTS.pdfChatFailure);
    }
    await this.db.transaction(async (manager) => {
      const chat = await this.chats.ensure(
        {
          chatId: request.chatId,
          userId: user.sub,
          chatCategory: 'companies-house',
          chatMetadata: {
            model: request.model,
            isCurrentChatPDF: true,
            chatPDFFileName: dto.fileName ?? docs[0].file_name,
            chatPDFFileNames: fileNames,
            chat_key: dto.chatKey,
          },
          queryStr: request.query,
        },
        manager,
      );
      if (!chat) throw new NotFoundException(CHAT_NOT_FOUND);
      // the lists name a PDF chat by the files its questions read: a later question's files join them
      const known = chat.chatMetadata?.chatPDFFileNames ?? [];
      const named = [...new Set([...known, ...fileNames])].slice(0, MAX_LISTED_FILES);
      if (named.length !== known.length) await this.chats.updateMetadata(chat, { chatPDFFileNames: named }, manager);
      await this.chats.addMessage(
        chat,
        { queryStr: request.query, thoughtProcess: answer.thoughtProcess, observations: answer, tableData: answer.tables },
        manager,
      );
    });
    return {
      chat_id: request.chatId,
      observations: answer.sections,
      table_data: answer.tables,
      thought_process: answer.thoughtProcess,
      answer,
    };
  }

  /** The question as the engine takes it: the chat is the one the key names (another user's: 404). */
  private async request(user: SessionClaims, dto: PdfChatThoughtProcessDto): Promise<ResearchRequest> {
    const chat = await this.chats.findByChatId(dto.chatKey);
    if (chat && chat.userId !== user.sub) throw new NotFoundException(CHAT_NOT_FOUND);
    const earlier = chat ? await this.chats.recentMessages(chat, HISTORY_TURNS) : [];
    return {
      query: dto.query.trim(),
      chatId: dto.chatKey,
      chatKey: dto.chatKey,
      ...(dto.fileName ? { documentNames: [dto.fileName] } : {}),
      model: dto.model ?? 'flash',
      webSearch: false,
      user: { id: user.sub, role: user.role },
      history: earlier.map((m) => ({ query: m.queryStr, answer: m.observations?.text ?? '' })),
    };
  }

  /** The documents asked over; none (or no such file) is a 404. */
  private async documents(request: ResearchRequest, dto: PdfChatThoughtProcessDto): Promise<UploadedPdf[]> {
    const docs = await this.documentAnalyst.documentsOf(request);
    if (!docs.length) throw new NotFoundException(dto.fileName ? DOCUMENT_TEXTS.notFound : NO_DOCUMENTS);
    return docs;
  }

  private async answer(request: ResearchRequest): Promise<ResearchAnswer> {
    const engine = this.engines.engine;
    let folded: ResearchAnswer = { ...emptyResearchAnswer(), engine: { engine: engine.name } };
    const controller = new AbortController();
    const emitter: RecordingEmitter = {
      emit: (event) => (folded = reduceResearchAnswer(folded, event)),
      signal: controller.signal,
      engineInfo: (info) => (folded = { ...folded, engine: info }),
      declined: (declined) => (folded = { ...folded, declined }),
    };
    await engine.answer(request, emitter);
    return finishAnswer(folded);
  }
}
