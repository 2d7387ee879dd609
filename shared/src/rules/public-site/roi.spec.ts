import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ROI_MESSAGES, roiEstimate, roiFromForm } from './roi.js';

describe('ROI calculator (spec 1 section 9)', () => {
  it('applies each department salary: round(size x salary x 0.4 + 24000), round(1760 x size x 0.4)', () => {
    expect(roiEstimate('Consulting', 10)).toEqual({ yearlySavings: 404_000, yearlyHoursSaved: 7040 });
    expect(roiEstimate('Investment', 10)).toEqual({ yearlySavings: 624_000, yearlyHoursSaved: 7040 });
    expect(roiEstimate('Advisory', 10)).toEqual({ yearlySavings: 504_000, yearlyHoursSaved: 7040 });
    expect(roiEstimate('Other', 10)).toEqual({ yearlySavings: 424_000, yearlyHoursSaved: 7040 });
  });

  it('rounds the hours of an odd team', () => {
    expect(roiEstimate('Consulting', 1)).toEqual({ yearlySavings: 62_000, yearlyHoursSaved: 704 });
    expect(roiEstimate('Advisory', 3).yearlyHoursSaved).toBe(2112);
  });

  it('asks for both fields, then for a whole team size of at least 1', () => {
    expect(roiFromForm('', '5')).toEqual({ error: ROI_MESSAGES.incomplete });
    expect(roiFromForm('Consulting', ' ')).toEqual({ error: 'Please complete all required fields' });
    for (const bad of ['0', '-2', '2.5', 'ten', '1e3'])
      expect(roiFromForm('Consulting', bad)).toEqual({ error: 'Please enter a valid team size' });
    expect(roiFromForm('Investment', ' 4 ')).toEqual({ result: roiEstimate('Investment', 4) });
  });
});
