import { SIC_CODES } from '@credence/shared';

/**
 * What a sample company does, in the words of its business overview, by its main SIC 2007 code,
 * so that a company filed under 41202 (construction of domestic buildings) says it builds homes
 * rather than any activity of its sector: the common codes in words of their own, any other in
 * the words of its SIC description ("is engaged in the manufacture of electronic components").
 * Dormant companies keep their sector's wording.
 */
export const SIC_ACTIVITIES: Readonly<Record<string, readonly string[]>> = {
  '01110': ['grows cereals, pulses and oilseed crops', 'farms arable land growing wheat, barley and oilseed rape'],
  '01410': ['runs a dairy farm, raising cattle for milk'],
  '01500': ['operates a mixed arable and livestock farm'],
  '10710': ['bakes and distributes bread, pastries and cakes'],
  '10890': ['manufactures food products for retailers and caterers', 'produces chilled and ambient food for retailers'],
  '11050': ['brews and distributes beer'],
  '25620': ['provides precision machining services'],
  '25990': ['manufactures fabricated metal products'],
  '28990': ['designs and manufactures special-purpose machinery'],
  '35110': ['generates electricity from its renewable energy assets', 'owns and operates wind and solar generating assets'],
  '35140': ['trades and supplies electricity'],
  '35300': ['supplies heat and cooling through district energy networks'],
  '41201': ['constructs commercial buildings'],
  '41202': ['builds new homes and residential developments'],
  '43999': ['provides specialist contracting services to the construction industry'],
  '46190': ['acts as a sales agent for a range of goods'],
  '46390': ['wholesales food and drink to trade customers'],
  '46900': ['imports and wholesales a wide range of products'],
  '47190': ['operates general retail stores'],
  '47710': ['sells clothing through its stores'],
  '47910': ['sells consumer goods online'],
  '49320': ['operates taxi and private hire services'],
  '49410': ['provides road haulage services'],
  '52290': ['provides freight forwarding and logistics support services'],
  '56101': ['operates licensed restaurants'],
  '56102': ['operates cafés and unlicensed restaurants'],
  '56103': ['operates takeaway food outlets'],
  '62012': ['designs, develops and supports business software', 'develops subscription software and analytics tools'],
  '62020': ['provides IT consultancy services'],
  '62090': ['provides IT support and managed services'],
  '64209': ['acts as the holding company of a group'],
  '64999': ['provides specialist finance to businesses'],
  '66190': ['provides services auxiliary to financial services'],
  '68100': ['buys and sells property on its own account'],
  '68209': ['lets and manages property it owns or leases', 'holds and lets a portfolio of investment property'],
  '68320': ['manages property on behalf of its owners'],
  '69201': ['provides accounting and audit services'],
  '69202': ['provides bookkeeping services'],
  '70229': ['provides management consultancy services'],
  '78200': ['supplies temporary staff to employers'],
  '82110': ['provides office administration services'],
  '82990': ['provides business support services'],
  '85510': ['provides sports coaching and recreation courses'],
  '85590': ['provides education and training courses'],
  '85600': ['provides educational support services'],
  '86900': ['provides healthcare services'],
  '87300': ['operates residential care homes for elderly and disabled people'],
  '88100': ['provides home care for elderly and disabled people'],
  '93130': ['operates fitness centres'],
  '96020': ['operates hair and beauty salons'],
  '96090': ['provides personal services to consumers'],
};

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
