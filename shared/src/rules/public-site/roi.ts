/**
 * The pricing page's ROI calculator (spec 1 sections 3, 5 and 9): what a team saves a year by
 * working 40% more efficiently. One pure function for every view.
 */

export const ROI_DEPARTMENTS = ['Consulting', 'Investment', 'Advisory'] as const;
export type RoiDepartment = (typeof ROI_DEPARTMENTS)[number];

/** Average annual salary per department; any other department counts at the default. */
export const ROI_SALARIES: Readonly<Record<RoiDepartment, number>> = { Consulting: 95_000, Investment: 150_000, Advisory: 120_000 };
export const ROI_DEFAULT_SALARY = 100_000;
export const ROI_EFFICIENCY = 0.4;
/** The fixed yearly saving added to the salary share (spec 1 section 9). */
export const ROI_FIXED_SAVING = 24_000;
export const ROI_HOURS_A_YEAR = 1760;
/**
 * The largest team the calculator estimates for: the research and deal staff of the largest
 * advisory or investment firms number in the low thousands. Beyond it the formula's linear
 * saving (and its fixed $24,000) stops meaning anything, and a figure in the billions would only
 * mislead: such a firm is asked to talk to sales instead.
 */
export const ROI_MAX_TEAM_SIZE = 10_000;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const whole = new Intl.NumberFormat('en-US');

export const ROI_MESSAGES = {
  incomplete: 'Please complete all required fields',
  teamSize: 'Please enter a valid team size',
  teamTooLarge: `The calculator estimates teams of up to ${whole.format(ROI_MAX_TEAM_SIZE)} people: for a larger organisation, contact sales for an estimate`,
} as const;

export interface RoiResult {
  yearlySavings: number;
  yearlyHoursSaved: number;
}

export function roiSalary(department: string): number {
  return (ROI_SALARIES as Record<string, number>)[department] ?? ROI_DEFAULT_SALARY;
}

/** yearlySavings = round(size x salary x 0.4 + 24000); yearlyHoursSaved = round(1760 x size x 0.4). */
export function roiEstimate(department: string, teamSize: number): RoiResult {
  return {
    yearlySavings: Math.round(teamSize * roiSalary(department) * ROI_EFFICIENCY + ROI_FIXED_SAVING),
    yearlyHoursSaved: Math.round(ROI_HOURS_A_YEAR * teamSize * ROI_EFFICIENCY),
  };
}

/** What an estimate assumes, in the words and figures shown beside it. */
export interface RoiAssumption {
  label: string;
  value: string;
}

export function roiAssumptions(department: string): RoiAssumption[] {
  const known = (ROI_DEPARTMENTS as readonly string[]).includes(department);
  return [
    { label: known ? `Average salary in ${department}` : 'Average salary', value: `${usd.format(roiSalary(department))} a year` },
    { label: 'Time saved on research and analysis', value: `${ROI_EFFICIENCY * 100}%` },
    { label: 'Working year', value: `${whole.format(ROI_HOURS_A_YEAR)} hours` },
    { label: 'Fixed saving added to each estimate', value: `${usd.format(ROI_FIXED_SAVING)} a year` },
  ];
}

/** The estimate's figures as shown: dollars and hours, whole. */
export function formatRoi(result: RoiResult): { yearlySavings: string; yearlyHoursSaved: string } {
  return { yearlySavings: usd.format(result.yearlySavings), yearlyHoursSaved: whole.format(result.yearlyHoursSaved) };
}

/**
 * The form as typed: both fields required, the team size a whole number from 1 to
 * ROI_MAX_TEAM_SIZE. Answers the estimate or the one message the calculator shows.
 */
export function roiFromForm(department: string, teamSize: string): { result: RoiResult } | { error: string } {
  const size = teamSize.trim();
  if (department.trim() === '' || size === '') return { error: ROI_MESSAGES.incomplete };
  if (!/^\d+$/.test(size) || Number(size) < 1) return { error: ROI_MESSAGES.teamSize };
  if (Number(size) > ROI_MAX_TEAM_SIZE) return { error: ROI_MESSAGES.teamTooLarge };
  return { result: roiEstimate(department, Number(size)) };
}
