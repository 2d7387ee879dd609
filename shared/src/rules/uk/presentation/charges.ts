/** The charges panel's figures as the web and the terminal show them (spec 2 2.7, section 9). */
import { NOT_AVAILABLE } from './texts.js';

/** The average duration of the charges, months of 30 days with one decimal ("14.5 months"), or "N/A". */
export function averageDurationText(months: number | null | undefined): string {
  return typeof months === 'number' && Number.isFinite(months) ? `${months.toFixed(1)} months` : NOT_AVAILABLE;
}
