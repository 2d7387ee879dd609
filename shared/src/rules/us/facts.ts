/**
 * Which copy of a reported figure counts. A period's figure is repeated in every later filing that
 * shows it as a comparative and restated by amendments: the latest filed periodic copy wins
 * (edgartools, OpenBB). 8-K figures (recasts in press releases) and other forms are ignored.
 */
import type { UsFact } from '../../contracts/us-equity.js';

/** Periodic reports and their amendments: the forms whose facts make the KPI tables. */
const PERIODIC = /^(10-K|10-Q|20-F|40-F|10-KT|10-QT)(\/A)?$/;

export function isPeriodicForm(form: string): boolean {
  return PERIODIC.test(form.trim().toUpperCase());
}

/** The identity of a figure: one concept, one unit, one period. */
export function factKey(f: Pick<UsFact, 'concept' | 'unit' | 'start' | 'end'>): string {
  return `${f.concept}|${f.unit}|${f.start ?? ''}|${f.end}`;
}

/** True when `a` was filed after `b` (same day: the later accession number, then the amendment). */
export function filedLater(a: UsFact, b: UsFact): boolean {
  if (a.filed !== b.filed) return a.filed > b.filed;
  if (a.accn !== b.accn) return a.accn > b.accn;
  return a.form.endsWith('/A') && !b.form.endsWith('/A');
}

/** One fact per concept, unit and period: the latest filed periodic copy; other forms dropped. */
export function latestFiledFacts(facts: Iterable<UsFact>): UsFact[] {
  const best = new Map<string, UsFact>();
  for (const f of facts) {
    if (!isPeriodicForm(f.form) || !Number.isFinite(f.val)) continue;
    const key = factKey(f);
    const held = best.get(key);
    if (!held || filedLater(f, held)) best.set(key, f);
  }
  return [...best.values()];
}

/**
 * For one KPI, the fact of each period among its ordered concepts: the freshest filing across the
 * synonyms wins and ties go to the earlier concept, so a company that moved from `SalesRevenueNet`
 * to `Revenues` to `RevenueFromContractWithCustomer...` keeps one series (edgartools GH #892).
 * `facts` must already hold one fact per concept, unit and period.
 */
export function chooseAcrossConcepts(facts: readonly UsFact[], concepts: readonly string[]): Map<string, UsFact> {
  const rank = new Map(concepts.map((c, i) => [c, i]));
  const chosen = new Map<string, UsFact>();
  for (const f of facts) {
    const r = rank.get(f.concept);
    if (r === undefined) continue;
    const period = `${f.start ?? ''}|${f.end}`;
    const held = chosen.get(period);
    if (!held) {
      chosen.set(period, f);
      continue;
    }
    const heldRank = rank.get(held.concept) ?? 0;
    if (f.filed > held.filed || (f.filed === held.filed && r < heldRank)) chosen.set(period, f);
  }
  return chosen;
}

/** The unit a KPI reads when a company reports in several: USD first, else the most used. */
export function preferredUnit(units: readonly string[], accepts: (unit: string) => boolean): string | null {
  const counts = new Map<string, number>();
  for (const u of units) if (accepts(u)) counts.set(u, (counts.get(u) ?? 0) + 1);
  if (counts.size === 0) return null;
  for (const usd of ['USD', 'USD/shares']) if (counts.has(usd)) return usd;
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}
