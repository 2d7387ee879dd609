import { describe, it } from 'node:test';
import { expect } from 'expect';
import { formatFileSize } from './documents.js';

describe('document rules', () => {
  it('shows file sizes in B, KB, MB and GB', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(900)).toBe('900 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(52 * 1024 * 1024)).toBe('52 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});
