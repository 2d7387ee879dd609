import { describe, it } from 'node:test';
import { expect } from 'expect';
import { routeMatcher } from './route-patterns.js';

describe('routeMatcher', () => {
  const isRoute = routeMatcher(['/login', '/reset-password/:token', '/docs/:id?', '/uk/*', '/us/equity_analysis']);

  it('matches static paths without case or trailing slash, and nothing longer', () => {
    for (const path of ['/login', '/Login', '/login/', '/us/equity_analysis'])
      expect({ path, ok: isRoute(path) }).toEqual({ path, ok: true });
    for (const path of ['/login/x', '/logins', '/', '/us', '/us/equity-analysis'])
      expect({ path, ok: isRoute(path) }).toEqual({ path, ok: false });
  });

  it('takes one segment for a parameter, an optional one may be absent, and a splat any rest (or none)', () => {
    for (const path of ['/reset-password/abc', '/docs', '/docs/7', '/uk', '/uk/', '/uk/12345678/filings']) {
      expect({ path, ok: isRoute(path) }).toEqual({ path, ok: true });
    }
    for (const path of ['/reset-password', '/reset-password/a/b', '/docs/7/8', '/ukx'])
      expect({ path, ok: isRoute(path) }).toEqual({ path, ok: false });
  });

  it('reads pattern characters as text, and matches nothing when there are no routes', () => {
    expect(routeMatcher(['/a.b'])('/axb')).toBe(false);
    expect(routeMatcher(['/a.b'])('/a.b')).toBe(true);
    expect(routeMatcher([])('/login')).toBe(false);
  });
});
