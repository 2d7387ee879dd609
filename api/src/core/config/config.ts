import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { basename, delimiter, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import ipaddr from 'ipaddr.js';
import { OPS_CONSTANTS } from '@credence/shared';

export type Role = 'admin' | 'ops' | 'analyst';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Prefix of every Redis key (rate limits, queues, session events); lets processes share one Redis. */
  redisPrefix: string;
  /** Whether this process runs background jobs (RUN_JOBS=false leaves them to `worker`). */
  runJobs: boolean;
  /** With Redis: how long a running job stays a worker's without renewal; past it the job counts as lost (JOB_LOCK_MS). */
  jobLockMs: number;
  smtpUrl: string | null;
  mailFrom: string;
  /** Alert e-mail (issue 29): the daily digest's hour (UTC, ALERT_DIGEST_HOUR) and the immediate mails' grouping window (ALERT_MAIL_WINDOW_SECONDS). */
  alertMail: { digestHour: number; windowSeconds: number };
  jwtSecret: string;
  jwtIssuer: string;
  jwtAudience: string;
  sessionTtlSeconds: number;
  corsOrigins: string[] | true | false;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Failed sign-ins per (account, client address): past it that address is refused for that account. */
  loginFailureLimit: RateLimit;
  /** Failed sign-ins per client address, whatever the account: a much higher ceiling (an office shares one address). */
  loginAddressFailureLimit: RateLimit;
  formRateLimit: RateLimit;
  /**
   * Per signed-in user, for routes that cost much CPU or I/O (see core/rate-limit/user-rate-limit.ts).
   * Issue 24: pages of uploaded text (PAGE_TEXT_RATE_LIMIT), uploaded files read (PDF_FILE_RATE_LIMIT:
   * fetch_pdf and pdf_file), chats read and saved (CHAT_RATE_LIMIT: get_chat, create_chat_history)
   * and uploads (UPLOAD_RATE_LIMIT) each have their own.
   */
  userRateLimits: {
    query: RateLimit;
    exports: RateLimit;
    documents: RateLimit;
    ops: RateLimit;
    pageText: RateLimit;
    pdfFiles: RateLimit;
    chats: RateLimit;
    uploads: RateLimit;
    /** Watchlists and alerts: reads, changes, CSV adds and opening the live stream (WATCHLIST_RATE_LIMIT). */
    watchlists: RateLimit;
    /** Webhooks: adding, listing, the delivery log and test calls, which post to the receiver (WEBHOOK_RATE_LIMIT). */
    webhooks: RateLimit;
  };
  /**
   * Networks webhooks may be posted to although they are not public (WEBHOOK_ALLOW_NETWORKS, comma-separated
   * CIDRs such as 127.0.0.0/8): none by default, so loopback, private and link-local receivers are refused.
   */
  webhookAllowNetworks: string[];
  /** Sign-in with Google: the browser gets an access token (implicit flow), the API asks userinfo whose it is. */
  google: { clientId: string | null; authorizeUrl: string; redirectUri: string; userinfoUrl: string; tokeninfoUrl: string };
  microsoft: {
    authorizeUrl: string;
    clientId: string | null;
    clientSecret: string | null;
    redirectUri: string | null;
    tokenUrl: string;
    profileUrl: string;
  };
  adminEmail: string;
  /** The first admin's password; generated into DATA_DIR/admin-password when unset. */
  adminPassword: string | null;
  supportEmail: string;
  /** Trust X-Forwarded-For from a reverse proxy for the client address (rate limits, logs). */
  trustProxy: boolean;
  webDist: string | null;
  /** Companies House public data API: key (sync is off without it) and base address. */
  chApiKey: string | null;
  chApiUrl: string;
  /** Companies House Streaming API: key (the consumer is off without it) and host. */
  chStreamKey: string | null;
  chStreamUrl: string;
  /** Companies in the sample dataset generated on the first start (0: none). */
  sampleCompanies: number;
  /** Most rows one screener export may hold; a larger export answers 413. */
  exportMaxRows: number;
  /**
   * Screener views held in memory (server Postgres only): SCREENER_MEMORY=false keeps every page
   * in the database; views with fewer than SCREENER_MEMORY_MIN_ROWS rows stay there too.
   */
  screenerMemory: { enabled: boolean; minRows: number; maxDistinct: number };
  /**
   * AI research: answered questions each user may ask per calendar month (admins can raise one
   * user's), how long a dropped stream waits for its client to come back before its work stops,
   * how long a finished stream stays resumable, and the SSE heartbeat.
   */
  research: { creditsPerMonth: number; resumeGraceMs: number; streamRetentionMs: number; heartbeatMs: number };
  /**
   * Saved chats (issue 24: 60 posts of 0.9 MB made one get_chat of 54 MB): the most a question's
   * answer saved by create_chat_history may hold (CHAT_MESSAGE_MAX_KB, as JSON), the questions one
   * chat keeps (CHAT_MAX_MESSAGES), and the most one get_chat answers before it pages (GET_CHAT_MAX_KB).
   */
  chats: { messageMaxKb: number; maxMessages: number; pageMaxKb: number };
  /**
   * Uploaded PDFs (issue 15): the largest file (MB) and page count accepted, and the bounds of the
   * parse that checks and reads one (a PDF built to exhaust time or memory is refused). A page
   * with more than UPLOAD_MAX_PAGE_ITEMS pieces or UPLOAD_MAX_PAGE_CHARS characters of text is
   * kept as "too complex" without its text (issue 24: 400,000 text operators in 30 KB stalled the
   * API); pdf_page_text never answers more than PDF_PAGE_TEXT_MAX_KB of stored lines.
   */
  upload: {
    maxMb: number;
    maxPages: number;
    parseTimeoutMs: number;
    parseMemoryMb: number;
    maxPageItems: number;
    maxPageChars: number;
    pageTextMaxKb: number;
    /** fetch_pdf answers files up to this size (MB) in base64; a larger one is a 413 naming pdf_file (FETCH_PDF_MAX_MB). */
    fetchPdfMaxMb: number;
    /** Parses one user may run at once (UPLOAD_PARSES_PER_USER); the rest wait their turn, users in rotation. */
    parsesPerUser: number;
  };
  /** An OpenAI-compatible model for AI research (null: the built-in analyst answers alone). */
  llm: LlmConfig | null;
  /** The ops tools (docs/architecture.md 11): see OpsConfig. */
  ops: OpsConfig;
}

