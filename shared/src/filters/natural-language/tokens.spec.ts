import { describe, it } from 'node:test';
import { expect } from 'expect';
import { tokenize } from './tokens.js';

const kinds = (query: string) => tokenize(query).map((t) => `${t.kind}:${t.text}`);

describe('tokenize', () => {
  it('reads amounts with units and currencies as one token', () => {
    const [a, b, c, d] = tokenize('£5 million 1.2bn 10m USD 500k');
    expect(a.amount).toEqual({ amount: 5_000_000, currency: 'GBP', unit: 'million', digits: null });
    expect(b.amount).toMatchObject({ amount: 1_200_000_000, unit: 'bn' });
    expect(c.amount).toMatchObject({ amount: 10_000_000, currency: 'USD' });
    expect(d.amount).toMatchObject({ amount: 500_000, unit: 'k' });
  });

  it('keeps plain digits for years and SIC codes, leading zeros included', () => {
    expect(tokenize('01110 2023').map((t) => t.amount?.digits)).toEqual(['01110', '2023']);
    expect(tokenize('1,200').map((t) => t.amount?.digits)).toEqual([null]);
  });

  it('reads a dash after an amount as a range and a plus as "or more", but keeps negative amounts', () => {
    expect(kinds('5-10m')).toEqual(['amount:5', 'punct:-', 'amount:10m']);
    expect(kinds('2021–2023')).toEqual(['amount:2021', 'punct:-', 'amount:2023']);
    expect(kinds('50+ staff')).toEqual(['amount:50', 'punct:+', 'word:staff']);
    expect(tokenize('below -1m')[1].amount?.amount).toBe(-1_000_000);
  });

  it('splits hyphenated words, lower-cases words and keeps d/e and r&d whole', () => {
    expect(kinds('Loss-making D/E r&d')).toEqual(['word:loss', 'word:making', 'word:d/e', 'word:r&d']);
  });

  it('reads quoted names as typed, and apostrophes inside words as letters', () => {
    expect(kinds(`called "Smith & Sons" o'neil 'Acme'`)).toEqual(['word:called', 'quoted:Smith & Sons', "word:o'neil", 'quoted:Acme']);
  });

  it('keeps where each token was, for answering words as typed', () => {
    const tokens = tokenize('  in  London ');
    expect(tokens.map((t) => [t.start, t.end])).toEqual([
      [2, 4],
      [6, 12],
    ]);
  });

  it('does not take numbers glued to letters for amounts', () => {
    expect(kinds('b2b 10x 3rd')).toEqual(['word:b2b', 'word:10x', 'word:3rd']);
  });
});
