import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  exportFileName,
  RESTRUCTURING_ROUTES,
  RESTRUCTURING_TEXTS,
  type RestructuringObservation,
  type RestructuringTable,
  type SessionClaims,
} from '@credence/shared';
import { CurrentUser } from '../../core/auth/current-user.decorator.js';
import { contentDisposition } from '../../core/export/send.js';
import { PerUserRateLimit } from '../../core/rate-limit/user-rate-limit.js';
import type { ResearchChatMessage } from '../../platform/ai/chats/chat-message.entity.js';
import type { ResearchChat } from '../../platform/ai/chats/chat.entity.js';
import { CHAT_NOT_FOUND, ChatsRepository } from '../../platform/ai/chats/chats.repository.js';
import { ExportExcelQuery, RestructuringPlanQuery, StartQueryDto } from './dto/restructuring.dto.js';
import { restructuringWorkbook } from './restructuring-workbook.js';
import { RestructuringService } from './restructuring.service.js';
import { Route } from '../../core/contracts/route.js';

const NO_TABLE = 'This chat has no table to export yet.';
const RUN_NOT_FOUND =
  "run_id is not a run of this chat: use the id of one of the chat's saved runs (get_chat's details), or leave run_id out to export the latest table.";
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function isTable(value: unknown): value is RestructuringTable {
  const t = value as RestructuringTable | null;
  return Boolean(t && typeof t === 'object' && Array.isArray(t.columns) && Array.isArray(t.rows));
}

@ApiTags('Restructuring')
@ApiBearerAuth()
@Controller()
export class RestructuringController {
  constructor(
    @Inject(RestructuringService) private readonly restructuring: RestructuringService,
    @Inject(ChatsRepository) private readonly chats: ChatsRepository,
  ) {}

  @Route('GET generate_thought_process')
  @PerUserRateLimit('query')
  @ApiOperation({
    summary:
      "The plan of a restructuring query over the workspace's PDFs: {thought_process}; the last step lists the columns in [brackets]",
    description: '404 when the workspace (chat_id = its chat key) holds none of your documents.',
  })
  plan(@Query() q: RestructuringPlanQuery, @CurrentUser() user: SessionClaims) {
    return this.restructuring.plan(user, q.query, q.chat_id, q.workflow_category);
  }

  @Route('POST start_query')
  @HttpCode(200)
  @PerUserRateLimit('query')
  @ApiOperation({
    summary:
      'Start the job that reads the workspace PDFs into the table: {data: {job_id}}; check_query answers {thought_process, observations, table_data: {table_title, columns, rows}}',
    description: 'Each cell is {text, pdf_file_name, pageNumber} (or "Not found in the documents"). Uses a credit.',
  })
  start(@Body() dto: StartQueryDto, @CurrentUser() user: SessionClaims) {
    return this.restructuring.start(user, dto);
  }

  @Get(RESTRUCTURING_ROUTES.exportExcel)
  @PerUserRateLimit('exports')
  @ApiProduces(XLSX)
  @ApiOperation({
    summary:
      'A run\'s table as xlsx: sheets "Table" and "Observations", named from the table title; the chat\'s latest table unless run_id names a saved run',
    description: "404 when the chat is not yours, when run_id is not one of this chat's runs, or when there is no table to export.",
  })
  async export(@Query() q: ExportExcelQuery, @CurrentUser() user: SessionClaims, @Res({ passthrough: true }) reply: FastifyReply) {
    const chat = await this.chats.findOwned(user.sub, q.chat_id);
    if (!chat) throw new NotFoundException(CHAT_NOT_FOUND);
    const run = await this.runToExport(chat, q.run_id);
    const table = run.tableData as unknown as RestructuringTable;
    const observations = Array.isArray(run.observations) ? (run.observations as unknown as RestructuringObservation[]) : [];
    const body = await restructuringWorkbook(table, observations);
    const name = exportFileName(table.table_title || RESTRUCTURING_TEXTS.defaultTableTitle).replace(/\.xlsx$/, '');
    void reply
      .header('content-type', XLSX)
      .header('content-disposition', contentDisposition(name, 'xlsx'))
      .header('cache-control', 'private, no-store');
    return body;
  }

  /** The run named by run_id (one of this chat's, so never another user's), else the latest with a table. */
  private async runToExport(chat: ResearchChat, runId: string | undefined): Promise<ResearchChatMessage> {
    if (runId === undefined) {
      const latest = await this.chats.latestWithTable(chat);
      if (!latest || !isTable(latest.tableData)) throw new NotFoundException(NO_TABLE);
      return latest;
    }
    const run = await this.chats.message(chat, runId);
    if (!run) throw new NotFoundException(RUN_NOT_FOUND);
    if (!isTable(run.tableData)) throw new NotFoundException('That run has no table to export: choose a run that built a table.');
    return run;
  }
}
