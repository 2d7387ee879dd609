import { describe, it } from 'node:test';
import { expect } from 'expect';
import { bottomTop, FOLLOWING_VIEWPORT, scrolledLeft, scrolledTop, sidewaysHint, toggledWrap } from './log-viewport.js';

describe('the log viewport', () => {
  it('the bottom shows the newest lines whole: wrapped lines take their rows', () => {
    expect(bottomTop(100, 10)).toBe(90);
    expect(bottomTop(5, 10)).toBe(0);
    // the last line wraps onto 4 rows, the one before onto 3: 10 rows hold lines 95..99
    const rows = (i: number) => (i === 99 ? 4 : i === 98 ? 3 : 1);
    expect(bottomTop(100, 10, rows)).toBe(95);
    // a line taller than the view is still shown from its start
    expect(bottomTop(3, 2, () => 5)).toBe(2);
  });

  it('scrolls between the first line and the bottom, and says when it reached the bottom', () => {
    expect(scrolledTop(null, -3, 100, 10)).toEqual({ top: 87, atBottom: false });
    expect(scrolledTop(87, 50, 100, 10)).toEqual({ top: 90, atBottom: true });
    expect(scrolledTop(5, 'top', 100, 10)).toEqual({ top: 0, atBottom: false });
    expect(scrolledTop(0, 'bottom', 100, 10, () => 2)).toEqual({ top: 95, atBottom: true });
  });

  it('sideways by half a screen, never past the longest line, and not at all while wrapping', () => {
    const viewport = { ...FOLLOWING_VIEWPORT };
    expect(scrolledLeft(viewport, 1, 200, 80)).toBe(40);
    expect(scrolledLeft({ ...viewport, left: 100 }, 1, 200, 80)).toBe(120);
    expect(scrolledLeft({ ...viewport, left: 40 }, -1, 200, 80)).toBe(0);
    expect(scrolledLeft(viewport, 1, 60, 80)).toBe(0);
    expect(scrolledLeft({ ...viewport, left: 40 }, 'home', 200, 80)).toBe(0);
    expect(scrolledLeft({ ...viewport, wrap: true }, 1, 200, 80)).toBe(0);
  });

  it('wrap on brings the view back to the left; the hint says what is past the edges', () => {
    expect(toggledWrap({ top: 3, left: 40, wrap: false })).toEqual({ top: 3, left: 0, wrap: true });
    expect(sidewaysHint(FOLLOWING_VIEWPORT, 60, 80)).toBeNull();
    expect(sidewaysHint(FOLLOWING_VIEWPORT, 200, 80)).toBe('cols 1-80/200');
    expect(sidewaysHint({ ...FOLLOWING_VIEWPORT, left: 40 }, 200, 80)).toBe('cols 41-120/200');
    expect(sidewaysHint({ ...FOLLOWING_VIEWPORT, left: 120 }, 200, 80)).toBe('cols 121-200/200');
    expect(sidewaysHint({ ...FOLLOWING_VIEWPORT, wrap: true }, 200, 80)).toBe('wrap');
  });
});
