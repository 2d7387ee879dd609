/**
 * The research tools: read-only reads of Credence's own data, every figure a Fact with its
 * source. The same set serves the built-in engine and a model's function calls.
 */
import type { DataSource } from 'typeorm';
import type { ToolRegistry } from '../../../platform/ai/engine/analysis.js';
import type { ResearchTool } from '../../../platform/ai/engine/types.js';
import { PageTextService } from '../evidence/page-text.service.js';
import { companySearchTool } from './company-search.tool.js';
import { companyProfileTool } from './company-profile.tool.js';
import { documentPagesTool } from './document-pages.tool.js';
import { documentSummaryTool } from './document-summary.tool.js';
import { filingsTool } from './filings.tool.js';
import { financialRatiosTool } from './financial-ratios.tool.js';
import { financialStatementsTool } from './financial-statements.tool.js';
import { registerTools } from './register/index.js';
import { usKpiTablesTool } from '../../us-equity/research/us-kpi-tables.tool.js';
import { usKpiValuesTool } from '../../us-equity/research/us-kpi-values.tool.js';

export interface ResearchToolsOptions {
  /** DATA_DIR, where stored documents are (document_pages reads them). */
  dataDir?: string | null;
  /** Share the evidence checker's page cache. */
  pages?: PageTextService;
}

export function createResearchTools(db: DataSource, options: ResearchToolsOptions = {}): ToolRegistry {
  const pages = options.pages ?? new PageTextService(db, options.dataDir ?? null);
  const tools: ResearchTool[] = [
    companySearchTool(db),
    companyProfileTool(db),
    financialStatementsTool(db),
    financialRatiosTool(db),
    filingsTool(db),
    documentPagesTool(db, pages),
    documentSummaryTool(db),
    ...registerTools(db),
    usKpiTablesTool(db),
    usKpiValuesTool(db),
  ] as ResearchTool[];
  return new Map(tools.map((tool) => [tool.name, tool]));
}
