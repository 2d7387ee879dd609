import { describe, it } from 'node:test';
import { expect } from 'expect';
import { inertLine, oneLine } from './inert.js';

const visible = (text: string) => text.replace(/\u200B/g, '');

describe('inertLine', () => {
  it('makes one line: breaks, tabs, control and bidi characters become single spaces', () => {
    expect(inertLine('Ada\r\n\r\n\tLovelace\u0007\u202E!')).toBe('Ada Lovelace !');
    expect(oneLine('  a \n b  ')).toBe('a b');
  });

  it('breaks what mail clients turn into links, without changing what is shown', () => {
    const line = inertLine('see https://evil.example/x, www.evil.example or help@evil.example');
    expect(visible(line)).toBe('see https://evil.example/x, www.evil.example or help@evil.example');
    expect(line).not.toMatch(/https?:\/\/|www\.\w|evil\.example|@evil/);
  });

  it('keeps at most the given length', () => {
    expect(oneLine('x'.repeat(500), 10)).toBe('xxxxxxx...');
    expect(inertLine(null)).toBe('');
  });
});
