/**
 * The artifacts panel's tabs for an answer (spec 3 section 2): the answer's tabSet when it has
 * one, else one table tab per answer table. Spec 3's first 5 tabs show inline, the rest go in More.
 */
import { RESEARCH_CONSTANTS, type ResearchAnswer, type ResearchTable } from '@credence/shared';
import type { ArtifactTable } from './resizable-table.tsx';

export interface ArtifactTab {
  id: string;
  title: string;
  type: string;
  table: ArtifactTable;
}

export function artifactTabs(answer: Pick<ResearchAnswer, 'tabSet' | 'tables'> | null): ArtifactTab[] {
  if (!answer) return [];
  const fromSet = answer.tabSet.flatMap((tab): ArtifactTab[] => {
    if (tab.table) return [{ id: tab.id, title: tab.title, type: tab.type, table: tab.table }];
    if (tab.chartData?.length)
      return [
        {
          id: tab.id,
          title: tab.title || 'Financial Performance',
          type: tab.type,
          table: {
            title: tab.title || 'Financial Performance',
            headers: ['Year', 'Revenue', 'Net income margin', 'EBITDA margin'],
            rows: tab.chartData.map((d) => [d.year, d.revenue, d.netIncomeMargin, d.ebitdaMargin]),
          },
        },
      ];
    return [];
  });
  if (fromSet.length) return fromSet;
  return answer.tables.map((t: ResearchTable) => ({ id: t.id, title: t.title, type: 'table', table: t }));
}

export function splitTabs<T>(tabs: readonly T[]): { inline: T[]; more: T[] } {
  return { inline: tabs.slice(0, RESEARCH_CONSTANTS.inlineTabs), more: tabs.slice(RESEARCH_CONSTANTS.inlineTabs) };
}
