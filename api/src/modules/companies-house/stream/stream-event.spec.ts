import { describe, it } from 'node:test';
import { expect } from 'expect';
import { lines } from './http-stream-source.js';
import { EventError, parseEvent } from '../../../platform/register/stream-event.js';

/** The reference's verbatim events (shared/reference/ch-streaming.md: [S25], [S10]). */
const FILING =
  '{"resource_kind":"filing-history","resource_uri":"/company/10676322/filing-history/MzI4OTQzODc5MGFkaXF6a2N4","resource_id":"MzI4OTQzODc5MGFkaXF6a2N4","data":{"barcode":"X9WQX0NE","category":"accounts","date":"2021-01-22","description":"accounts-with-accounts-type-micro-entity","description_values":{"made_up_date":"2020-03-31"},"links":{"self":"/company/10676322/filing-history/MzI4OTQzODc5MGFkaXF6a2N4"},"transaction_id":"MzI4OTQzODc5MGFkaXF6a2N4","type":"AA"},"event":{"timepoint":48990574,"published_at":"2021-01-22T18:28:02","type":"changed"}}';
const DELETED =
  '{"event":{"type":"deleted","timepoint":90748417,"published_at":"2025-01-30T05:03:05"},"resource_id":"SL037194","resource_uri":"/company/SL037194","resource_kind":"company-profile"}';

describe('Companies House stream events', () => {
  it('reads the envelope: what it changes, whose, its timepoint and when it was published', () => {
    expect(parseEvent('filings', FILING)).toMatchObject({
      target: 'filing-history',
      companyNumber: '10676322',
      key: 'MzI4OTQzODc5MGFkaXF6a2N4',
      timepoint: 48990574,
      publishedAt: '2021-01-22T18:28:02.000Z',
      deleted: false,
    });
    expect(parseEvent('companies', DELETED)).toMatchObject({ target: 'profile', companyNumber: 'SL037194', deleted: true, data: null });
    const officer = parseEvent(
      'officers',
      '{"resource_uri":"/company/00445790/appointments/AbC-1","resource_id":"x","data":{"name":"A"},"event":{"timepoint":5,"published_at":"2026-11-27T10:00:00+01:00","type":"changed"}}',
    );
    expect(officer).toMatchObject({ target: 'officers', key: 'AbC-1', publishedAt: '2026-11-27T09:00:00.000Z' });
  });

  it('says why an event cannot be applied', () => {
    const why = (stream: Parameters<typeof parseEvent>[0], line: string) => {
      try {
        parseEvent(stream, line);
      } catch (error) {
        expect(error).toBeInstanceOf(EventError);
        return (error as Error).message;
      }
      throw new Error('expected an EventError');
    };
    expect(why('filings', '{"resource_uri":')).toMatch(/^not valid JSON/);
    expect(why('filings', FILING.replace('48990574', '"soon"'))).toBe('event.timepoint "soon" is not a whole number');
    expect(why('officers', FILING)).toBe('a filing-history event does not belong on the officers stream');
    expect(why('companies', DELETED.replace('deleted', 'changed'))).toBe('a changed event without "data"');
    expect(why('companies', DELETED.replace('/company/SL037194', '/company/SL037194/registers'))).toMatch(
      /is not a resource this consumer applies/,
    );
  });

  it('splits a body into lines across chunks, keeps heartbeats as blank lines and drops an event cut off by a dropped connection', async () => {
    async function* body() {
      const text = `${FILING.slice(0, 40)}|${FILING.slice(40)}\n\n|\r\n${DELETED.slice(0, 30)}`;
      for (const part of text.split('|')) yield new TextEncoder().encode(part);
    }
    const got: string[] = [];
    for await (const line of lines(body())) got.push(line);
    expect(got).toEqual([FILING, '', '']);
  });
});
