import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RouteObject } from 'react-router';
import { routePatterns } from '../../src/app/route-patterns.ts';

describe('routePatterns', () => {
  const site: RouteObject = { children: [{ index: true }, { path: 'pricing' }, { path: 'blogs/:slug' }, { path: '*' }] };
  const table: RouteObject[] = [
    {
      children: [
        site,
        { children: [{ path: 'login' }, { path: 'reset-password/:token' }] },
        {
          path: 'settings',
          children: [{ index: true }, { path: 'team/:id?' }],
        },
        { children: [{ children: [{ path: 'uk/*' }, { path: '/home/' }] }] },
        { path: '*' },
      ],
    },
  ];

  it('joins nested paths through layout routes, index routes at their parent, in the router syntax', () => {
    assert.deepEqual(routePatterns(table, [site]), [
      '/home/',
      '/login',
      '/reset-password/:token',
      '/settings',
      '/settings/team/:id?',
      '/uk/*',
    ]);
  });

  it('leaves out the excluded subtrees and the root catch-all, which would match any address', () => {
    const all = routePatterns(table);
    assert.ok(all.includes('/pricing') && all.includes('/blogs/:slug') && all.includes('/'));
    assert.ok(!all.includes('/*'));
  });
});
