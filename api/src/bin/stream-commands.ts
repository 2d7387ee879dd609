import { loadConfig } from '../core/config/config.js';
import { describeStreamStatus, readStreamStatus } from '../modules/companies-house/stream/stream-status.js';
import { startStreams } from '../modules/companies-house/stream/stream-runner.js';
import { watchlistStreamAlerts } from '../modules/watchlists/alerts/stream-alerts.js';
import { STREAM_NAMES, type StreamName } from '../platform/register/stream-event.js';
import { openDataSource } from './data-commands.js';
import { UsageError } from './usage-error.js';

/**
 * `credence-admin sync stream [streams...]`: consumes the Companies House streams into the
 * database until Ctrl-C (each stream's position is stored with what it applied: the next run
 * resumes there). Progress and problems on stderr; exit 0 when stopped, 1 when the key is refused
 * (StreamKeyRefused, reported by credence-admin's error handler).
 */
export async function runSyncStream(names: string[], options: { quiet?: boolean }): Promise<void> {
  const config = loadConfig();
  if (!config.chStreamKey)
    throw new UsageError('sync stream needs a Companies House stream key: set CH_STREAM_KEY (stream keys differ from REST keys)');
  const unknown = names.filter((n) => !(STREAM_NAMES as string[]).includes(n));
  if (unknown.length) throw new UsageError(`unknown stream "${unknown[0]}": use any of ${STREAM_NAMES.join(', ')}`);
  const streams = (names.length ? names : STREAM_NAMES) as StreamName[];
  const db = await openDataSource({ ...config, runJobs: false });
  const say = (line: string) => !options.quiet && process.stderr.write(`sync stream: ${line}\n`);
  let applied = 0;
  let lastSaid = Date.now();
  const running = await startStreams(
    config,
    db.dataSource,
    {
      streams,
      onInfo: say,
      onBad: (stream, where, reason) => process.stderr.write(`${stream}: ${where}: ${reason}\n`),
      onBatch: (_stream, result) => {
        applied += result.applied;
        if (Date.now() - lastSaid >= 5000) {
          lastSaid = Date.now();
          say(`${applied.toLocaleString('en-GB')} events applied`);
        }
      },
    },
    null,
    watchlistStreamAlerts,
  );
  say(`consuming ${streams.join(', ')} from ${config.chStreamUrl}; Ctrl-C to stop (the next run resumes where this one stopped)`);
  const stop = () => {
    say('stopping after the batch under way...');
    void running.stop();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await running.done;
    say(`stopped: ${applied.toLocaleString('en-GB')} events applied`);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await db.close();
  }
}

/** `credence-admin status`: the streams' positions, lag and throughput. */
export async function runStatus(options: { json?: boolean }): Promise<void> {
  const config = loadConfig();
  const db = await openDataSource({ ...config, runJobs: false });
  try {
    const status = await readStreamStatus(db.dataSource);
    const answer = { companies_house_stream: { configured: Boolean(config.chStreamKey), url: config.chStreamUrl, ...status } };
    process.stdout.write(options.json ? JSON.stringify(answer, null, 2) + '\n' : describeStreamStatus(status) + '\n');
  } finally {
    await db.close();
  }
}
