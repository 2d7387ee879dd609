import type { Redis } from 'ioredis';
import type { EntityManager } from 'typeorm';
import { CH_STREAM_PATHS } from '@credence/shared';
import { normaliseCompanyNumber } from './ch-api.mapper.js';

/**
 * The Companies House Streaming API's streams that change what Credence shows, and the envelope of
 * their events (docs: developer-specs.company-information.service.gov.uk/streaming-api):
 * `{resource_kind, resource_uri, resource_id, data, event: {timepoint, published_at, type}}`, one
 * JSON document a line; `data` is the REST resource at `resource_uri`, absent when deleted.
 */

export const STREAMS = CH_STREAM_PATHS;

export type StreamName = keyof typeof STREAMS;
export const STREAM_NAMES = Object.keys(STREAMS) as StreamName[];

/** What an event changes: one row (or one company's rows) of the tables the API importer writes. */
export type Target = 'profile' | 'officers' | 'pscs' | 'charges' | 'filing-history' | 'insolvency' | 'disqualified-officer';

export interface StreamEvent {
  target: Target;
  /** The company the resource belongs to (null for a disqualified officer). */
  companyNumber: string | null;
  /** The resource's own id within its table: appointment id, PSC id, charge id, transaction id, officer id. */
  key: string;
  resourceId: string;
  resourceUri: string;
  timepoint: number;
  publishedAt: string | null;
  deleted: boolean;
  data: Record<string, unknown> | null;
}

export class EventError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** resource_uri → what it names. */
const URI_PATTERNS: [RegExp, Target][] = [
  [/^\/company\/([^/]+)$/, 'profile'],
  [/^\/company\/([^/]+)\/appointments\/([^/]+)$/, 'officers'],
  [/^\/company\/([^/]+)\/persons-with-significant-control\/[^/]+\/([^/]+)$/, 'pscs'],
  [/^\/company\/([^/]+)\/charges\/([^/]+)$/, 'charges'],
  [/^\/company\/([^/]+)\/filing-history\/([^/]+)$/, 'filing-history'],
  [/^\/company\/([^/]+)\/insolvency$/, 'insolvency'],
  [/^\/disqualified-officers\/(natural|corporate)\/([^/]+)$/, 'disqualified-officer'],
];

/** Which targets each stream may carry (an event of another kind on it is refused as bad input). */
export const STREAM_TARGETS: Record<StreamName, Target> = {
  companies: 'profile',
  filings: 'filing-history',
  officers: 'officers',
  pscs: 'pscs',
  charges: 'charges',
  'insolvency-cases': 'insolvency',
  'disqualified-officers': 'disqualified-officer',
};

/** published_at with no zone is UK time as published; read as UTC (the stream's timestamps are at most an hour off). */
function publishedAt(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const time = Date.parse(text);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

/** One line of a stream → the event, or EventError saying why it cannot be applied. */
export function parseEvent(stream: StreamName, line: string): StreamEvent {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new EventError(`not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(value)) throw new EventError('not a JSON object');
  const event = value.event;
  if (!isObject(event)) throw new EventError('no "event" object');
  const timepoint = event.timepoint;
  if (typeof timepoint !== 'number' || !Number.isSafeInteger(timepoint) || timepoint < 0)
    throw new EventError(`event.timepoint "${String(timepoint)}" is not a whole number`);
  const uri = typeof value.resource_uri === 'string' ? value.resource_uri.split('?')[0].replace(/\/+$/, '') : '';
  const match = URI_PATTERNS.map(([pattern, target]) => ({ m: pattern.exec(uri), target })).find(({ m }) => m);
  if (!match) throw new EventError(`resource_uri "${uri.slice(0, 120)}" is not a resource this consumer applies`);
  const target = match.target;
  if (target !== STREAM_TARGETS[stream]) throw new EventError(`a ${target} event does not belong on the ${stream} stream`);
  const type = event.type;
  if (type !== 'changed' && type !== 'deleted') throw new EventError(`event.type "${String(type)}" is neither changed nor deleted`);
  const deleted = type === 'deleted';
  const data = isObject(value.data) ? value.data : null;
  if (!deleted && !data) throw new EventError('a changed event without "data"');
  let companyNumber: string | null = null;
  let key: string;
  if (target === 'disqualified-officer') {
    key = decodeURIComponent(match.m![2]);
  } else {
    companyNumber = normaliseCompanyNumber(decodeURIComponent(match.m![1]));
    if (!companyNumber) throw new EventError(`resource_uri "${uri.slice(0, 120)}" does not name a company number`);
    key = target === 'profile' || target === 'insolvency' ? companyNumber : decodeURIComponent(match.m![2]);
  }
  return {
    target,
    companyNumber,
    key,
    resourceId: typeof value.resource_id === 'string' ? value.resource_id : key,
    resourceUri: uri,
    timepoint,
    publishedAt: publishedAt(event.published_at),
    deleted,
    data,
  };
}

/**
 * What a feature does with the register's stream events (the watchlists' alerts): told inside
 * each batch's transaction before its events are applied (the database still holds what they
 * change), so what it writes commits with the rows, and again once the batch committed.
 */
export interface StreamListener {
  observe(manager: EntityManager, stream: StreamName, events: StreamEvent[]): Promise<unknown>;
  /** After the batch committed, with what `observe` answered for it. */
  committed?(stream: StreamName, observed: unknown): void;
}

/** A listener for one process: `redis` (when configured) reaches the other processes. */
export type StreamListenerFactory = (redis: Redis | null, redisPrefix: string) => StreamListener;