/**
 * OPS_BACKEND (`local`: this host is the one instance), OPS_LOG_DIRS (the log roots, separated by
 * `:`; default DATA_DIR/logs), and the live watch's settings: how often a watched file is checked,
 * how long a reader stays after its last watcher, how far behind a reader may fall before it
 * skips (a `gap`), watches per user and files watched at once, the heartbeat and the screen poll.
 */
export interface OpsConfig {
  backend: 'local' | 'aws';
  /** The log roots: on this host (local) or on the instances (aws, absolute paths). */
  logDirs: string[];
  /** DATA_DIR's secret files, never read through a log root whatever path names them (a hard link, a bind mount). */
  secretFiles: string[];
  pollMs: number;
  lingerMs: number;
  maxBacklogBytes: number;
  maxWatchesPerUser: number;
  maxWatchedFiles: number;
  heartbeatMs: number;
  screenPollMs: number;
  /** OPS_BACKEND=aws: EC2 and SSM (null with local). */
  aws: AwsOpsConfig | null;
}

/**
 * OPS_AWS_NAME_PREFIX (the instances listed and acted on; large-pipeline-), OPS_AWS_INSTANCE_ID
 * (the one status/start/stop act on without an instance_id; else the region's only one, never the first by name), OPS_AWS_SCREEN_USER (whose GNU
 * screen sessions are listed; empty: the SSM agent's user), OPS_AWS_WATCH_POLL_MS (least time
 * between two reads of a watched file: one SSM command each), OPS_SSM_POLL_MS (how often a
 * command's result is asked), OPS_SSM_TIMEOUT_MS, and AWS_ENDPOINT_URL (a local endpoint for tests).
 * Credentials come from the SDK's usual chain (instance role, AWS_PROFILE, AWS_ACCESS_KEY_ID).
 */
export interface AwsOpsConfig {
  namePrefix: string;
  instanceId: string | null;
  screenUser: string;
  watchPollMs: number;
  ssmPollMs: number;
  ssmTimeoutMs: number;
  endpoint: string | null;
}

