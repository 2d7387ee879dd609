import { describe, it } from 'node:test';
import { expect } from 'expect';
import { anchorWord, oneEditAway } from './company-search.repository.js';

describe('company search: choosing what the trigram index looks up', () => {
  it('drives a fragment by the word fewest names hold, not by "limited"', () => {
    expect(
      anchorWord(
        new Map([
          ['support', 3_000],
          ['limited', 720_000],
        ]),
      ),
    ).toBe('support');
  });

  it('takes a word no name holds (a misspelling) of 4 letters or more as rare, so a query that matches nothing costs little', () => {
    expect(
      anchorWord(
        new Map([
          ['estaets', 0],
          ['limited', 720_000],
        ]),
      ),
    ).toBe('estaets');
    expect(
      anchorWord(
        new Map([
          ['london', 25_000],
          ['lnodon', 0],
        ]),
      ),
    ).toBe('lnodon');
  });

  it('prefers a known rare word to an unknown piece, and ignores pieces of 3 letters or fewer', () => {
    expect(
      anchorWord(
        new Map([
          ['ort', 0],
          ['coretree', 12],
        ]),
      ),
    ).toBe('coretree');
    expect(
      anchorWord(
        new Map([
          ['rt', 0],
          ['limited', 720_000],
        ]),
      ),
    ).toBe('limited');
  });

  it('falls back to the longest word when none qualifies', () => {
    expect(
      anchorWord(
        new Map([
          ['ab', 0],
          ['abc', 0],
        ]),
      ),
    ).toBe('abc');
    expect(anchorWord(new Map())).toBe('');
  });
});

describe('company search: words one edit away', () => {
  const edits = oneEditAway('lodnon');

  it('holds swaps, deletions, changes and insertions, which cover most typos', () => {
    expect(edits.has('london')).toBe(true); // two letters swapped
    expect(oneEditAway('holdigns').has('holdings')).toBe(true);
    expect(oneEditAway('londn').has('london')).toBe(true); // a letter dropped
    expect(oneEditAway('lonndon').has('london')).toBe(true); // a letter doubled
    expect(oneEditAway('lindon').has('london')).toBe(true); // a letter changed
  });

  it('does not hold the word itself or words two edits away', () => {
    expect(edits.has('lodnon')).toBe(false);
    expect(edits.has('londen')).toBe(false);
  });
});
