import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RESEARCH_CONSTANTS, type ResearchCitation } from '@credence/shared';
import {
  LOADING_MESSAGES,
  loadingMessageAt,
  pagesAnalyzed,
  pagesAnalyzedDelayMs,
  pagesAnalyzedText,
} from '../../src/features/research/streaming-ui.tsx';

const citation = (id: string, document: string, page?: number, kind: ResearchCitation['kind'] = 'filing'): ResearchCitation => ({
  id,
  kind,
  document_id: document,
  title: 'Full accounts',
  company_number: '00123456',
  verified: true,
  ...(page ? { page } : {}),
});

describe('research chat: streaming timings (spec 3 section 4)', () => {
  it('changes the loading message every 5 s, then starts again', () => {
    assert.equal(RESEARCH_CONSTANTS.loadingMessageRotationMs, 5000);
    assert.equal(loadingMessageAt(0), LOADING_MESSAGES[0]);
    assert.equal(loadingMessageAt(4999), LOADING_MESSAGES[0]);
    assert.equal(loadingMessageAt(5000), LOADING_MESSAGES[1]);
    assert.equal(loadingMessageAt(12_000), LOADING_MESSAGES[2]);
    assert.equal(loadingMessageAt(5000 * LOADING_MESSAGES.length), LOADING_MESSAGES[0]);
    assert.equal(new Set(LOADING_MESSAGES).size, LOADING_MESSAGES.length, 'each turn says something new');
  });

  it('tells the pages analyzed after the source count times a random 1900 to 2400 ms', () => {
    assert.equal(
      pagesAnalyzedDelayMs(3, () => 0),
      3 * 1900,
    );
    assert.equal(
      pagesAnalyzedDelayMs(3, () => 1),
      3 * 2400,
    );
    assert.equal(
      pagesAnalyzedDelayMs(2, () => 0.5),
      2 * 2150,
    );
    assert.equal(
      pagesAnalyzedDelayMs(4, () => 7),
      4 * 2400,
      'a random past 1 is held to the range',
    );
    assert.ok(pagesAnalyzedDelayMs(5, () => 0) > 4 * RESEARCH_CONSTANTS.sourceRevealMs, 'after the last card (one a second)');
    assert.equal(
      pagesAnalyzedDelayMs(0, () => 0.5),
      0,
    );
  });

  it('counts each cited filing page once, and no register record', () => {
    const cited = [
      citation('a', 'DOC1', 7),
      citation('b', 'DOC1', 7),
      citation('c', 'DOC1', 8),
      citation('d', 'DOC2', 7),
      citation('e', 'DOC3'),
      citation('f', 'REG', 1, 'register'),
    ];
    assert.equal(pagesAnalyzed(cited), 3);
    assert.equal(pagesAnalyzedText(3), '3 pages analyzed');
    assert.equal(pagesAnalyzedText(1), '1 page analyzed');
  });
});
