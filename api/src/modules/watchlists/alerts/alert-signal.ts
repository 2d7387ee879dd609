import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * "New alerts were committed": told by whoever writes them (the stream consumer after each batch)
 * to the followers of this process (AlertsService, which then reads them at once instead of waiting
 * for its fallback poll) and, when Redis is configured, to every other process on a pub/sub channel
 * (the worker consumes the streams, the API processes serve the notifications panel).
 */
const local = new EventEmitter().setMaxListeners(0);

export const alertsChannel = (redisPrefix: string) => `${redisPrefix}:alerts:written`;

/** Call after the transaction that wrote alerts committed. */
export function announceAlerts(redis: Redis | null = null, redisPrefix = ''): void {
  local.emit('written');
  if (redis) void redis.publish(alertsChannel(redisPrefix), '1').catch(() => undefined);
}

/** Calls `wake` on each announcement made in this process; answers the function that stops it. */
export function onAlertsAnnounced(wake: () => void): () => void {
  local.on('written', wake);
  return () => local.off('written', wake);
}

/** The consumer's `committed` hook for `observe: alertsOfEvents` (which answers the alerts written). */
export function announceWritten(redis: Redis | null = null, redisPrefix = ''): (stream: string, written: unknown) => void {
  return (_stream, written) => {
    if (typeof written === 'number' && written > 0) announceAlerts(redis, redisPrefix);
  };
}
