import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { WatchlistSummary } from '../contracts/watchlists.js';
import { watchAddedText, watchAllView, watchButtonView, watchedCompanyView, watchlistNameError } from './watch-control.js';

const list = (name: string, watching?: boolean): WatchlistSummary => ({
  id: name,
  name,
  rules: [],
  email: 'off',
  companies: 3,
  lenders: 0,
  people: 0,
  created_at: '2026-11-29T00:00:00.000Z',
  watching,
});

describe('watch control words and bounds', () => {
  it('says Watch until a list holds the company, then which list (its name inert)', () => {
    expect(watchButtonView(null)).toMatchObject({ label: 'Watch', pressed: false });
    expect(watchButtonView([list('A', false)])).toMatchObject({ label: 'Watch', pressed: false });
    expect(watchButtonView([list('Borrowers\u001b[2J', true), list('B', false)])).toEqual({
      label: 'Watching',
      pressed: true,
      detail: 'On your watchlist "Borrowers^[[2J"',
      mark: '★ watched (Borrowers^[[2J)',
    });
    expect(watchButtonView([list('A', true), list('B', true)]).detail).toBe('On 2 of your watchlists');
  });

  it('says the same fact as the terminal mark: unknown, not watched, or watched with the lists named inert', () => {
    expect(watchedCompanyView(null)).toMatchObject({ pressed: false, mark: '' });
    expect(watchedCompanyView([])).toMatchObject({ label: 'Watch', pressed: false, mark: 'not watched' });
    expect(watchedCompanyView(['Watchlist', 'Borrowers\u001b[2J'])).toEqual({
      label: 'Watching',
      pressed: true,
      detail: 'On 2 of your watchlists',
      mark: '★ watched (Watchlist, Borrowers^[[2J)',
    });
    expect(watchButtonView([list('A', true), list('B', false)]).mark).toBe('★ watched (A)');
  });

  it('offers watch all from 1 to 1,000 results, and over it (or an estimate) says why it is off', () => {
    expect(watchAllView(1)).toEqual({ label: 'Watch all 1 result', enabled: true, note: null });
    expect(watchAllView(1000)).toEqual({ label: 'Watch all 1,000 results', enabled: true, note: null });
    expect(watchAllView(1001)).toEqual({
      label: 'Watch all 1,001 results',
      enabled: false,
      note: 'Watch all takes at most 1,000 companies at a time (these filters select 1,001): narrow the filters.',
    });
    expect(watchAllView(800, true).enabled).toBe(false);
    expect(watchAllView(0)).toMatchObject({ enabled: false, note: 'No companies to watch: the filters select none.' });
    expect(watchAllView(null)).toMatchObject({ enabled: false, note: null });
  });

  it('says what adding did', () => {
    expect(watchAddedText('Borrowers', { added: ['1'], already: [], unknown: [], companies: 1 })).toBe(
      'Watching 1 company in "Borrowers".',
    );
    expect(watchAddedText('B', { added: ['1', '2'], already: ['3'], unknown: ['4'], companies: 3 })).toBe(
      'Watching 2 companies in "B" (1 already there; 1 not held by Credence, not added).',
    );
    expect(watchAddedText('B', { added: [], already: ['3'], unknown: [], companies: 3 })).toBe(
      'Nothing new to watch in "B" (1 already there).',
    );
  });

  it('refuses a list name that is empty, too long, taken or holds control characters', () => {
    const lists = [list('Borrowers')];
    expect(watchlistNameError('  ', lists)).toBe('Give the list a name.');
    expect(watchlistNameError('x'.repeat(81), lists)).toBe('A list name is at most 80 characters.');
    expect(watchlistNameError('borrowers ', lists)).toBe('You already have a watchlist named "borrowers".');
    expect(watchlistNameError('Borrowers', lists, 'Borrowers')).toBeNull();
    expect(watchlistNameError('a\u0007b', lists)).toBe('A list name cannot hold control characters.');
    expect(watchlistNameError('Suppliers', lists)).toBeNull();
  });
});
