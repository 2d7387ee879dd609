/**
 * The artifacts panel's tabs for an answer (spec 3 section 2): the answer's tabSet when it has
 * one (equity and restructuring tables override), else one tab per answer table, typed as spec 3
 * chooses: register tables become registry tabs; tables from the company's accounts become
 * Financials and Capital Structure tabs. Spec 3's first 5 tabs show
 * inline, the rest go in More.
 */
import { RESEARCH_CONSTANTS, type ResearchAnswer, type ResearchTable } from '@credence/shared';
import type { ArtifactTable } from './resizable-table.tsx';

export interface ArtifactTab {
  id: string;
  title: string;
  type: string;
  table: ArtifactTable;
}

/** Tables about debt, gearing and solvency: the Capital Structure tabs. */
const CAPITAL_STRUCTURE = /capital structure|gearing|debt|borrowing|liquidity|solvency|leverage/i;
/** Tables read from the company register rather than its accounts. */
const REGISTER = /charge|security|lender|officer|director|filing|confirmation|peer|person|control/i;

export type TableTabType = 'financials' | 'capital_structure' | 'companies_house_table';

/**
 * The tab type of one answer table, from what it holds: a register table (charges, officers,
 * filings) is a registry tab. Key Findings do not decide it: the engine writes them for accounts
 * answers too.
 */
export function tableTabType(title: string): TableTabType {
  if (REGISTER.test(title)) return 'companies_house_table';
  return CAPITAL_STRUCTURE.test(title) ? 'capital_structure' : 'financials';
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
  return answer.tables.map((t: ResearchTable) => ({ id: t.id, title: t.title, type: tableTabType(t.title), table: t }));
}

/** The words that name a tab's type beside its title. */
export const TAB_TYPE_LABELS: Record<string, string> = {
  financials: 'Financials',
  capital_structure: 'Capital Structure',
  companies_house_table: 'Registry',
  chart: 'Chart',
  equity_table: 'Equity',
  restructuring_table: 'Restructuring',
  table: 'Table',
};

/** The tab the arrow keys move to in a tab bar of `count` tabs (wrapping), or null for another key. */
export function tabIndexByKey(index: number, count: number, key: string): number | null {
  if (count === 0) return null;
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function splitTabs<T>(tabs: readonly T[]): { inline: T[]; more: T[] } {
  return { inline: tabs.slice(0, RESEARCH_CONSTANTS.inlineTabs), more: tabs.slice(RESEARCH_CONSTANTS.inlineTabs) };
}
