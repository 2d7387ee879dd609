import { mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ConfigError, loadConfig } from './config.js';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'credence-config-')) });

function failure(env: Record<string, string>): string {
  try {
    loadConfig({ ...base(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const config = loadConfig(base(), '/srv/app');
    expect(config).toMatchObject({ port: 3000, databaseUrl: null, redisUrl: null, smtpUrl: null, publicUrl: 'http://localhost:3000' });
    expect(config.loginFailureLimit).toEqual({ limit: 5, windowSeconds: 60 });
    expect(config.loginAddressFailureLimit).toEqual({ limit: 50, windowSeconds: 60 });
    expect(config.userRateLimits).toEqual({
      query: { limit: 60, windowSeconds: 60 },
      exports: { limit: 10, windowSeconds: 60 },
      documents: { limit: 120, windowSeconds: 60 },
      ops: { limit: 120, windowSeconds: 60 },
      pageText: { limit: 120, windowSeconds: 60 },
      pdfFiles: { limit: 60, windowSeconds: 60 },
      chats: { limit: 120, windowSeconds: 60 },
      uploads: { limit: 20, windowSeconds: 60 },
      watchlists: { limit: 120, windowSeconds: 60 },
      webhooks: { limit: 20, windowSeconds: 60 },
    });
    // webhooks go only to public addresses unless a network is allowed by name
    expect(config.webhookAllowNetworks).toEqual([]);
    expect(loadConfig({}, '/srv/app').dataDir).toBe('/srv/app/.credence');
    expect(config.ops).toMatchObject({ backend: 'local', logDirs: [`${config.dataDir}/logs`] });
  });

  it('reads the ops log roots (separated by ":", relative to the start folder) and refuses an unknown backend by name', () => {
    expect(loadConfig({ ...base(), OPS_LOG_DIRS: '/var/log/app:logs:/var/log/app' }, '/srv/app').ops.logDirs).toEqual([
      '/var/log/app',
      '/srv/app/logs',
    ]);
    expect(() => loadConfig({ ...base(), OPS_BACKEND: 'gcp' }, '/srv/app')).toThrow('Invalid configuration: OPS_BACKEND must be local');
    expect(() => loadConfig({ ...base(), OPS_WATCHES_PER_USER: '0' }, '/srv/app')).toThrow('OPS_WATCHES_PER_USER must be a whole number');
  });

  it('refuses an ops log root that is DATA_DIR or above it (the JWT secret would be readable), by any spelling; below it is fine', () => {
    const env = base();
    const link = join(mkdtempSync(join(tmpdir(), 'credence-config-link-')), 'up');
    symlinkSync(dirname(env.DATA_DIR), link);
    for (const roots of [
      env.DATA_DIR,
      `${env.DATA_DIR}/`,
      dirname(env.DATA_DIR),
      '/',
      link,
      `${env.DATA_DIR}/logs:${env.DATA_DIR}/logs/..`,
    ]) {
      expect(failure({ ...env, OPS_LOG_DIRS: roots })).toMatch(
        /^Invalid configuration: OPS_LOG_DIRS must not name DATA_DIR or a directory above it \(".*" holds .*, where the JWT secret is kept\)/,
      );
    }
    mkdirSync(join(env.DATA_DIR, 'logs'));
    symlinkSync(join(env.DATA_DIR, 'logs'), join(dirname(link), 'logs-link'));
    for (const roots of [
      `${env.DATA_DIR}/logs`,
      `${env.DATA_DIR}/logs/pipeline`,
      `${env.DATA_DIR}-logs`,
      join(dirname(link), 'logs-link'),
    ]) {
      expect(loadConfig({ ...env, OPS_LOG_DIRS: roots }).ops.logDirs).toHaveLength(1);
    }
    expect(loadConfig({ ...env, OPS_BACKEND: 'aws', OPS_LOG_DIRS: '/' }).ops.logDirs).toEqual(['/']);
    expect(loadConfig(env).ops.secretFiles).toEqual([join(env.DATA_DIR, 'jwt-secret'), join(env.DATA_DIR, 'admin-password')]);
  });

  it('reads the aws ops backend: the large-pipeline- prefix, absolute roots on the instances, a valid managed id and screen user', () => {
    const aws = loadConfig({ ...base(), OPS_BACKEND: 'aws' }, '/srv/app').ops;
    expect(aws).toMatchObject({ backend: 'aws', logDirs: ['/var/log/pipeline'] });
    expect(aws.aws).toMatchObject({ namePrefix: 'large-pipeline-', instanceId: null, screenUser: '', watchPollMs: 1000 });
    expect(failure({ OPS_BACKEND: 'aws', OPS_LOG_DIRS: 'logs' })).toContain('OPS_LOG_DIRS');
    expect(failure({ OPS_BACKEND: 'aws', OPS_AWS_INSTANCE_ID: 'i-1; rm -rf /' })).toContain('OPS_AWS_INSTANCE_ID');
    expect(failure({ OPS_BACKEND: 'aws', OPS_AWS_SCREEN_USER: 'root -c id' })).toContain('OPS_AWS_SCREEN_USER');
    expect(loadConfig({ ...base() }).ops.aws).toBeNull();
  });

  it('generates the JWT secret once, keeps it in DATA_DIR with mode 0600, and reuses it', () => {
    const env = base();
    const first = loadConfig(env).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(loadConfig(env).jwtSecret).toBe(first);
    expect(readFileSync(join(env.DATA_DIR, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(env.DATA_DIR, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('names the variable and the fix on a bad value', () => {
    expect(failure({ PORT: 'abc' })).toBe('Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc")');
    expect(failure({ PORT: '70000' })).toMatch(/^Invalid configuration: PORT/);
    expect(failure({ DATABASE_URL: 'mysql://x' })).toBe(
      'Invalid configuration: DATABASE_URL must start with postgres: or postgresql: (got "mysql:")',
    );
    expect(failure({ REDIS_URL: 'not a url' })).toMatch(/^Invalid configuration: REDIS_URL must be a URL/);
    expect(failure({ JWT_SECRET: 'short' })).toBe('Invalid configuration: JWT_SECRET must be at least 32 characters long');
    expect(failure({ LOGIN_FAILURE_LIMIT: 'five' })).toMatch(/LOGIN_FAILURE_LIMIT must be COUNT\/SECONDSs/);
    expect(failure({ RUN_JOBS: 'maybe' })).toMatch(/RUN_JOBS must be true or false/);
    expect(failure({ CORS_ORIGINS: 'example.com' })).toMatch(/^Invalid configuration: CORS_ORIGINS/);
    expect(failure({ LOG_LEVEL: 'loud' })).toMatch(/^Invalid configuration: LOG_LEVEL must be one of/);
    expect(failure({ CH_STREAM_URL: 'stream.companieshouse.gov.uk' })).toMatch(/^Invalid configuration: CH_STREAM_URL must be a URL/);
    expect(failure({ CH_STREAM_URL: 'ftp://stream.local' })).toBe(
      'Invalid configuration: CH_STREAM_URL must start with http: or https: (got "ftp:")',
    );
  });

  it('reads the Companies House stream key and host, off without a key', () => {
    expect(loadConfig(base(), '/srv/app')).toMatchObject({ chStreamKey: null, chStreamUrl: 'https://stream.companieshouse.gov.uk' });
    expect(loadConfig({ ...base(), CH_STREAM_KEY: 'k', CH_STREAM_URL: 'http://127.0.0.1:9/' }, '/srv/app')).toMatchObject({
      chStreamKey: 'k',
      chStreamUrl: 'http://127.0.0.1:9',
    });
  });

  it('never echoes a password from a URL', () => {
    expect(failure({ DATABASE_URL: 'postgres//user:hunter2@db/x' })).not.toContain('hunter2');
  });

  it('reads limits, CORS origins and provider endpoints', () => {
    const config = loadConfig({
      ...base(),
      LOGIN_FAILURE_LIMIT: '3/30s',
      LOGIN_ADDRESS_FAILURE_LIMIT: '200/600s',
      EXPORT_RATE_LIMIT: '2/10s',
      CORS_ORIGINS: 'https://a.example.com,https://b.example.com',
      GOOGLE_USERINFO_URL: 'http://127.0.0.1:9/userinfo',
      PORT: '8080',
    });
    expect(config.loginFailureLimit).toEqual({ limit: 3, windowSeconds: 30 });
    expect(config.loginAddressFailureLimit).toEqual({ limit: 200, windowSeconds: 600 });
    expect(config.userRateLimits.exports).toEqual({ limit: 2, windowSeconds: 10 });
    expect(config.corsOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(config.google.userinfoUrl).toBe('http://127.0.0.1:9/userinfo');
    expect(config.microsoft.redirectUri).toBe('http://localhost:8080/login');
  });

  it('reads the language model settings, none without LLM_BASE_URL, and stops on a wrong one', () => {
    expect(loadConfig(base()).llm).toBeNull();
    expect(
      loadConfig({ ...base(), LLM_BASE_URL: 'http://localhost:11434/v1/', LLM_MODEL: 'llama3.1:70b', LLM_MODEL_FAST: 'llama3.1:8b' }).llm,
    ).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: 'none',
      model: 'llama3.1:70b',
      modelFast: 'llama3.1:8b',
      timeoutMs: 60_000,
      maxRetries: 2,
    });
    const pro = loadConfig({
      ...base(),
      LLM_BASE_URL: 'https://api.example.com/v1',
      LLM_MODEL: 'gpt-4o',
      LLM_API_KEY: 'sk-x',
      LLM_TIMEOUT_MS: '5000',
      LLM_MAX_RETRIES: '0',
    }).llm;
    expect(pro).toMatchObject({ apiKey: 'sk-x', modelFast: 'gpt-4o', timeoutMs: 5000, maxRetries: 0 });
    expect(failure({ LLM_BASE_URL: 'localhost:11434' })).toMatch(/^Invalid configuration: LLM_BASE_URL must/);
    expect(failure({ LLM_BASE_URL: 'http://localhost:11434/v1' })).toMatch(/^Invalid configuration: LLM_MODEL must name the model/);
    expect(failure({ LLM_MODEL: 'gpt-4o' })).toMatch(/^Invalid configuration: LLM_MODEL needs LLM_BASE_URL/);
    const llm = { LLM_BASE_URL: 'http://localhost:8080/v1', LLM_MODEL: 'm' };
    expect(failure({ ...llm, LLM_TIMEOUT_MS: '10s' })).toBe(
      'Invalid configuration: LLM_TIMEOUT_MS must be a whole number from 1000 to 600000 (got "10s")',
    );
    expect(failure({ ...llm, LLM_MAX_RETRIES: '-1' })).toMatch(/^Invalid configuration: LLM_MAX_RETRIES must be a whole number/);
  });

  it('reads the research credits, resume grace, stream retention and heartbeat, and the job lock, with their defaults', () => {
    expect(loadConfig(base()).research).toEqual({
      creditsPerMonth: 100,
      resumeGraceMs: 10_000,
      streamRetentionMs: 60_000,
      heartbeatMs: 15_000,
    });
    expect(loadConfig(base()).jobLockMs).toBe(30_000);
    const set = loadConfig({
      ...base(),
      RESEARCH_CREDITS_PER_MONTH: '0',
      RESEARCH_RESUME_GRACE_MS: '2500',
      RESEARCH_STREAM_RETENTION_MS: '0',
      RESEARCH_HEARTBEAT_MS: '1000',
      JOB_LOCK_MS: '5000',
    });
    expect(set.research).toEqual({ creditsPerMonth: 0, resumeGraceMs: 2500, streamRetentionMs: 0, heartbeatMs: 1000 });
    expect(set.jobLockMs).toBe(5000);
    expect(failure({ RESEARCH_CREDITS_PER_MONTH: 'lots' })).toBe(
      'Invalid configuration: RESEARCH_CREDITS_PER_MONTH must be a whole number from 0 to 1000000 (got "lots")',
    );
    expect(failure({ RESEARCH_HEARTBEAT_MS: '0' })).toMatch(/^Invalid configuration: RESEARCH_HEARTBEAT_MS must be a whole number/);
    expect(failure({ JOB_LOCK_MS: '100' })).toMatch(/^Invalid configuration: JOB_LOCK_MS must be a whole number from 500/);
  });
});
