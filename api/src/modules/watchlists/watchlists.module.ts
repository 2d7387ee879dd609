import { Module } from '@nestjs/common';
import { AlertsService } from './alerts.service.js';
import { AlertMailController } from './mail/alert-mail.controller.js';
import { AlertMailService } from './mail/alert-mail.service.js';
import { WatchlistsController } from './watchlists.controller.js';
import { WatchedNamesService } from './watched-names.service.js';
import { WatchlistsService } from './watchlists.service.js';
import { WebhooksController } from './webhooks/webhooks.controller.js';
import { WebhooksService } from './webhooks/webhooks.service.js';

/** Watchlists and alerts (issue 29 sections 3 to 5); the alerts themselves are written by the stream consumer (alerts/stream-alerts.ts). */
@Module({
  controllers: [WatchlistsController, WebhooksController, AlertMailController],
  providers: [WatchlistsService, WatchedNamesService, AlertsService, WebhooksService, AlertMailService],
})
export class WatchlistsModule {}
