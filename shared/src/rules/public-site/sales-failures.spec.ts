import { describe, it } from 'node:test';
import { expect } from 'expect';
import { salesFailureMessage } from './sales-failures.js';

describe('sales form failures (spec 1 section 8)', () => {
  it('409: the server text, else each form its own wording', () => {
    expect(salesFailureMessage('trial', { status: 409, body: { error: 'Already asked' } })).toBe('Already asked');
    expect(salesFailureMessage('trial', { status: 409, body: null })).toBe('A request with this email has already been submitted.');
    expect(salesFailureMessage('pricing', { status: 409, body: '' })).toBe('A request with this e-mail might already exist');
  });

  it('other statuses: the server text, else the status', () => {
    expect(salesFailureMessage('pricing', { status: 400, body: { error: 'Full Name is required' } })).toBe('Full Name is required');
    expect(salesFailureMessage('trial', { status: 502, statusText: 'Bad Gateway', body: '<html>' })).toBe(
      'Request failed with status code 502',
    );
    expect(salesFailureMessage('pricing', { status: 502, statusText: 'Bad Gateway', body: '<html>' })).toBe('Request failed: Bad Gateway');
    expect(salesFailureMessage('pricing', { status: 503, statusText: '' })).toBe('Request failed: 503');
  });

  it('no answer at all, or no failure to read', () => {
    expect(salesFailureMessage('trial', { status: 0 })).toBe('Could not connect to the server. Please check your network connection.');
    expect(salesFailureMessage('pricing', undefined)).toBe('An unexpected error occurred. Please try again.');
  });
});
