import { describe, it } from 'node:test';
import { expect } from 'expect';
import { clampIndex, moveIndex } from './selection.js';

describe('selection', () => {
  it('clamps an index into the list, -1 for an empty list', () => {
    expect(clampIndex(5, 3)).toBe(2);
    expect(clampIndex(-2, 3)).toBe(0);
    expect(clampIndex(0, 0)).toBe(-1);
  });

  it('moves and stops at both ends', () => {
    expect(moveIndex(0, -1, 3)).toBe(0);
    expect(moveIndex(2, 1, 3)).toBe(2);
    expect(moveIndex(1, 1, 3)).toBe(2);
    expect(moveIndex(0, 10, 3)).toBe(2);
  });

  it('moving from no selection starts at the first row going down, the last going up', () => {
    expect(moveIndex(-1, 1, 3)).toBe(0);
    expect(moveIndex(-1, -1, 3)).toBe(2);
    expect(moveIndex(-1, 1, 0)).toBe(-1);
  });
});
