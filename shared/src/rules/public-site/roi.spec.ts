import { describe, it } from 'node:test';
import { expect } from 'expect';
import { formatRoi, ROI_MAX_TEAM_SIZE, ROI_MESSAGES, roiAssumptions, roiEstimate, roiFromForm } from './roi.js';

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

  it('bounds the team to a plausible size, with a message that says the limit and what to do instead', () => {
    expect(roiFromForm('Advisory', '10000')).toEqual({ result: roiEstimate('Advisory', ROI_MAX_TEAM_SIZE) });
    for (const big of ['10001', '99999999999', '9'.repeat(40)])
      expect(roiFromForm('Consulting', big)).toEqual({ error: ROI_MESSAGES.teamTooLarge });
    expect(ROI_MESSAGES.teamTooLarge).toContain('10,000');
    expect(ROI_MESSAGES.teamTooLarge).toMatch(/contact sales/);
    // the largest estimate stays in the hundreds of millions, never the quadrillions of issue 25
    expect(formatRoi(roiEstimate('Investment', ROI_MAX_TEAM_SIZE)).yearlySavings).toBe('$600,024,000');
  });

  it("states the assumptions behind a department's estimate: its salary, 40%, the working year and the fixed amount", () => {
    expect(roiAssumptions('Investment')).toEqual([
      { label: 'Average salary in Investment', value: '$150,000 a year' },
      { label: 'Time saved on research and analysis', value: '40%' },
      { label: 'Working year', value: '1,760 hours' },
      { label: 'Fixed saving added to each estimate', value: '$24,000 a year' },
    ]);
    expect(roiAssumptions('Other')[0]).toEqual({ label: 'Average salary', value: '$100,000 a year' });
    expect(formatRoi({ yearlySavings: 290_000, yearlyHoursSaved: 4928 })).toEqual({ yearlySavings: '$290,000', yearlyHoursSaved: '4,928' });
  });
});
