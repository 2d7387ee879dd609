/**
 * Mail as a test reads it: one decoder (postal-mime, as a mail client would read it: folded and
 * RFC 2047 headers, quoted-printable and base64 bodies, charsets) for every suite that checks what
 * the API sent, over SMTP or to DATA_DIR/outbox.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PostalMime, { type Address } from 'postal-mime';

export interface DecodedMail {
  /** The recipients' addresses, separated by ", ". */
  to: string;
  /** As the header shows it: `Name <address>`, or the address alone. */
  from: string;
  subject: string;
  messageId: string;
  text: string;
  /** The HTML alternative ('' when there is none), as sent: a test checks it for markup. */
  html: string;
  /** Every header by its lower-case name (the last one of a repeated name). */
  headers: Record<string, string>;
}

export interface OutboxMail extends DecodedMail {
  /** The .eml file's name in DATA_DIR/outbox. */
  file: string;
}

function mailboxes(addresses: Address[] | undefined): string[] {
  return (addresses ?? []).flatMap((a) => ('group' in a && a.group ? a.group.map((m) => m.address) : [a.address ?? '']));
}

export async function decodeMail(raw: string | Buffer): Promise<DecodedMail> {
  const mail = await PostalMime.parse(raw);
  const from = mail.from && !('group' in mail.from && mail.from.group) ? mail.from : undefined;
  return {
    to: mailboxes(mail.to).join(', '),
    from: from ? (from.name ? `${from.name} <${from.address}>` : (from.address ?? '')) : '',
    subject: mail.subject ?? '',
    messageId: mail.messageId ?? '',
    text: (mail.text ?? '').replace(/\r\n/g, '\n'),
    html: mail.html ?? '',
    headers: Object.fromEntries(mail.headers.map((h) => [h.key, h.value])),
  };
}

/** The mails written to `dataDir`/outbox (outbox mode: no SMTP_URL), oldest first; those to `to` when given (any case). */
export async function outboxMails(dataDir: string, to = ''): Promise<OutboxMail[]> {
  const outbox = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = (await readdir(outbox)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(files.map(async (file) => ({ file, ...(await decodeMail(await readFile(join(outbox, file)))) })));
  return mails.filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

/**
 * The first link to `http://credence.test/` (the test servers' PUBLIC_URL) in the newest mail to
 * `to` whose subject matches, once the API has written it to `dataDir`/outbox; fails after `timeoutMs`.
 */
export async function outboxLink(dataDir: string, to: string, subject: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await outboxMails(dataDir, to)).reverse().find((m) => subject.test(m.subject));
    const link = mail && /http:\/\/credence\.test\/\S+/.exec(mail.text)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