/**
 * LLM_BASE_URL (an OpenAI-compatible /v1 address), LLM_API_KEY, LLM_MODEL ('pro') and
 * LLM_MODEL_FAST ('flash', LLM_MODEL when unset), the per-request timeout and the retries of a
 * failed request.
 */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  modelFast: string;
  timeoutMs: number;
  maxRetries: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
  }
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = read(env, name);
  if (raw === undefined) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL such as ${protocols[0]}//host:port (got "${redact(raw)}")`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.join(' or ')} (got "${parsed.protocol}")`);
  }
  return raw;
}

/** Drops the password of a URL before it goes into an error message. */
export function redact(raw: string): string {
  return raw.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false (got "${raw}")`);
}

function rateLimit(env: Env, name: string, fallback: RateLimit): RateLimit {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const match = /^(\d+)\/(\d+)s$/.exec(raw);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new ConfigError(name, `must be COUNT/SECONDSs, for example 5/60s (got "${raw}")`);
  }
  return { limit: Number(match[1]), windowSeconds: Number(match[2]) };
}

function networks(env: Env, name: string): string[] {
  const entries = (read(env, name) ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!ipaddr.isValidCIDR(entry) && !ipaddr.isValid(entry)) {
      throw new ConfigError(name, `must be comma-separated networks such as 127.0.0.0/8,::1/128 (got "${entry}")`);
    }
  }
  return entries;
}

function cors(env: Env): AppConfig['corsOrigins'] {
  const raw = read(env, 'CORS_ORIGINS');
  if (raw === undefined || raw === 'none') return false;
  if (raw === '*') return true;
  const origins = raw.split(',').map((o) => o.trim());
  for (const origin of origins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) {
      throw new ConfigError(
        'CORS_ORIGINS',
        `must be *, none or a comma-separated list of origins like https://app.example.com (got "${origin}")`,
      );
    }
  }
  return origins;
}

/** EXPORT_MAX_ROWS, also read on its own by the export helpers' default cap. */
export function exportMaxRows(env: Env = process.env): number {
  return integer(env, 'EXPORT_MAX_ROWS', 1_000_000, 1, 100_000_000);
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The secret files kept in DATA_DIR (mode 0600): the generated JWT signing key and the first admin's password. */
export const SECRET_FILES = { jwtSecret: 'jwt-secret', adminPassword: 'admin-password' } as const;

/** The JWT secret: JWT_SECRET when set, else one generated on first start and kept in DATA_DIR. */
function jwtSecret(env: Env, dataDir: string): string {
  const given = read(env, 'JWT_SECRET');
  if (given !== undefined) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET', 'must be at least 32 characters long');
    return given;
  }
  const file = join(dataDir, SECRET_FILES.jwtSecret);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** The model settings: none unless LLM_BASE_URL is set; then LLM_MODEL is required. */
function llm(env: Env): LlmConfig | null {
  const baseUrl = url(env, 'LLM_BASE_URL', ['http:', 'https:']);
  const model = read(env, 'LLM_MODEL');
  if (baseUrl === null) {
    if (model === undefined) return null;
    throw new ConfigError('LLM_MODEL', 'needs LLM_BASE_URL (the OpenAI-compatible address, such as http://localhost:11434/v1)');
  }
  if (model === undefined) {
    throw new ConfigError('LLM_MODEL', 'must name the model when LLM_BASE_URL is set (such as gpt-4o or llama3.1:8b)');
  }
  return {
    baseUrl: baseUrl.replace(/\/$/, ''),
    // Local servers (Ollama, llama.cpp) take any key; the client needs one.
    apiKey: read(env, 'LLM_API_KEY') ?? 'none',
    model,
    modelFast: read(env, 'LLM_MODEL_FAST') ?? model,
    timeoutMs: integer(env, 'LLM_TIMEOUT_MS', 60_000, 1000, 600_000),
    maxRetries: integer(env, 'LLM_MAX_RETRIES', 2, 0, 10),
  };
}

function awsOps(env: Env): AwsOpsConfig {
  const instanceId = read(env, 'OPS_AWS_INSTANCE_ID') ?? null;
  if (instanceId !== null && !/^i-[0-9a-f]{8,17}$/.test(instanceId)) {
    throw new ConfigError('OPS_AWS_INSTANCE_ID', 'must be an EC2 instance id such as i-0123456789abcdef0');
  }
  const screenUser = read(env, 'OPS_AWS_SCREEN_USER') ?? '';
  if (!/^[a-z_][a-z0-9_-]{0,31}$|^$/.test(screenUser)) throw new ConfigError('OPS_AWS_SCREEN_USER', 'must be a user name such as ubuntu');
  return {
    namePrefix: read(env, 'OPS_AWS_NAME_PREFIX') ?? OPS_CONSTANTS.instanceNameFilter,
    instanceId,
    screenUser,
    watchPollMs: integer(env, 'OPS_AWS_WATCH_POLL_MS', 1_000, 100, 60_000),
    ssmPollMs: integer(env, 'OPS_SSM_POLL_MS', 250, 10, 10_000),
    ssmTimeoutMs: integer(env, 'OPS_SSM_TIMEOUT_MS', 60_000, 1_000, 600_000),
    endpoint: read(env, 'AWS_ENDPOINT_URL') ?? null,
  };
}

/** A path with its symlinks resolved as far as it exists (the rest as written). */
function realish(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realish(parent), basename(path));
  }
}

