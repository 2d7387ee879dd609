import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { JobQueue } from '../queue/job-queue.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (escaped by whoever builds it). */
  html?: string;
  /** Extra headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
  /** The link the mail is about; logged in outbox mode so a newcomer can follow it. */
  link?: string;
}

export interface Delivery {
  transport: 'smtp' | 'outbox';
  messageId: string;
  file?: string;
}

const SEND_JOB = 'mail.send';

/**
 * Sends mail in the background through the job queue: SMTP when SMTP_URL is set, otherwise an
 * `.eml` file per message in DATA_DIR/outbox (and the link in the log).
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger('Mail');
  private transport: Promise<Transporter> | null = null;
  private readonly outbox: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JobQueue) private readonly queue: JobQueue,
  ) {
    this.outbox = join(config.dataDir, 'outbox');
  }

  /** nodemailer loads with the first message, never at the API's start (about 45 ms of CPU). */
  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      this.config.smtpUrl
        ? nodemailer.createTransport(this.config.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return this.transport;
  }

  onModuleInit(): void {
    this.queue.register(SEND_JOB, (message: MailMessage) => this.deliver(message));
  }

  /** Queues the message and returns the job id. */
  send(message: MailMessage): Promise<string> {
    return this.queue.add(SEND_JOB, message, { attempts: 5 });
  }

  async deliver(message: MailMessage): Promise<Delivery> {
    const transport = await this.transporter();
    const info = await transport.sendMail({
      from: this.config.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
    });
    if (this.config.smtpUrl) {
      this.logger.log(`Sent "${message.subject}" to ${message.to}`);
      return { transport: 'smtp', messageId: info.messageId };
    }
    mkdirSync(this.outbox, { recursive: true, mode: 0o700 });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
    const file = join(this.outbox, name);
    // Written then renamed, so a reader of the outbox never sees half a message.
    writeFileSync(`${file}.tmp`, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
    this.logger.log(`Mail "${message.subject}" to ${message.to} written to ${file}${message.link ? ` — link: ${message.link}` : ''}`);
    return { transport: 'outbox', messageId: info.messageId, file };
  }
}
