import { describe, it } from 'node:test';
import { expect } from 'expect';
import { reconnectPolicy } from '../src/runtime/reconnect.js';
import { UsageError } from '../src/runtime/exit-codes.js';

describe('CREDENCE_RECONNECT_FOR: how long a live view keeps reconnecting', () => {
  it('keeps trying for 15 minutes unless set', () => {
    expect(reconnectPolicy({})).toEqual({ giveUpAfterMs: 15 * 60_000 });
  });

  it('reads whole seconds, 0 meaning never reconnect', () => {
    expect(reconnectPolicy({ CREDENCE_RECONNECT_FOR: '20' })).toEqual({ giveUpAfterMs: 20_000 });
    expect(reconnectPolicy({ CREDENCE_RECONNECT_FOR: '0' })).toEqual({ giveUpAfterMs: 0 });
  });

  it('refuses anything else, naming the variable and what it takes', () => {
    for (const raw of ['soon', '-5', '1.5', '86401']) {
      expect(() => reconnectPolicy({ CREDENCE_RECONNECT_FOR: raw })).toThrow(UsageError);
      expect(() => reconnectPolicy({ CREDENCE_RECONNECT_FOR: raw })).toThrow(/CREDENCE_RECONNECT_FOR .* whole number from 0 to 86400/);
    }
  });
});
