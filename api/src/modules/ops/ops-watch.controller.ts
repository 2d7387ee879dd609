import { Controller, Get, Headers, Inject, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { OPS_ROUTES, type SessionClaims } from '@credence/shared';
import { CurrentUser } from '../../core/auth/current-user.decorator.js';
import { Roles } from '../../core/auth/public.decorator.js';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { PerUserRateLimit } from '../../core/rate-limit/user-rate-limit.js';
import { openEventStream, type SseEvent, type SseWriter } from '../../core/sse/sse-writer.js';
import { FilteredLogQuery, ScreenQuery, SearchQuery } from './dto/ops.dto.js';
import type { WatchEvent } from './logs/log-follower.js';
import { lineFilter } from './logs/line-filter.js';
import { OpsService } from './ops.service.js';
import { Route } from '../../core/contracts/route.js';

const STREAM_DOC = {
  description: 'Events `id: <inode>:<offset>`, `event: message|reset|gap`, `data: <JSON>`; a heartbeat comment',
  content: { 'text/event-stream': { schema: { type: 'string', example: 'id: 1234:5678\nevent: message\ndata: {"line":"..."}\n\n' } } },
};

/** Screen content and the live watches (Server-Sent Events) of spec 1 section 7, for the ops and admin roles. */
@ApiTags('Ops')
@ApiBearerAuth()
@Roles('ops', 'admin')
@Controller()
export class OpsWatchController {
  constructor(
    @Inject(OpsService) private readonly ops: OpsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Route('GET get_screen_content')
  @PerUserRateLimit('ops')
  @ApiOperation({ summary: "A screen session's window and scrollback as text: {content}" })
  async screenContent(@Query() q: ScreenQuery) {
    return { content: await this.ops.backend.screenContent(q.instance_id, this.ops.region(q.region), Number(q.screen_pid)) };
  }

  @Get(OPS_ROUTES.watch)
  @PerUserRateLimit('ops')
  @ApiProduces('text/event-stream')
  @ApiOkResponse(STREAM_DOC)
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'Resume after this line (`<inode>:<offset>`)' })
  @ApiOperation({
    summary:
      'Follow a log file (like tail -F): `message` {line}, or {error} and the stream ends; `reset` on rotation or truncation; `gap` {skipped_bytes}',
    description:
      'Starts at the end of the file (tail_ec2_instance gives the lines before). One reader per file is shared by every watcher. ' +
      'A watcher that falls more than OPS_WATCH_MAX_BACKLOG_BYTES behind gets a gap. At most OPS_WATCHES_PER_USER watches per user (429). ' +
      'A rotation that puts a link to outside OPS_LOG_DIRS (or anything but a regular file) at the path ends the watch with {error}, unread.',
  })
  async watch(
    @Query() q: FilteredLogQuery,
    @CurrentUser() user: SessionClaims,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    let writer: SseWriter | null = null;
    let skipped = 0;
    const pending: WatchEvent[] = [];
    const limit = this.config.ops.maxBacklogBytes;
    // compiled once for the watch (a /regex/ runs on RE2JS: linear time, line-filter.ts)
    const kept = lineFilter(q);
    const send = (event: WatchEvent) => {
      // grep/exclude on the server: a merged tail's filter; a line left out is never sent (issue 28 §2)
      if (kept && event.type === 'message' && 'line' in event.data && !kept(event.data.line)) return;
      if (!writer) return void pending.push(event);
      // A client that does not keep up: its lines are dropped (and counted) until it has caught up.
      if (event.type === 'message' && 'line' in event.data && writer.backlog > limit) {
        skipped += Buffer.byteLength(event.data.line) + 1;
        return;
      }
      if (skipped > 0) writer.send({ type: 'gap', data: { skipped_bytes: skipped } });
      skipped = 0;
      writer.send(event);
    };
    let ended = false;
    const detach = await this.ops.backend.watchLog(user, q.instance_id, this.ops.region(q.region), q.path, lastEventId, {
      event: send,
      // The file may no longer be read (its path left the log roots): the last event said why.
      end: () => {
        ended = true;
        writer?.end();
      },
    });
    writer = openEventStream(reply, this.config.ops.heartbeatMs, detach);
    writer.comment('watching');
    for (const event of pending.splice(0)) send(event);
    if (ended || reply.raw.destroyed) writer.end();
  }

  @Get(OPS_ROUTES.searchStream)
  @PerUserRateLimit('ops')
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary:
      'Search a file as a stream: `match` {line_number, line} as found (the first 1,000), `progress` {scanned_bytes, total_bytes}, ' +
      'then `done` {matched, truncated} or `message` {error}. The search stops when the client leaves.',
  })
  async searchStream(@Query() q: SearchQuery, @Res() reply: FastifyReply): Promise<void> {
    const abort = new AbortController();
    let writer: SseWriter | null = null;
    const send = (event: SseEvent) => writer?.send(event);
    const open = () => {
      writer = openEventStream(reply, this.config.ops.heartbeatMs, () => abort.abort());
      writer.comment('searching');
    };
    reply.raw.on('close', () => abort.abort());
    try {
      const end = await this.ops.backend.searchStream(q.instance_id, this.ops.region(q.region), q.path, q.pattern, abort.signal, {
        started: open,
        match: (data) => send({ type: 'match', data }),
        progress: (data) => send({ type: 'progress', data }),
      });
      send({ type: 'done', data: end });
    } catch (error) {
      // Before the stream opened the failure is the answer's status; after it, said as the last event.
      if (!writer) throw error;
      if (!abort.signal.aborted) send({ type: 'message', data: { error: (error as Error).message } });
    }
    (writer as SseWriter | null)?.end();
  }

  @Get(OPS_ROUTES.watchScreen)
  @PerUserRateLimit('ops')
  @ApiProduces('text/event-stream')
  @ApiOkResponse(STREAM_DOC)
  @ApiOperation({
    summary: 'Watch a screen session: `message` {content} each time its content changes, or {error} when it ends (then the stream ends)',
  })
  async watchScreen(@Query() q: ScreenQuery, @CurrentUser() user: SessionClaims, @Res() reply: FastifyReply): Promise<void> {
    let writer: SseWriter | null = null;
    let ended = false;
    const pending: SseEvent[] = [];
    const detach = await this.ops.backend.watchScreen(user, q.instance_id, this.ops.region(q.region), Number(q.screen_pid), {
      event: (event) => (writer ? writer.send(event) : pending.push(event)),
      end: () => {
        ended = true;
        writer?.end();
      },
    });
    writer = openEventStream(reply, this.config.ops.heartbeatMs, detach);
    for (const event of pending.splice(0)) writer.send(event);
    if (ended || reply.raw.destroyed) writer.end();
  }
}
