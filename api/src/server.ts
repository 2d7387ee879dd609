import 'reflect-metadata';
import { createApi } from './core/bootstrap.js';
import { ConfigError, loadConfig, redact } from './core/config/config.js';
import { DatabaseInUseError } from './core/database/database.js';
import { lineReporter, restoreDeferredCompanyIndexes } from './modules/companies-house/import/companies-csv.bulk-load.js';
import { ensureSampleData } from './modules/companies-house/seed/first-start.js';
import { ensureUsSampleData } from './modules/us-equity/seed/us-first-start.js';
import { refreshOwedAndIdle } from './modules/companies-house/store/derived-tables.js';
import { ensureFirstAdmin } from './core/users/first-admin.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const api = await createApi(config);
  // A bulk companies-csv import that was killed left the search indexes aside: rebuild them first.
  await restoreDeferredCompanyIndexes(
    api.dataSource,
    lineReporter((line) => process.stdout.write(`  ${line}\n`)),
  );
  const owed = await refreshOwedAndIdle(api.dataSource);
  if (owed) {
    process.stdout.write(
      `  Search words, statistics and screener views are owed a refresh since ${owed.since.toISOString()} (${owed.by}) and none is running: ` +
        'run `credence-admin refresh`.\n',
    );
  }
  const admin = await ensureFirstAdmin(api.app, config);
  await ensureSampleData(api.dataSource, config, (line) => process.stdout.write(`  ${line}\n`));
  await ensureUsSampleData(api.dataSource, config, (line) => process.stdout.write(`  ${line}\n`));
  // Before the ready line: a supervisor (or a test) may stop the server as soon as it reads it, and a
  // signal with no handler yet would kill it without closing the database.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n  ${signal}: finishing requests and jobs, then closing the database...\n`);
    const force = setTimeout(() => {
      process.stderr.write(`  Still busy after ${SHUTDOWN_GRACE_MS / 1000} s: stopping now.\n`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    api.close().then(
      () => process.exit(0),
      (error) => {
        process.stderr.write(`  Shutdown failed: ${error}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await api.app.listen({ port: config.port, host: config.host });
  const address = api.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const database = config.databaseUrl ? redact(config.databaseUrl) : `embedded (${config.dataDir}/pg)`;
  const lines = [
    '',
    `  Credence is running at ${url}`,
    `  API reference: ${url}/api/docs    health: ${url}/api/health`,
    `  Database: ${database}    jobs: ${config.redisUrl ? 'Redis' : 'in-process'}    mail: ${config.smtpUrl ? 'SMTP' : `${config.dataDir}/outbox`}`,
    admin.created
      ? `  Sign in as ${admin.email} with the password ${admin.passwordFile ? `in ${admin.passwordFile}` : 'from ADMIN_PASSWORD'} (created now).`
      : `  Admin account: ${admin.email}${admin.passwordFile ? ` (password in ${admin.passwordFile})` : ''}.`,
    '  Press Ctrl-C to stop.',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DatabaseInUseError) {
    process.stderr.write(`credence: ${error.message}\n`);
  } else {
    process.stderr.write(`credence: could not start: ${error?.stack ?? error}\n`);
  }
  process.exit(1);
});
