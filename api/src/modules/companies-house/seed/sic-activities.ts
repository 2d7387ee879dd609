import { SIC_CODES } from '@credence/shared';
// the word lists and tables are data, not code: data/sic-activities.json (loaded once, with the module)
import SIC_DATA from './data/sic-activities.json' with { type: 'json' };

/**
 * What a sample company does, in the words of its business overview, by its main SIC 2007 code,
 * so that a company filed under 41202 (construction of domestic buildings) says it builds homes
 * rather than any activity of its sector: the common codes in words of their own, any other in
 * the words of its SIC description ("is engaged in the manufacture of electronic components").
 * Dormant companies keep their sector's wording.
 */
export const SIC_ACTIVITIES: Readonly<Record<string, readonly string[]>> = SIC_DATA.SIC_ACTIVITIES;

/** Descriptions that name an activity ("Manufacture of ...") read with "the" after "is engaged in". */
const NOUN_LEAD =
  /^(?:manufacture|repair|installation|construction|demolition|renting|rental|retail sale|wholesale|operation|production|processing|preparation|collection|treatment|raising|growing|development|publishing|management|maintenance|distribution|extraction|letting|buying|sale|support|activities|cutting|freight|transport|printing|reproduction|mixed)\b/i;

/** The activity a company with this main SIC code carries on, in the overview's words; null for an unknown code. */
export function sicActivity(code: string, pick: number): string | null {
  const own = SIC_ACTIVITIES[code];
  if (own) return own[pick % own.length];
  const description = SIC_CODES.get(code);
  if (!description) return null;
  const words = description
    .replace(/,? n\.e\.c\.?$|,? not elsewhere classified$/i, '')
    .replace(/^./, (c) => c.toLowerCase())
    .trim();
  return `is engaged in ${NOUN_LEAD.test(words) ? 'the ' : ''}${words}`;
}
