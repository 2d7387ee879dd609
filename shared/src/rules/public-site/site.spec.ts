import { describe, it } from 'node:test';
import { expect } from 'expect';
import { counterValue, formatCounter, readCookieConsent, storedCookieConsent, typedText } from './site.js';

describe('landing counters (spec 1 section 4)', () => {
  it('count from zero to the exact target over 2 s', () => {
    expect(counterValue(100_000, 0)).toBe(0);
    const mid = counterValue(100_000, 1000);
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(100_000);
    expect(counterValue(100_000, 2000)).toBe(100_000);
    expect(counterValue(15, 5000)).toBe(15);
  });

  it('read 100K+, 10M+ and 15+ at the end', () => {
    expect([formatCounter(100_000), formatCounter(10_000_000), formatCounter(15)]).toEqual(['100K+', '10M+', '15+']);
    expect(formatCounter(0)).toBe('0+');
    expect(formatCounter(4_500)).toBe('4K+');
  });
});

describe('typing effect', () => {
  it('shows one more character every 35 ms', () => {
    expect(typedText('Credence', 0)).toBe('');
    expect(typedText('Credence', 34)).toBe('');
    expect(typedText('Credence', 35 * 3)).toBe('Cre');
    expect(typedText('Credence', 10_000)).toBe('Credence');
  });
});

describe('cookie consent choice (spec 3 section 3)', () => {
  it('is stored as true or false; anything else is no choice yet', () => {
    expect(storedCookieConsent('accepted')).toBe('true');
    expect(storedCookieConsent('declined')).toBe('false');
    expect(readCookieConsent('true')).toBe('accepted');
    expect(readCookieConsent('false')).toBe('declined');
    expect(readCookieConsent(null)).toBeNull();
    expect(readCookieConsent('yes')).toBeNull();
  });
});
