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

export const ROI_MESSAGES = {
  incomplete: 'Please complete all required fields',
  teamSize: 'Please enter a valid team size',
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

/**
 * The form as typed: both fields required, the team size a whole number of at least 1.
 * Answers the estimate or the one message the calculator shows.
 */
export function roiFromForm(department: string, teamSize: string): { result: RoiResult } | { error: string } {
  const size = teamSize.trim();
  if (department.trim() === '' || size === '') return { error: ROI_MESSAGES.incomplete };
  if (!/^\d+$/.test(size) || Number(size) < 1 || !Number.isSafeInteger(Number(size))) return { error: ROI_MESSAGES.teamSize };
  return { result: roiEstimate(department, Number(size)) };
}
