import type { Server } from './processes.js';
import { outboxMails } from '@credence/shared/mail';

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
  ms: number;
}

/** Calls the spawned API and times the answer. */
export async function call(
  server: Server,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const started = Date.now();
  const response = await fetch(server.url + path, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body, headers: response.headers, ms: Date.now() - started };
}

export function signupBody(email: string) {
  return { email, password: 'a perfectly fine passphrase', full_name: 'Outage Tester', company_name: 'Outage Co' };
}

/** The link of the newest mail to `to` whose subject matches, once one has been written to DATA_DIR/outbox. */
export async function mailedLink(dataDir: string, to: string, subject: RegExp): Promise<string | null> {
  const mail = (await outboxMails(dataDir, to)).reverse().find((m) => subject.test(m.subject));
  return (mail && /http:\/\/credence\.test\/\S+/.exec(mail.text)?.[0]) ?? null;
}

/** How many lines of the process's output match. */
export function linesMatching(output: string, pattern: RegExp): number {
  return output.split('\n').filter((line) => pattern.test(line)).length;
}
