import { describe, it } from 'node:test';
import { expect } from 'expect';
import { printable } from './page-lines.js';

describe('page text: what may be stored', () => {
  it('removes control characters and unpaired surrogates, turns tabs and breaks into spaces, and keeps every other character', () => {
    expect(printable('Effec\u0000ve \u001b[31mDate\u0007\u009b')).toBe('Effecve [31mDate');
    expect(printable('Net\tsales\r\n5,409')).toBe('Net sales  5,409');
    expect(printable('lone \ud800 and \udc00 halves')).toBe('lone  and  halves');
    expect(printable('€ 5.4 — “Café” 𝑥 ﬁ')).toBe('€ 5.4 — “Café” 𝑥 ﬁ');
  });
});
