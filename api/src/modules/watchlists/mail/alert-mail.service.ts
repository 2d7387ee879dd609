import { Inject, Injectable, Logger, NotFoundException, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '../../../core/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config.js';
import { MailService } from '../../../core/mail/mail.service.js';
import { mailAlerts } from './alert-mailer.js';
import { tokenListId, tokenMatches } from './unsubscribe-token.js';

/** How often the job looks for alerts to mail (immediate mails go out within the window plus this). */
export const ALERT_MAIL_EVERY_MS = 15_000;
const NOT_FOUND = 'This unsubscribe link is not valid (it may be mistyped or cut short): change the e-mail setting in Credence instead';

/** Alert e-mail: the job that mails each list's alerts (immediate or daily digest) and the sign-in-free unsubscribe. */
@Injectable()
export class AlertMailService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AlertMail');
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runJobs) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = true;
      void this.round()
        .then((r) => r.mails > 0 && this.logger.log(`${r.mails} alert mails queued (${r.alerts} alerts)`))
        .catch((error: Error) => this.logger.warn(`alert mail: ${error.message}`))
        .finally(() => (this.running = false));
    }, ALERT_MAIL_EVERY_MS).unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One round now, on the app's clock (tests move it on). */
  round(): Promise<{ mails: number; alerts: number }> {
    return mailAlerts(this.db, {
      clock: this.clock,
      windowMs: this.config.alertMail.windowSeconds * 1000,
      digestHour: this.config.alertMail.digestHour,
      publicUrl: this.config.publicUrl,
      secret: this.config.jwtSecret,
      send: (message) => this.mail.send(message),
    });
  }

  /** The list a link's token names (404 when the token was not made by this server for that list). */
  async listOf(token: string): Promise<{ id: string; name: string; email: string }> {
    const id = tokenListId(token);
    const [list] = id ? await this.db.query(`SELECT id, name, email, unsubscribe_token FROM watchlists WHERE id = $1`, [id]) : [];
    if (!list || !tokenMatches(this.config.jwtSecret, token, list.id, list.unsubscribe_token)) throw new NotFoundException(NOT_FOUND);
    return { id: list.id, name: list.name, email: list.email };
  }

  /** Turns the list's e-mail off (its pending alerts are then settled unmailed); answers the list's name. */
  async unsubscribe(token: string): Promise<string> {
    const list = await this.listOf(token);
    await this.db.query(`UPDATE watchlists SET email = 'off' WHERE id = $1`, [list.id]);
    return list.name;
  }
}
