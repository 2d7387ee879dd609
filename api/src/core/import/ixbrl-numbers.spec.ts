import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ixNumber, shiftDecimal } from './ixbrl-numbers.js';

describe('iXBRL numbers', () => {
  it('reads numbers in the transformation formats', () => {
    expect(ixNumber('1,482,350', 'ixt2:numdotdecimal')).toBe('1482350');
    expect(ixNumber(' 1.234.567,89 ', 'ixt2:numcommadecimal')).toBe('1234567.89');
    expect(ixNumber('12 345', 'ixt4:num-dot-decimal')).toBe('12345');
    expect(ixNumber('-', 'ixt:zerodash')).toBe('0');
    expect(ixNumber('—', 'ixt4:fixed-zero')).toBe('0');
    expect(ixNumber('', 'ixt4:fixed-empty')).toBeNull();
    expect(ixNumber('1234.5', null)).toBe('1234.5');
    expect(() => ixNumber('(1,234)', 'ixt2:numdotdecimal')).toThrow(/is not a number/);
    expect(() => ixNumber('twelve', 'ixt:numwordsen')).toThrow(/not a number format/);
  });

  it('scales without binary rounding', () => {
    expect(shiftDecimal('48.21', 3)).toBe(48210);
    expect(shiftDecimal('128', 3)).toBe(128000);
    expect(shiftDecimal('1.005', 2)).toBe(100.5);
    expect(shiftDecimal('1234', -2)).toBe(12.34);
    expect(shiftDecimal('5', -3)).toBe(0.005);
  });
});
