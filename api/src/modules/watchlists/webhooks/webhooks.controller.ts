import { Body, Controller, HttpCode, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RouteResponse, SessionClaims } from '@credence/shared';
import { CurrentUser } from '../../../core/auth/current-user.decorator.js';
import { Route } from '../../../core/contracts/route.js';
import { PerUserRateLimit } from '../../../core/rate-limit/user-rate-limit.js';
import { AddWebhookDto, WebhookIdParam } from '../dto/watchlists.dto.js';
import { WebhooksService } from './webhooks.service.js';

/** Alert webhooks (issue 29 section 5): the signed-in user's own; another user's webhook is a 404. */
@ApiTags('Watchlists')
@ApiBearerAuth()
@Controller()
export class WebhooksController {
  constructor(@Inject(WebhooksService) private readonly webhooks: WebhooksService) {}

  @Route('GET webhooks')
  @PerUserRateLimit('webhooks')
  @ApiOperation({ summary: 'Your alert webhooks' })
  async list(@CurrentUser() user: SessionClaims): Promise<RouteResponse<'GET webhooks'>> {
    return { status: 'success', data: { webhooks: await this.webhooks.list(user.sub) } };
  }

  @Route('POST webhooks')
  @PerUserRateLimit('webhooks')
  @ApiOperation({
    summary:
      'Add a webhook: each alert is posted as signed JSON (X-Credence-Signature: sha256=HMAC(secret, "<X-Credence-Timestamp>.<body>")), ' +
      'retried with backoff for 24 hours; the secret is answered once',
  })
  async add(@Body() body: AddWebhookDto, @CurrentUser() user: SessionClaims): Promise<RouteResponse<'POST webhooks'>> {
    return { status: 'success', data: { webhook: await this.webhooks.add(user.sub, body.url) } };
  }

  @Route('POST webhooks/:id/test')
  @PerUserRateLimit('webhooks')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a signed test event now: the receiver’s status' })
  async test(@Param() p: WebhookIdParam, @CurrentUser() user: SessionClaims): Promise<RouteResponse<'POST webhooks/:id/test'>> {
    return { status: 'success', data: await this.webhooks.test(user.sub, p.id) };
  }

  @Route('GET webhooks/:id/deliveries')
  @PerUserRateLimit('webhooks')
  @ApiOperation({ summary: 'The delivery log of a webhook, newest first' })
  async deliveries(@Param() p: WebhookIdParam, @CurrentUser() user: SessionClaims): Promise<RouteResponse<'GET webhooks/:id/deliveries'>> {
    return { status: 'success', data: { deliveries: await this.webhooks.deliveries(user.sub, p.id) } };
  }

  @Route('POST webhooks/:id/delete')
  @PerUserRateLimit('webhooks')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a webhook: no more alerts are posted to it, and its delivery log goes with it' })
  async remove(@Param() p: WebhookIdParam, @CurrentUser() user: SessionClaims): Promise<RouteResponse<'POST webhooks/:id/delete'>> {
    await this.webhooks.remove(user.sub, p.id);
    return { status: 'success' };
  }
}