/**
 * Every log root can be read by ops users (and written by the pipelines that log there): none may
 * hold DATA_DIR, where the JWT signing secret, the first admin's password and the database live.
 */
function refuseRootsOverDataDir(logDirs: string[], dataDir: string): void {
  const data = realish(dataDir);
  for (const dir of logDirs) {
    const rel = relative(realish(dir), data);
    if (rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))) {
      throw new ConfigError(
        'OPS_LOG_DIRS',
        `must not name DATA_DIR or a directory above it ("${dir}" holds ${dataDir}, where the JWT secret is kept): name the log directories only, such as ${join(dataDir, 'logs')}`,
      );
    }
  }
}

function ops(env: Env, cwd: string, dataDir: string): OpsConfig {
  const backend = read(env, 'OPS_BACKEND') ?? 'local';
  if (backend !== 'local' && backend !== 'aws') throw new ConfigError('OPS_BACKEND', `must be local or aws (got "${backend}")`);
  const dirs = read(env, 'OPS_LOG_DIRS');
  const fallback = backend === 'aws' ? ['/var/log/pipeline'] : [join(dataDir, 'logs')];
  const logDirs = dirs === undefined ? fallback : dirs.split(delimiter).filter(Boolean);
  if (logDirs.length === 0) throw new ConfigError('OPS_LOG_DIRS', `must name at least one directory (separated by "${delimiter}")`);
  if (backend === 'aws' && logDirs.some((dir) => !dir.startsWith('/'))) {
    throw new ConfigError('OPS_LOG_DIRS', 'with OPS_BACKEND=aws the log directories are absolute paths on the instances');
  }
  const resolved = backend === 'aws' ? [...new Set(logDirs)] : [...new Set(logDirs.map((dir) => resolve(cwd, dir)))];
  if (backend === 'local') refuseRootsOverDataDir(resolved, dataDir);
  return {
    backend,
    logDirs: resolved,
    secretFiles: Object.values(SECRET_FILES).map((name) => join(dataDir, name)),
    pollMs: integer(env, 'OPS_WATCH_POLL_MS', 200, 10, 10_000),
    lingerMs: integer(env, 'OPS_WATCH_LINGER_MS', 5_000, 0, 600_000),
    maxBacklogBytes: integer(env, 'OPS_WATCH_MAX_BACKLOG_BYTES', 1024 * 1024, 1024, 1024 * 1024 * 1024),
    maxWatchesPerUser: integer(env, 'OPS_WATCHES_PER_USER', 10, 1, 1000),
    maxWatchedFiles: integer(env, 'OPS_WATCHED_FILES', 100, 1, 10_000),
    heartbeatMs: integer(env, 'OPS_HEARTBEAT_MS', 15_000, 10, 600_000),
    screenPollMs: integer(env, 'OPS_SCREEN_POLL_MS', 1_000, 50, 60_000),
    aws: backend === 'aws' ? awsOps(env) : null,
  };
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const dataDir = resolve(cwd, read(env, 'DATA_DIR') ?? '.credence');
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info') as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/$/, '');
  const mailFrom = read(env, 'MAIL_FROM') ?? 'Credence <no-reply@credence.local>';
  const adminEmail = (read(env, 'ADMIN_EMAIL') ?? 'admin@credence.local').toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(adminEmail)) throw new ConfigError('ADMIN_EMAIL', `must be an e-mail address (got "${adminEmail}")`);
  return {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    publicUrl,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: read(env, 'REDIS_PREFIX') ?? 'credence',
    runJobs: boolean(env, 'RUN_JOBS', true),
    jobLockMs: integer(env, 'JOB_LOCK_MS', 30_000, 500, 3_600_000),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom,
    alertMail: {
      digestHour: integer(env, 'ALERT_DIGEST_HOUR', 7, 0, 23),
      windowSeconds: integer(env, 'ALERT_MAIL_WINDOW_SECONDS', 60, 0, 3600),
    },
    jwtSecret: jwtSecret(env, dataDir),
    jwtIssuer: read(env, 'JWT_ISSUER') ?? 'credence',
    jwtAudience: read(env, 'JWT_AUDIENCE') ?? 'credence-api',
    sessionTtlSeconds: integer(env, 'SESSION_TTL_SECONDS', 8 * 3600, 60, 30 * 24 * 3600),
    corsOrigins: cors(env),
    logLevel,
    loginFailureLimit: rateLimit(env, 'LOGIN_FAILURE_LIMIT', { limit: 5, windowSeconds: 60 }),
    loginAddressFailureLimit: rateLimit(env, 'LOGIN_ADDRESS_FAILURE_LIMIT', { limit: 50, windowSeconds: 60 }),
    formRateLimit: rateLimit(env, 'FORM_RATE_LIMIT', { limit: 10, windowSeconds: 60 }),
    userRateLimits: {
      query: rateLimit(env, 'QUERY_RATE_LIMIT', { limit: 60, windowSeconds: 60 }),
      exports: rateLimit(env, 'EXPORT_RATE_LIMIT', { limit: 10, windowSeconds: 60 }),
      documents: rateLimit(env, 'DOCUMENT_RATE_LIMIT', { limit: 120, windowSeconds: 60 }),
      ops: rateLimit(env, 'OPS_RATE_LIMIT', { limit: 120, windowSeconds: 60 }),
      pageText: rateLimit(env, 'PAGE_TEXT_RATE_LIMIT', { limit: 120, windowSeconds: 60 }),
      pdfFiles: rateLimit(env, 'PDF_FILE_RATE_LIMIT', { limit: 60, windowSeconds: 60 }),
      chats: rateLimit(env, 'CHAT_RATE_LIMIT', { limit: 120, windowSeconds: 60 }),
      uploads: rateLimit(env, 'UPLOAD_RATE_LIMIT', { limit: 20, windowSeconds: 60 }),
      watchlists: rateLimit(env, 'WATCHLIST_RATE_LIMIT', { limit: 120, windowSeconds: 60 }),
      webhooks: rateLimit(env, 'WEBHOOK_RATE_LIMIT', { limit: 20, windowSeconds: 60 }),
    },
    webhookAllowNetworks: networks(env, 'WEBHOOK_ALLOW_NETWORKS'),
    google: {
      clientId: read(env, 'GOOGLE_CLIENT_ID') ?? null,
      authorizeUrl: url(env, 'GOOGLE_AUTHORIZE_URL', ['http:', 'https:']) ?? 'https://accounts.google.com/o/oauth2/v2/auth',
      redirectUri: url(env, 'GOOGLE_REDIRECT_URI', ['http:', 'https:']) ?? `${publicUrl}/login`,
      userinfoUrl: url(env, 'GOOGLE_USERINFO_URL', ['http:', 'https:']) ?? 'https://www.googleapis.com/oauth2/v3/userinfo',
      tokeninfoUrl: url(env, 'GOOGLE_TOKENINFO_URL', ['http:', 'https:']) ?? 'https://oauth2.googleapis.com/tokeninfo',
    },
    microsoft: {
      authorizeUrl:
        url(env, 'MICROSOFT_AUTHORIZE_URL', ['http:', 'https:']) ?? 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
      clientId: read(env, 'MICROSOFT_CLIENT_ID') ?? null,
      clientSecret: read(env, 'MICROSOFT_CLIENT_SECRET') ?? null,
      redirectUri: url(env, 'MICROSOFT_REDIRECT_URI', ['http:', 'https:']) ?? `${publicUrl}/login`,
      tokenUrl: url(env, 'MICROSOFT_TOKEN_URL', ['http:', 'https:']) ?? 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
      profileUrl: url(env, 'MICROSOFT_PROFILE_URL', ['http:', 'https:']) ?? 'https://graph.microsoft.com/v1.0/me',
    },
    adminEmail,
    adminPassword: read(env, 'ADMIN_PASSWORD') ?? null,
    supportEmail: read(env, 'SUPPORT_EMAIL') ?? 'support@credence.local',
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    webDist: read(env, 'WEB_DIST') ?? null,
    chApiKey: read(env, 'CH_API_KEY') ?? null,
    chApiUrl: (url(env, 'CH_API_URL', ['http:', 'https:']) ?? 'https://api.company-information.service.gov.uk').replace(/\/$/, ''),
    chStreamKey: read(env, 'CH_STREAM_KEY') ?? null,
    chStreamUrl: (url(env, 'CH_STREAM_URL', ['http:', 'https:']) ?? 'https://stream.companieshouse.gov.uk').replace(/\/$/, ''),
    sampleCompanies: integer(env, 'SAMPLE_COMPANIES', 2000, 0, 10_000_000),
    exportMaxRows: exportMaxRows(env),
    screenerMemory: {
      enabled: boolean(env, 'SCREENER_MEMORY', true),
      minRows: integer(env, 'SCREENER_MEMORY_MIN_ROWS', 100_000, 0, 1_000_000_000),
      maxDistinct: integer(env, 'SCREENER_MEMORY_MAX_DISTINCT', 2_000_000, 1, 100_000_000),
    },
    research: {
      creditsPerMonth: integer(env, 'RESEARCH_CREDITS_PER_MONTH', 100, 0, 1_000_000),
      resumeGraceMs: integer(env, 'RESEARCH_RESUME_GRACE_MS', 10_000, 0, 600_000),
      streamRetentionMs: integer(env, 'RESEARCH_STREAM_RETENTION_MS', 60_000, 0, 3_600_000),
      heartbeatMs: integer(env, 'RESEARCH_HEARTBEAT_MS', 15_000, 10, 600_000),
    },
    chats: {
      messageMaxKb: integer(env, 'CHAT_MESSAGE_MAX_KB', 256, 1, 100 * 1024),
      maxMessages: integer(env, 'CHAT_MAX_MESSAGES', 200, 1, 100_000),
      pageMaxKb: integer(env, 'GET_CHAT_MAX_KB', 2048, 16, 1024 * 1024),
    },
    upload: {
      maxMb: integer(env, 'UPLOAD_MAX_MB', 50, 1, 2048),
      maxPages: integer(env, 'UPLOAD_MAX_PAGES', 2000, 1, 100_000),
      parseTimeoutMs: integer(env, 'UPLOAD_PARSE_TIMEOUT_MS', 60_000, 100, 3_600_000),
      parseMemoryMb: integer(env, 'UPLOAD_PARSE_MEMORY_MB', 512, 64, 16_384),
      maxPageItems: integer(env, 'UPLOAD_MAX_PAGE_ITEMS', 20_000, 100, 1_000_000),
      maxPageChars: integer(env, 'UPLOAD_MAX_PAGE_CHARS', 200_000, 1_000, 10_000_000),
      pageTextMaxKb: integer(env, 'PDF_PAGE_TEXT_MAX_KB', 4096, 16, 1024 * 1024),
      fetchPdfMaxMb: integer(env, 'FETCH_PDF_MAX_MB', 10, 1, 2048),
      parsesPerUser: integer(env, 'UPLOAD_PARSES_PER_USER', 1, 1, 1024),
    },
    llm: llm(env),
    ops: ops(env, cwd, dataDir),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
