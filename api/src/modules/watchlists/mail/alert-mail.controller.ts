import { Controller, Get, HttpCode, Inject, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { Public } from '../../../core/auth/public.decorator.js';
import { FormThrottlerGuard } from '../../../core/rate-limit/rate-limit.module.js';
import { AcceptsBody } from '../../../core/security/body-type.guard.js';
import { visibleControls } from '@credence/shared';
import { escapeHtml } from './alert-mail-body.js';
import { AlertMailService } from './alert-mail.service.js';
import { UNSUBSCRIBE_PATH } from './unsubscribe-token.js';

const TOKEN_MESSAGE = 'token must be the one in the unsubscribe link of an alert e-mail (copy the whole link)';

export class UnsubscribeQuery {
  @ApiProperty({ description: 'the token from the link in an alert e-mail' })
  @MaxLength(200, { message: TOKEN_MESSAGE })
  @IsString({ message: TOKEN_MESSAGE })
  token!: string;
}

const HTML = 'text/html; charset=utf-8';
const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
const listName = (name: string) => escapeHtml(visibleControls(name));

/**
 * Unsubscribing from a list's alert e-mail without signing in: the link's GET page asks to confirm
 * (so a mail scanner following links changes nothing); POST turns the list's e-mail off, as the
 * RFC 8058 one-click `List-Unsubscribe-Post` does from the mail client.
 */
@ApiTags('Watchlists')
@Controller()
export class AlertMailController {
  constructor(@Inject(AlertMailService) private readonly mail: AlertMailService) {}

  @Get(UNSUBSCRIBE_PATH)
  @Public()
  @UseGuards(FormThrottlerGuard)
  @ApiProduces('text/html')
  @ApiOperation({ summary: 'The unsubscribe page of an alert e-mail: asks to confirm (404 for a token that is not valid)' })
  async confirm(@Query() q: UnsubscribeQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const list = await this.mail.listOf(q.token);
    void reply.type(HTML);
    const action = `?token=${encodeURIComponent(q.token)}`;
    if (list.email === 'off') return page('Already unsubscribed', `<p>E-mail for the watchlist "${listName(list.name)}" is off.</p>`);
    return page(
      'Stop alert e-mails?',
      `<p>Stop e-mailing the alerts of the watchlist "${listName(list.name)}"? You still see them in Credence.</p>` +
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">Unsubscribe</button></form>`,
    );
  }

  @Post(UNSUBSCRIBE_PATH)
  @Public()
  @AcceptsBody('application/x-www-form-urlencoded')
  @HttpCode(200)
  @UseGuards(FormThrottlerGuard)
  @ApiProduces('text/html')
  @ApiOperation({ summary: "One-click unsubscribe (RFC 8058): turns the list's e-mail off (404 for a token that is not valid)" })
  async unsubscribe(@Query() q: UnsubscribeQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const name = await this.mail.unsubscribe(q.token);
    void reply.type(HTML);
    return page('Unsubscribed', `<p>No more e-mail for the watchlist "${listName(name)}". Turn it back on in Credence.</p>`);
  }
}
