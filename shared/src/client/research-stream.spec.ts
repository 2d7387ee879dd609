import { describe, it } from 'node:test';
import { expect } from 'expect';
import { createSseParser, parseSseStream, readResearchStream, type SseMessage } from './research-stream.js';
import type { ResearchStreamEvent } from '../contracts/research.js';
import { chunkedBody } from './research-testing.js';

/** Splits bytes at every given offset. */
function splitBytes(text: string, ...offsets: number[]): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const offset of [...offsets, bytes.length]) {
    parts.push(bytes.slice(at, offset));
    at = offset;
  }
  return parts;
}

function parseAll(...chunks: string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const parser = createSseParser((m) => messages.push(m));
  for (const chunk of chunks) parser.feed(chunk);
  parser.end();
  return messages;
}

describe('createSseParser', () => {
  it('reads id, event and multi-line data, and keeps the last id for later messages', () => {
    expect(parseAll('id: 1\nevent: plan\ndata: {"a":\ndata: 1}\n\ndata: x\n\n')).toEqual([
      { id: '1', event: 'plan', data: '{"a":\n1}' },
      { id: '1', event: 'message', data: 'x' },
    ]);
  });

  it('takes CRLF, CR and LF line ends, even when a CRLF is split between chunks', () => {
    expect(parseAll('data: a\r', '\n\r', '\ndata: b\r\rdata: c\n', '\n')).toEqual([
      { id: '', event: 'message', data: 'a' },
      { id: '', event: 'message', data: 'b' },
      { id: '', event: 'message', data: 'c' },
    ]);
  });

  it('ignores comments (heartbeats), unknown fields, and ids with NUL; reads retry', () => {
    const messages: SseMessage[] = [];
    const parser = createSseParser((m) => messages.push(m));
    parser.feed(': heartbeat\n\nretry: 2500\nretry: soon\nfoo: bar\nid: a\u0000b\ndata\n\n');
    expect(messages).toEqual([{ id: '', event: 'message', data: '' }]);
    expect(parser.retry()).toBe(2500);
  });

  it('strips one leading space only, and a BOM at the start', () => {
    expect(parseAll('\uFEFFdata:  two spaces\n\n')).toEqual([{ id: '', event: 'message', data: ' two spaces' }]);
  });

  it('drops a message the stream ended before finishing, and an event with no data', () => {
    expect(parseAll('event: plan\n\ndata: half')).toEqual([]);
  });

  it('splits a line anywhere: mid-field, mid-value', () => {
    const text = 'id: 7\nevent: text\ndata: {"delta":"x"}\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(parseAll(text.slice(0, cut), text.slice(cut))).toEqual([{ id: '7', event: 'text', data: '{"delta":"x"}' }]);
    }
  });
});

describe('parseSseStream', () => {
  it('decodes a UTF-8 character split between chunks', async () => {
    const text = 'data: £12.3m – 4€\n\n';
    const pound = new TextEncoder().encode('data: ').length; // "£" is two bytes starting here
    const messages: SseMessage[] = [];
    const result = await parseSseStream(chunkedBody(splitBytes(text, pound + 1, pound + 10, pound + 11)), (m) => {
      messages.push(m);
    });
    expect(messages.map((m) => m.data)).toEqual(['£12.3m – 4€']);
    expect(result.ended).toBe(true);
  });

  it('rejects when the connection drops mid-stream, after dispatching what was complete', async () => {
    const messages: SseMessage[] = [];
    const reading = parseSseStream(chunkedBody(['id: 1\ndata: a\n\nid: 2\nda'], { failWith: new TypeError('terminated') }), (m) => {
      messages.push(m);
    });
    await expect(reading).rejects.toThrow('terminated');
    expect(messages.map((m) => m.id)).toEqual(['1']);
  });
});

describe('readResearchStream', () => {
  it('turns messages into research events, ignores unknown types and bad JSON, and stops at done', async () => {
    const answer = { text: 'x', citations: [] };
    const body = chunkedBody([
      ': hi\n\nid: 1\nevent: plan\ndata: {"steps":["Read the accounts"]}\n\n',
      'id: 2\nevent: mystery\ndata: {}\n\nid: 3\nevent: text\ndata: not json\n\n',
      'data: {"message":"no event name"}\n\n',
      `id: 4\nevent: done\ndata: ${JSON.stringify({ chat_id: 'ch1', answer })}\n\nid: 5\nevent: text\ndata: {"delta":"late"}\n\n`,
    ]);
    const events: ResearchStreamEvent[] = [];
    const result = await readResearchStream(new Response(body), (e) => events.push(e));
    expect(events.map((e) => [e.type, e.id])).toEqual([
      ['plan', '1'],
      ['done', '4'],
    ]);
    expect(result.terminal?.type).toBe('done');
    expect(result.lastEventId).toBe('4');
  });
});
