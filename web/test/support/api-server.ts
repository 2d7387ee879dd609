/**
 * The real API (the built api/dist) on a random loopback port with the embedded database and a
 * fresh DATA_DIR, serving this web app's build. Mail goes to DATA_DIR/outbox as .eml files.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnApi } from '@credence/shared/api-process';
import { restoreFirstStart, SUITE_ADMIN } from '@credence/shared/first-start-cache';
import { outboxMails, type OutboxMail } from '@credence/shared/mail';

export const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const REPO = resolve(WEB_ROOT, '..');
const apiDist = process.env.CREDENCE_API_DIST ? resolve(process.env.CREDENCE_API_DIST) : join(REPO, 'api', 'dist');
export const API_MAIN = join(apiDist, 'src', 'main.js');
export const WEB_DIST = join(WEB_ROOT, 'dist');

export const ADMIN_EMAIL = SUITE_ADMIN.email;
export const ADMIN_PASSWORD = SUITE_ADMIN.password;

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** The first link of this site in the mail, as a path ("/verify/<token>"). */
  path: string | null;
}

export interface ApiServer {
  url: string;
  dataDir: string;
  mails(to: string): Promise<Mail[]>;
  /** Waits for a mail to `to` whose subject matches (mail goes out in the background). */
  waitForMail(to: string, subject: RegExp, options?: { after?: number; timeoutMs?: number }): Promise<Mail>;
  output(): string;
  /** Stops the API (SIGTERM, as a deploy does) and, once `whileDown` is done, starts it again at the same address on the same data. */
  restart(whileDown: () => Promise<void> | void): Promise<void>;
  stop(): Promise<void>;
}

/** A mail with the first link of this site in it, as a path ("/verify/<token>"). */
function withPath(mail: OutboxMail): Mail {
  const link = /https?:\/\/[^\s<>"]+?(\/(?:verify|approve|reset-password|login)[^\s<>"]*)/.exec(mail.text);
  return { file: mail.file, to: mail.to, subject: mail.subject, text: mail.text, path: link ? link[1] : null };
}

export async function startApi(extraEnv: Record<string, string> = {}, timeoutMs = 120_000): Promise<ApiServer> {
  if (!existsSync(API_MAIN))
    throw new Error(`The API is not built at ${API_MAIN}: run \`npm run build -w @credence/api\` first (or set CREDENCE_API_DIST)`);
  if (!existsSync(join(WEB_DIST, 'index.html')))
    throw new Error(`The web app is not built at ${WEB_DIST}: run \`npm run build -w @credence/web\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'credence-web-e2e-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'web-browser-suite-secret-that-is-long-enough!',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    FORM_RATE_LIMIT: '1000/60s',
    LOGIN_FAILURE_LIMIT: '1000/60s',
    LOGIN_ADDRESS_FAILURE_LIMIT: '1000/60s',
    // The per-user limits of costly routes (exports, queries, documents) are tested on their own.
    QUERY_RATE_LIMIT: '1000/60s',
    EXPORT_RATE_LIMIT: '1000/60s',
    DOCUMENT_RATE_LIMIT: '1000/60s',
    SAMPLE_COMPANIES: '0',
    WEB_DIST,
    ...extraEnv,
  };
  // Never two writers on one data directory, and no server of the developer's reached by accident.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  // Under the test runner, from a copy of the data directory the same first start left (made once a run).
  await restoreFirstStart(API_MAIN, env, { cwd: REPO, timeoutMs });
  let api = await spawnApi(API_MAIN, env, { cwd: REPO, timeoutMs });
  const mails = async (to: string): Promise<Mail[]> => (await outboxMails(dataDir, to)).map(withPath);
  return {
    url: api.url,
    dataDir,
    mails,
    async waitForMail(to, subject, { after = 0, timeoutMs: wait = 15_000 } = {}) {
      const until = Date.now() + wait;
      for (;;) {
        const found = (await mails(to)).filter((m) => subject.test(m.subject));
        if (found.length > after) return found[found.length - 1];
        if (Date.now() > until)
          throw new Error(
            `No mail to ${to} matching ${subject} within ${wait} ms (outbox: ${
              (await mails('')).map((m) => `${m.to}: ${m.subject}`).join('; ') || 'empty'
            })`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    output: () => api.output(),
    async restart(whileDown) {
      await api.stop();
      await whileDown();
      api = await spawnApi(API_MAIN, { ...env, PORT: new URL(api.url).port }, { cwd: REPO, timeoutMs });
    },
    stop: async () => {
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
