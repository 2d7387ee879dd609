import { dayOf, isoDay, type Day } from './dates.js';

/**
 * Sample identity verification (ECCTA, from 18 November 2025) for a current director: one
 * appointed since then verified to be appointed; one appointed before verifies by its deadline
 * within the 12-month transition (its next confirmation statement), so on the reference day some
 * are verified, some due and some overdue. Decided by a hash of the appointment's key, not the
 * generator's random stream, so that the rest of the sample stays as it was.
 */

const START = dayOf('2025-11-18');
const PROVIDERS = ['Rapid Formations Ltd', 'Companies Made Simple Ltd', 'Inform Direct Ltd', 'Kings Court Trust Ltd'];
const AML_BODIES = [
  'HM Revenue and Customs',
  'Institute of Chartered Accountants in England and Wales',
  'Association of Chartered Certified Accountants',
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function sampleVerification(key: string, appointed: Day, ref: Day): Record<string, unknown> | null {
  if (ref < START) return null;
  const h = hash(key);
  const viaProvider = h % 5 < 2;
  const verified = (start: Day) => ({
    appointment_verification_start_on: isoDay(start),
    ...(viaProvider
      ? {
          identity_verified_on: isoDay(Math.max(START, start - 1 - (h % 4))),
          authorised_corporate_service_provider_name: PROVIDERS[h % PROVIDERS.length],
          anti_money_laundering_supervisory_bodies: [AML_BODIES[(h >>> 3) % AML_BODIES.length]],
        }
      : {}),
  });
  if (appointed >= START) return verified(appointed);
  // Existing directors: the deadline is their next confirmation statement's (its review date in the
  // transition year, plus the 14 days to file, so up to early December 2026); about 60% verify first.
  const due = START + 14 + (h % 365);
  const statedOn = START + ((h >>> 8) % Math.max(1, due - START));
  if ((h >>> 16) % 10 < 6 && statedOn <= ref) return verified(statedOn);
  return { appointment_verification_statement_due_on: isoDay(due) };
}
