/**
 * A stream consumer in a process of its own, for the replay test to kill with SIGKILL: joins the
 * suite's database (the embedded one the test process serves, or its server database), consumes
 * every stream from CH_STREAM_URL until killed. Short leases so that the next one takes the streams
 * over soon after the last was killed (as a restarted server would after its lease ran out).
 *
 *   node dist/test/support/stream-consumer-child.js   (env: the suite's, plus CH_STREAM_URL)
 */
import { DataSource } from 'typeorm';
import type { Clock } from '../../src/core/clock.js';
import { loadConfig } from '../../src/core/config/config.js';
import { openDatabase } from '../../src/core/database/database.js';
import { ENTITIES } from '../../src/entities.js';
import { HttpStreamSource } from '../../src/modules/companies-house/stream/http-stream-source.js';
import { StreamConsumer } from '../../src/modules/companies-house/stream/stream-consumer.js';
import { STREAM_KEY } from './ch-stream-server.js';

/** Backoff and lease waits pass within 20 ms; timers stay real. */
const quickClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => new Promise((r) => (signal?.aborted ? r() : setTimeout(r, Math.min(ms, 20)))),
};

const config = loadConfig(process.env);
const handle = await openDatabase(config, { share: true, entities: ENTITIES });
const dataSource = new DataSource(handle.options);
await dataSource.initialize();
const consumer = new StreamConsumer({
  dataSource,
  source: new HttpStreamSource({ baseUrl: process.env.CH_STREAM_URL!, key: STREAM_KEY }),
  owner: `replay-child:${process.pid}`,
  clock: quickClock,
  minBackoffMs: 5,
  flushMs: 20,
  batchSize: 250,
  leaseMs: 1000,
  onBad: (stream, where, reason) => process.stderr.write(`bad ${stream} ${where}: ${reason}\n`),
});
process.stdout.write('consuming\n');
await consumer.run(new AbortController().signal);
