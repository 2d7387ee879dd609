import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../../core/config/config.js';
import { ChApiClient } from '../sync/ch-api-client.js';
import type { StreamListenerFactory } from '../../../platform/register/stream-event.js';
import { StreamConsumer, type ConsumerOptions } from './stream-consumer.js';

/**
 * The consumer as the server, the worker and `credence-admin sync stream` start it: the host and
 * key from the configuration (CH_STREAM_URL, CH_STREAM_KEY), and the REST client of `sync`
 * (CH_API_URL, CH_API_KEY) for the companies a 416 queues; `listener` (the watchlists' alerts, given by
 * the composition root) told of each batch, through `redis` too when given.
 */
export async function startStreams(
  config: AppConfig,
  dataSource: DataSource,
  extra: Partial<ConsumerOptions> = {},
  redis: Redis | null = null,
  listener: StreamListenerFactory | null = null,
): Promise<{ consumer: StreamConsumer; done: Promise<void>; stop(): Promise<void> }> {
  if (!config.chStreamKey) throw new Error('the Companies House streams need a stream key: set CH_STREAM_KEY');
  const controller = new AbortController();
  const info = extra.onInfo ?? (() => undefined);
  // one adapter today, loaded lazily like the ops backends
  const { HttpStreamSource } = await import('./http-stream-source.js');
  const source = new HttpStreamSource({ baseUrl: config.chStreamUrl, key: config.chStreamKey });
  const client = config.chApiKey
    ? new ChApiClient({
        baseUrl: config.chApiUrl,
        apiKey: config.chApiKey,
        signal: controller.signal,
        onWait: (m) => info(`re-fetch: ${m}`),
      })
    : null;
  const consumer = new StreamConsumer({
    dataSource,
    source,
    resync: client ? { client } : null,
    ...listener?.(redis, config.redisPrefix),
    ...extra,
  });
  const done = consumer.run(controller.signal);
  return {
    consumer,
    done,
    stop: async () => {
      controller.abort();
      await done.catch(() => undefined);
    },
  };
}
