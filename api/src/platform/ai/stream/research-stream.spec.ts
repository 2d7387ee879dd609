import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { ResearchStreamEvent } from '@credence/shared';
import { MAX_KEPT_EVENTS, parseEventId, ResearchStream } from './research-stream.js';

function collector() {
  const events: ResearchStreamEvent[] = [];
  let ended = false;
  return { events, ended: () => ended, listener: { event: (e: ResearchStreamEvent) => events.push(e), end: () => (ended = true) } };
}

describe('ResearchStream', () => {
  it('numbers events from 1 and gives a late listener only those after its Last-Event-ID, then the live ones', () => {
    const stream = new ResearchStream(
      's1-abcdef',
      'u1',
      () => undefined,
      () => undefined,
    );
    stream.push({ type: 'plan', data: { steps: ['a', 'b'] } });
    stream.push({ type: 'step', data: { index: 0, status: 'running' } });
    const late = collector();
    stream.attach(1, late.listener);
    stream.push({ type: 'text', data: { delta: 'Hello' } });
    expect(late.events.map((e) => e.id)).toEqual(['s1-abcdef:2', 's1-abcdef:3']);
    expect(stream.answer).toMatchObject({ thoughtProcess: ['a', 'b'], stepStatus: ['running', 'pending'], text: 'Hello' });
  });

  it('tells its owner when the last listener leaves, and ends every listener once', () => {
    let idle = 0;
    let ended = 0;
    const stream = new ResearchStream(
      's2-abcdef',
      'u1',
      () => idle++,
      () => ended++,
    );
    const a = collector();
    const detach = stream.attach(0, a.listener);
    detach();
    expect(idle).toBe(1);
    const b = collector();
    stream.attach(0, b.listener);
    stream.end();
    stream.end();
    stream.push({ type: 'text', data: { delta: 'ignored after the end' } });
    expect([b.ended(), ended, b.events.length]).toEqual([true, 1, 0]);
    const afterEnd = collector();
    stream.attach(0, afterEnd.listener);
    expect(afterEnd.ended()).toBe(true);
  });

  it('keeps at most MAX_KEPT_EVENTS for a resume, the newest', () => {
    const stream = new ResearchStream(
      's3-abcdef',
      'u1',
      () => undefined,
      () => undefined,
    );
    for (let i = 0; i < MAX_KEPT_EVENTS + 5; i++) stream.push({ type: 'text', data: { delta: 'x' } });
    const late = collector();
    stream.attach(0, late.listener);
    expect(late.events).toHaveLength(MAX_KEPT_EVENTS);
    expect(late.events[0].id).toBe('s3-abcdef:6');
    expect(stream.answer.text).toHaveLength(MAX_KEPT_EVENTS + 5);
  });

  it('reads only well-formed Last-Event-IDs', () => {
    expect(parseEventId('0f3c9a7e-1b2c-4d5e-8f90-123456789abc:12')).toEqual({ streamId: '0f3c9a7e-1b2c-4d5e-8f90-123456789abc', seq: 12 });
    for (const bad of [undefined, '', '12', 'abc:1', 'abcdefgh:', 'abcdefgh:1:2', 'abcdefgh:-1', "abcdefgh';--:1"])
      expect(parseEventId(bad)).toBeNull();
  });
});
