import { describe, it } from 'node:test';
import { expect } from 'expect';
import { createLatestRequest } from './latest-request.js';

describe('createLatestRequest', () => {
  it('aborts the previous request when a new one starts', () => {
    const latest = createLatestRequest();
    const first = latest.next();
    const second = latest.next();
    expect(first.signal.aborted).toBe(true);
    expect(first.isCurrent()).toBe(false);
    expect(second.isCurrent()).toBe(true);
  });

  it('cancel aborts the current one and leaves none current', () => {
    const latest = createLatestRequest();
    const ticket = latest.next();
    expect(latest.active()).toBe(true);
    latest.cancel();
    expect(latest.active()).toBe(false);
    expect(ticket.signal.aborted).toBe(true);
    expect(ticket.isCurrent()).toBe(false);
  });
});
