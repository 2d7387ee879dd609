/**
 * The question classifier (issue 27 §3): paraphrases, typos and compound questions map to the
 * analyses they ask for; a part no data holds is named, never answered with a neighbour.
 */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { correctTypos, correctWord } from './typos.js';
import { parseQuestion } from './understand.js';
import { unsupportedLine } from './vocabulary.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const parse = (q: string) => parseQuestion(q, NOW);

describe('classifier: distress and recovery', () => {
  for (const q of [
    'What are the main distress signals?',
    'Is this company in distress?',
    'Any red flags or warning signs?',
    'Is it insolvent?',
    'Has the company gone into liquidation?',
    'Is it in administration?',
    'Is the business struggling?',
    'Show me signs of financial difficulty',
  ])
    it(`"${q}" asks for the distress analysis`, () => {
      expect(parse(q).analyses).toContain('distress');
    });

  for (const q of [
    'How likely is a recovery for unsecured creditors?',
    'What would unsecured creditors recover?',
    'Pence in the pound for unsecured creditors?',
    'How do the charges rank?',
    'Who gets paid first?',
  ])
    it(`"${q}" asks for the recovery estimate, not the lenders list`, () => {
      const p = parse(q);
      expect(p.analyses).toContain('recovery');
      expect(p.analyses).not.toContain('lenders');
    });

  it('a compound distress and recovery question asks for both, in order', () => {
    expect(parse('What are the main distress signals and how likely is a recovery for unsecured creditors?').analyses).toEqual([
      'distress',
      'recovery',
    ]);
  });
});

describe('classifier: typos', () => {
  it('corrects a misspelt known word, leaves short and plural words alone', () => {
    expect(correctWord('liquidaton')).toBe('liquidation');
    expect(correctWord('recovry')).toBe('recovery');
    expect(correctWord('distres')).toBe('distress');
    expect(correctWord('intrest')).toBe('interest');
    expect(correctWord('filing')).toBe('filing');
    expect(correctWord('charge')).toBe('charge');
    expect(correctWord('sales')).toBe('sales');
    expect(correctTypos('what are the distres signals')).toBe('what are the distress signals');
  });

  for (const [q, analysis] of [
    ['waht are the mian distres signals?', 'distress'],
    ['is it in liquidaton?', 'distress'],
    ['recovry for unsecured credtors', 'recovery'],
    ['whats the intrest cover', 'ratios'],
    ['who are the dirctors', 'leadership'],
    ['how profitble is it', 'profitability'],
    ['show the turnovr growth', 'performance'],
  ] as const)
    it(`"${q}" is read as ${analysis}`, () => {
      expect(parse(q).analyses).toContain(analysis);
    });
});

describe('classifier: ratios and partial questions', () => {
  it('"free cash flow and interest cover?" asks for those ratios, not growth', () => {
    const p = parse('free cash flow and interest cover?');
    expect(p.analyses).toEqual(['ratios']);
    expect(p.ratios).toEqual(['Interest cover', 'Free cash flow']);
  });

  it('"CEO\'s salary and top shareholders?" names salary as missing and answers the shareholders it can', () => {
    const p = parse("CEO's salary and top shareholders?");
    expect(p.unsupported).toEqual(['salary', 'full shareholder list']);
    expect(p.analyses).toEqual(['leadership']);
    expect(unsupportedLine('salary')).toBe('Salary: not in the register or the accounts we hold');
  });

  it('a compound question with an unanswerable part keeps the answerable part and names the other', () => {
    const p = parse('What is the share price and the turnover in 2024?');
    expect(p.analyses).toEqual(['performance']);
    expect(p.unsupported).toEqual(['share price']);
  });

  it('the words of an unanswerable part ask for no neighbouring analysis', () => {
    expect(parse('What is the market capitalisation?')).toMatchObject({ analyses: [], unsupported: ['market capitalisation'] });
    expect(parse('What was the share price in 2024?')).toMatchObject({ analyses: [], unsupported: ['share price'] });
  });

  it('gearing, net debt and current ratio with leverage: each ratio named, the capital structure asked for by its words', () => {
    const p = parse('What are gearing, net debt and the current ratio?');
    expect(p.ratios).toEqual(['Current ratio', 'Gearing', 'Net debt']);
    expect(p.analyses).toEqual(['ratios']);
  });

  it('an out-of-scope question asks for nothing (the engine declines and lists what it can answer)', () => {
    expect(parse('What is the weather in Leeds?')).toMatchObject({ analyses: [], unsupported: [] });
  });
});
