import { Readable } from 'node:stream';
import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiHeader, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_ROUTES, DOCUMENT_TEXTS, type SessionClaims, type UploadedPageText } from '@credence/shared';
import { CurrentUser } from '../../core/auth/current-user.decorator.js';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { PerUserRateLimit } from '../../core/rate-limit/user-rate-limit.js';
import { AcceptsBody } from '../../core/security/body-type.guard.js';
import { byteRange } from '../../core/web/byte-range.js';
import { DocumentJobsService } from './document-jobs.service.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { DeletePdfQuery, FetchPdfQuery, OptionalChatKeyQuery, PdfPageQuery, StartPdfProcessingDto } from './dto/documents.dto.js';
import { pageTooComplexMessage } from './pdf-check.js';
import { readUpload } from './upload-parts.js';
import { Route } from '../../core/contracts/route.js';

@ApiTags('Documents')
@ApiBearerAuth()
@Controller()
export class DocumentsController {
  constructor(
    @Inject(DocumentsService) private readonly documents: DocumentsService,
    @Inject(DocumentJobsService) private readonly jobs: DocumentJobsService,
    @Inject(DocumentsRepository) private readonly repository: DocumentsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(DOCUMENT_ROUTES.uploadPdf)
  @HttpCode(200)
  @AcceptsBody('multipart/form-data')
  @PerUserRateLimit('uploads')
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['files', 'chatKey'],
      properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } }, chatKey: { type: 'string' } },
    },
  })
  @ApiOperation({
    summary: 'Upload PDFs to a chat: checked (PDF bytes, size, pages, encryption, damage, text) and read before anything is stored',
    description:
      '413 over UPLOAD_MAX_MB or UPLOAD_MAX_PAGES; 415 not a PDF; 422 encrypted, damaged, scanned, or built to exhaust a reader.',
  })
  async upload(@Req() request: FastifyRequest, @CurrentUser() user: SessionClaims) {
    const { chatKey, files } = await readUpload(request, this.config.upload.maxMb);
    // The client hanging up (the response closes before it is written) stops the parse, queued or running.
    const left = new AbortController();
    const response = request.raw.socket;
    const onClose = () => left.abort();
    response.once('close', onClose);
    try {
      return await this.documents.upload(user, chatKey, files, left.signal);
    } finally {
      response.off('close', onClose);
    }
  }

  @Route('GET fetch_pdf_list')
  @ApiOperation({ summary: "The chat's uploaded PDFs (all the user's without chatKey): file_name, size, upload_date, pages..." })
  list(@Query() q: OptionalChatKeyQuery, @CurrentUser() user: SessionClaims) {
    return this.documents.list(user, q.chatKey);
  }

  @Route('GET fetch_pdf_list_gemini')
  @ApiOperation({ summary: 'The same list as fetch_pdf_list (spec 3 names both)' })
  listGemini(@Query() q: OptionalChatKeyQuery, @CurrentUser() user: SessionClaims) {
    return this.documents.list(user, q.chatKey);
  }

  @Get(DOCUMENT_ROUTES.fetchPdf)
  @PerUserRateLimit('pdfFiles')
  @ApiOperation({
    summary: 'One uploaded PDF: {file_name, pdf_content (base64)}',
    description: `413 for a file over FETCH_PDF_MAX_MB: read it from ${DOCUMENT_ROUTES.pdfFile}, which streams its bytes.`,
  })
  async fetch(@Query() q: FetchPdfQuery, @CurrentUser() user: SessionClaims, @Res() reply: FastifyReply): Promise<void> {
    const body = await this.documents.fetch(user, q.chat_id, q.pdf_name);
    await reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(Readable.from(body));
  }

  @Get(DOCUMENT_ROUTES.pdfFile)
  @PerUserRateLimit('pdfFiles')
  @ApiProduces('application/pdf')
  @ApiHeader({ name: 'Range', required: false, description: 'One byte range, e.g. bytes=0-65535 (answered 206)' })
  @ApiOperation({
    summary: "One uploaded PDF's bytes, streamed (what the viewer reads); Range requests answer 206 with Content-Range",
    description: "404 for another user's file or none; 416 for a range past the end.",
  })
  async file(@Query() q: FetchPdfQuery, @CurrentUser() user: SessionClaims, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const file = await this.documents.file(user, q.chat_id, q.pdf_name);
    const range = byteRange(request.headers.range, file.size);
    void reply
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, no-store')
      .header('etag', `"${file.sha256}"`)
      .header(
        'content-disposition',
        `inline; filename="${q.pdf_name.replace(/[^A-Za-z0-9._-]+/g, '-')}"; filename*=UTF-8''${encodeURIComponent(q.pdf_name)}`,
      );
    if (range === 'unsatisfiable') {
      await reply
        .status(416)
        .header('content-range', `bytes */${file.size}`)
        .send({ error: `The range ${request.headers.range} is past the end of ${q.pdf_name} (${file.size} bytes).` });
      return;
    }
    const { start, end } = range ?? { start: 0, end: file.size - 1 };
    if (range) void reply.status(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
    await reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(end - start + 1))
      .send(Readable.from(this.repository.bytes(file.id, start, end)));
  }

  @Route('POST start_pdf_processing')
  @HttpCode(200)
  @ApiOperation({ summary: "Start indexing the chat's PDFs for search: {job_id}; check_query shows progress, then the files" })
  startProcessing(@Body() dto: StartPdfProcessingDto, @CurrentUser() user: SessionClaims) {
    return this.jobs.start(user, dto.chat_key);
  }

  @Route('GET delete_pdf')
  @ApiOperation({ summary: 'Delete one uploaded PDF of a chat (its pages and index with it)' })
  delete(@Query() q: DeletePdfQuery, @CurrentUser() user: SessionClaims) {
    return this.documents.delete(user, q.chatKey, q.file_name);
  }

  @Route('GET pdf_page_text')
  @PerUserRateLimit('pageText')
  @ApiOperation({
    summary: 'One page of an uploaded PDF as lines with word boxes (what a citation highlights)',
    description: 'A page with more text than the upload limits answers too_complex: true, a message and no lines.',
  })
  async pageText(@Query() q: PdfPageQuery, @CurrentUser() user: SessionClaims): Promise<UploadedPageText> {
    const page = await this.repository.page(user.sub, q.document_id, q.page, this.config.upload.pageTextMaxKb * 1024);
    if (!page) throw new NotFoundException(DOCUMENT_TEXTS.notFound);
    const answer = { document_id: page.documentId, file_name: page.fileName, page: page.page };
    if (page.tooComplex) return { ...answer, lines: [], too_complex: true, message: pageTooComplexMessage(this.config.upload) };
    return {
      ...answer,
      lines: page.lines.map((l) => ({
        text: l.text,
        boxes: l.items.map((i) => ({ page: page.page, x0: i.x0, top: i.top, x1: i.x1, bottom: i.bottom })),
      })),
    };
  }
}
