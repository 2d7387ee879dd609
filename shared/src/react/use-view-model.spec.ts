import { describe, it } from 'node:test';
import { expect } from 'expect';
import { selectWithMemo, shallowEqual } from './use-view-model.js';

describe('useStore snapshot rule (selectWithMemo)', () => {
  const pick = (s: { a: number; b: number }) => ({ a: s.a });

  it('answers the same memo while the state and selector are the same', () => {
    const state = { a: 1, b: 2 };
    const first = selectWithMemo(null, state, pick, shallowEqual);
    expect(selectWithMemo(first, state, pick, shallowEqual)).toBe(first);
  });

  it('keeps the previous value when the slice is equal, so React sees no change', () => {
    const first = selectWithMemo(null, { a: 1, b: 2 }, pick, shallowEqual);
    const next = selectWithMemo(first, { a: 1, b: 3 }, pick, shallowEqual);
    expect(next.value).toBe(first.value);
    const changed = selectWithMemo(next, { a: 2, b: 3 }, pick, shallowEqual);
    expect(changed.value).toEqual({ a: 2 });
  });

  it('answers the whole state without a selector', () => {
    const state = { a: 1, b: 2 };
    expect(selectWithMemo(null, state, undefined, Object.is).value).toBe(state);
  });
});

describe('shallowEqual', () => {
  it('compares keys and values one level deep', () => {
    expect(shallowEqual({ a: 1, b: 'x' }, { a: 1, b: 'x' })).toBe(true);
    expect(shallowEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(shallowEqual({ a: [1] }, { a: [1] })).toBe(false);
    expect(shallowEqual(null, null)).toBe(true);
    expect(shallowEqual<unknown>(null, {})).toBe(false);
  });
});
