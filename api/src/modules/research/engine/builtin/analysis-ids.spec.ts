// The built-in analyst's analyses are registered once each: a file in analyses/<group>/ with its
// entry in the group's list, and its id where ANALYSIS_ORDER presents it. A new analysis missing
// either half, or two analyses with one id, fail here instead of vanishing from answers.
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { FINANCIAL_ANALYSES } from './analyses/financial/index.js';
import { REGISTER_ANALYSES } from './analyses/register/index.js';
import { ANALYSIS_ORDER } from './analysis-ids.js';
import { availableAnalyses, offerList } from './plan.js';

describe('the built-in analyses', () => {
  const registered = [...FINANCIAL_ANALYSES, ...REGISTER_ANALYSES];

  it('are each listed once in ANALYSIS_ORDER, and every id there has its analysis', () => {
    expect(registered.map((a) => a.id).sort()).toEqual([...ANALYSIS_ORDER].sort());
    expect(new Set(registered.map((a) => a.id)).size).toBe(registered.length);
  });

  it('each offer what they answer, and a decline offers them all in the order answers present them', () => {
    for (const analysis of registered) expect(analysis.offer).toMatch(/^[a-z(]/);
    const offers = offerList(availableAnalyses());
    const positions = ANALYSIS_ORDER.map((id) => offers.indexOf(registered.find((a) => a.id === id)!.offer));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect(offers).toMatch(/^a summary sheet, distress signals, .* or the filing history$/);
  });
});
