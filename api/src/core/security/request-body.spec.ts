import { describe, it } from 'node:test';
import { expect } from 'expect';
import { jsonNestsDeeperThan, pathWithNul } from './request-body.js';

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ a: 'quote \\" then [[[[' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan('['.repeat(100_000), 32)).toBe(true);
  });
});

describe('pathWithNul', () => {
  it('names the first string holding a NUL by its path, keys included', () => {
    expect(pathWithNul({ a: 'ok', b: [{ c: 'x' }, { c: 'y\u0000' }] })).toBe('b[1].c');
    expect(pathWithNul({ 'k\u0000': 1 })).toBe('a field name in the body');
    expect(pathWithNul({ q: ['a', 'b\u0000'] }, 'query')).toBe('query.q[1]');
    expect(pathWithNul({ a: 1, b: null, c: [true] })).toBeNull();
  });
});
