import { describe, it } from 'node:test';
import { expect } from 'expect';
import { fillRoutePath } from './routes.js';

describe('fillRoutePath: a route request’s path fields go into the path, the rest to the query or body', () => {
  it('puts a :name field in the path, URI-encoded, and leaves nothing else', () => {
    expect(fillRoutePath('verify/:token', { token: 'a/b c?' })).toEqual({ path: 'verify/a%2Fb%20c%3F', rest: undefined });
  });

  it('keeps the other fields for the query or body', () => {
    expect(fillRoutePath('watchlists/:id/companies', { id: 7, numbers: ['01234567'] })).toEqual({
      path: 'watchlists/7/companies',
      rest: { numbers: ['01234567'] },
    });
  });

  it('leaves a path without fields and its request as they are', () => {
    const request = { company_number: '01234567' };
    expect(fillRoutePath('companies_house/get_overview', request)).toEqual({ path: 'companies_house/get_overview', rest: request });
    expect(fillRoutePath('me', undefined)).toEqual({ path: 'me', rest: undefined });
  });

  it('refuses a path field the request lacks instead of calling a wrong path', () => {
    expect(() => fillRoutePath('approve/:token', {})).toThrow('the route approve/:token needs token');
  });
});
