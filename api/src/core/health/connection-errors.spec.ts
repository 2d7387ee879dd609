import { describe, it } from 'node:test';
import { expect } from 'expect';
import { isDatabaseConnectionError, isRedisConnectionError } from './connection-errors.js';

function socketError(code: string, port?: number): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:${port}`), { code, syscall: 'connect', address: '127.0.0.1', port });
}

describe('which failures mean a dependency is unreachable', () => {
  const database = { host: '127.0.0.1', port: 5432 };

  it('takes the pg driver losing or not reaching its server for a database outage', () => {
    expect(isDatabaseConnectionError(socketError('ECONNREFUSED', 5432), database)).toBe(true);
    expect(isDatabaseConnectionError(new AggregateError([socketError('ECONNREFUSED', 5432)]), database)).toBe(true);
    expect(isDatabaseConnectionError(new Error('Connection terminated unexpectedly'), database)).toBe(true);
    expect(isDatabaseConnectionError(new Error('timeout exceeded when trying to connect'), database)).toBe(true);
    // TypeORM's QueryFailedError around a socket error of a query, and the server shutting down.
    expect(isDatabaseConnectionError({ message: 'read ECONNRESET', driverError: { code: 'ECONNRESET' } }, database)).toBe(true);
    expect(isDatabaseConnectionError({ message: 'terminating connection', driverError: { code: '57P01' } }, database)).toBe(true);
  });

  it('does not take a wrong query, or another service being down, for a database outage', () => {
    expect(isDatabaseConnectionError({ message: 'syntax error', driverError: { code: '42601' } }, database)).toBe(false);
    expect(isDatabaseConnectionError(Object.assign(new Error('duplicate key'), { code: '23505' }), database)).toBe(false);
    expect(isDatabaseConnectionError(socketError('ECONNREFUSED', 443), database)).toBe(false);
    expect(isDatabaseConnectionError(new TypeError('fetch failed', { cause: socketError('ECONNREFUSED', 443) }), database)).toBe(false);
    expect(isDatabaseConnectionError(new Error('boom'), database)).toBe(false);
  });

  it('knows the ways ioredis reports Redis gone', () => {
    expect(isRedisConnectionError(socketError('ECONNREFUSED', 6379))).toBe(true);
    expect(isRedisConnectionError(new Error('Connection is closed.'))).toBe(true);
    expect(isRedisConnectionError(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
    expect(
      isRedisConnectionError(
        Object.assign(new Error('Reached the max retries per request limit (which is 1).'), { name: 'MaxRetriesPerRequestError' }),
      ),
    ).toBe(true);
    expect(isRedisConnectionError(new Error('ERR unknown command'))).toBe(false);
  });
});
