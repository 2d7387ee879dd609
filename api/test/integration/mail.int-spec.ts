import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Logger } from '@nestjs/common';
import { expect } from 'expect';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../src/core/config/config.js';
import { decodeMail } from '@credence/shared/mail';
import { MailService } from '../../src/core/mail/mail.service.js';
import { InProcessJobQueue } from '../../src/core/queue/in-process-queue.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const message = {
  to: 'ada@example.com',
  subject: 'Verify your email for Credence',
  text: 'Hello Ada,\n\nVerify your address here:\n\nhttp://credence.test/verify/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde\n\nThanks,\nCredence\n',
  link: 'http://credence.test/verify/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde',
};

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'credence-mail-'));
  dirs.push(dir);
  return dir;
}

before(() => Logger.overrideLogger(false));
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('MailService over SMTP', () => {
  let server: SMTPServer;
  let port: number;
  const received: Received[] = [];

  before(async () => {
    server = new SMTPServer({
      authOptional: true,
      secure: false,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function service(queue = new InProcessJobQueue()) {
    const dir = dataDir();
    const config = loadConfig({
      DATA_DIR: dir,
      JWT_SECRET: 'mail-test-secret-that-is-long-enough',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Credence <no-reply@credence.test>',
    });
    const mail = new MailService(config, queue);
    mail.onModuleInit();
    return { mail, queue, dir };
  }

  it('delivers the message to the SMTP server: envelope, headers and body', async () => {
    received.length = 0;
    const { mail, queue, dir } = service();
    const delivery = await mail.deliver(message);
    expect(delivery).toEqual({ transport: 'smtp', messageId: expect.stringMatching(/^<.+@.+>$/) });

    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got.from).toBe('no-reply@credence.test');
    expect(got.to).toEqual(['ada@example.com']);
    const read = await decodeMail(got.raw);
    expect(read).toMatchObject({
      to: 'ada@example.com',
      from: 'Credence <no-reply@credence.test>',
      subject: 'Verify your email for Credence',
      messageId: delivery.messageId,
    });
    expect(read.text).toContain('Hello Ada,');
    expect(read.text).toContain(message.link);
    // SMTP mode writes nothing to the outbox.
    expect(() => readdirSync(join(dir, 'outbox'))).toThrow();
    await queue.close();
  });

  it('send() queues a job that delivers the mail and ends completed', async () => {
    received.length = 0;
    const { mail, queue } = service();
    const id = await mail.send({ ...message, to: 'grace@example.com', subject: 'Your Credence account is approved' });
    const job = await queue.waitFor(id);
    expect(job).toMatchObject({
      name: 'mail.send',
      state: 'completed',
      attempts: 1,
      result: { transport: 'smtp', messageId: expect.any(String) },
    });
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['grace@example.com']);
    expect((await decodeMail(received[0].raw)).subject).toBe('Your Credence account is approved');
    await queue.close();
  });
});

describe('MailService without SMTP_URL (outbox)', () => {
  it('writes one .eml file to DATA_DIR/outbox with To, Subject and the text, readable only by its owner', async () => {
    const dir = dataDir();
    const queue = new InProcessJobQueue();
    const mail = new MailService(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'mail-test-secret-that-is-long-enough' }), queue);
    mail.onModuleInit();

    const delivery = await mail.deliver(message);
    expect(delivery).toEqual({ transport: 'outbox', messageId: expect.any(String), file: expect.stringMatching(/\.eml$/) });
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(join(dir, 'outbox', files[0])).toBe(delivery.file);
    expect(statSync(delivery.file!).mode & 0o777).toBe(0o600);

    const read = await decodeMail(readFileSync(delivery.file!));
    expect(read).toMatchObject({
      to: 'ada@example.com',
      subject: 'Verify your email for Credence',
      from: 'Credence <no-reply@credence.local>',
    });
    expect(read.text).toContain('Hello Ada,');
    expect(read.text).toContain(message.link);

    // send() goes through the queue and adds a second file.
    const id = await mail.send({ to: 'grace@example.com', subject: 'Reset your Credence password', text: 'Reset it here.\n' });
    const job = await queue.waitFor(id);
    expect(job).toMatchObject({ state: 'completed', result: { transport: 'outbox', file: expect.any(String) } });
    const after = readdirSync(join(dir, 'outbox'));
    expect(after).toHaveLength(2);
    expect(after.every((f) => f.endsWith('.eml'))).toBe(true);
    expect((await decodeMail(readFileSync((job.result as { file: string }).file))).to).toBe('grace@example.com');
    await queue.close();
  });
});
