import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loginPathFor, safeRedirect, withRedirect } from '../../src/features/session/redirect.ts';

describe('safeRedirect', () => {
  it('keeps paths of this site with their query and hash', () => {
    assert.equal(safeRedirect('/uk/?companyNumber=01234567&category=overview'), '/uk/?companyNumber=01234567&category=overview');
    assert.equal(safeRedirect('/approve/abc#top'), '/approve/abc#top');
    assert.equal(safeRedirect('/home'), '/home');
  });

  it('falls back for anything that could leave the site', () => {
    for (const value of [
      null,
      undefined,
      '',
      'home',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil',
      'javascript:alert(1)',
      '/\tx',
      ' /home',
    ]) {
      assert.equal(safeRedirect(value), '/home', String(value));
    }
  });

  it('never sends back to /login (a loop), and honours a given fallback', () => {
    assert.equal(safeRedirect('/login?redirect=/home'), '/home');
    assert.equal(safeRedirect('/login/'), '/home');
    assert.equal(safeRedirect(null, '/uk/'), '/uk/');
  });

  it('normalises dot segments inside the site', () => {
    assert.equal(safeRedirect('/uk/../approve/x'), '/approve/x');
    assert.equal(safeRedirect('/uk/../login'), '/home');
  });
});

describe('loginPathFor', () => {
  it('puts the whole current address in the redirect parameter', () => {
    const path = loginPathFor({ pathname: '/approve/tok', search: '?x=1&y=2', hash: '#h' });
    assert.equal(path, '/login?redirect=%2Fapprove%2Ftok%3Fx%3D1%26y%3D2%23h');
    assert.equal(new URLSearchParams(path.split('?')[1]).get('redirect'), '/approve/tok?x=1&y=2#h');
  });

  it('answers plain /login from the root or from /login itself', () => {
    assert.equal(loginPathFor({ pathname: '/' }), '/login');
    assert.equal(loginPathFor({ pathname: '/login', search: '?redirect=%2Fhome' }), '/login');
  });
});

describe('withRedirect', () => {
  it('carries the redirect parameter to the other account pages', () => {
    assert.equal(withRedirect('/signup', '/uk/?a=b'), '/signup?redirect=%2Fuk%2F%3Fa%3Db');
    assert.equal(withRedirect('/signup', null), '/signup');
  });
});
