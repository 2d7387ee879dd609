import { describe, it } from 'node:test';
import { expect } from 'expect';
import { byteRange } from './byte-range.js';

describe('byteRange', () => {
  it('reads a first-last range, an open one and a suffix, clamped to the file', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(byteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('sends the whole file for no header, another unit, several ranges or a reversed range', () => {
    for (const header of [undefined, '', 'items=0-5', 'bytes=0-5,10-20', 'bytes=50-10', 'bytes=-', 'bytes=a-b'])
      expect(byteRange(header, 1000)).toBeNull();
  });

  it('calls a range that starts past the end, or an empty suffix, unsatisfiable', () => {
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});
