import { describe, it } from 'node:test';
import { expect } from 'expect';
import { formatDocumentSize } from './documents.js';

describe('document rules', () => {
  it('shows file sizes in B, KB, MB and GB', () => {
    expect(formatDocumentSize(0)).toBe('0 B');
    expect(formatDocumentSize(900)).toBe('900 B');
    expect(formatDocumentSize(1536)).toBe('1.5 KB');
    expect(formatDocumentSize(52 * 1024 * 1024)).toBe('52 MB');
    expect(formatDocumentSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});
