/** Reading the overview's typed insights, for the company panels. */
import type { CompanyOverview, OverviewInsights } from '@credence/shared';

/** One of the overview's typed insights (shared contract); null when an older server left it out. */
export function insight<K extends keyof OverviewInsights>(overview: CompanyOverview, key: K): OverviewInsights[K] | null {
  return overview.insights?.[key] ?? null;
}
