/** The charges panel's figures as the web and the terminal show them (spec 2 2.7, section 9). */
import type { ToneColour } from './status.js';
import { NOT_AVAILABLE } from './texts.js';

/** The average duration of the charges, months of 30 days with one decimal ("14.5 months"), or "N/A". */
export function averageDurationText(months: number | null | undefined): string {
  return typeof months === 'number' && Number.isFinite(months) ? `${months.toFixed(1)} months` : NOT_AVAILABLE;
}

/**
 * A charge's status colour, the same in the web's badge and the terminal: a live charge
 * (outstanding or part-satisfied, spec 2 section 4 "active") yellow, as an encumbrance to weigh;
 * a fully satisfied one green, released; anything else grey.
 */
export function chargeStatusColour(status: string | null | undefined): ToneColour {
  const s = (status ?? '').trim().toLowerCase();
  if (s === 'outstanding' || s === 'part-satisfied') return 'yellow';
  if (s === 'fully-satisfied' || s === 'satisfied') return 'green';
  return 'grey';
}
