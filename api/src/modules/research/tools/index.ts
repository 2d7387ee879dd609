/**
 * The research tools: read-only reads of Credence's own data, every figure a Fact with its
 * source. The same set serves the built-in engine, a model's function calls and MCP; plugins add theirs.
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
import type { ResearchPlugin } from '../../../platform/ai/engine/research-plugin.js';

export interface ResearchToolsOptions {
  /** DATA_DIR, where stored documents are (document_pages reads them). */
  dataDir?: string | null;
  /** Share the evidence checker's page cache. */
  pages?: PageTextService;
  /** The features whose tools join research's own (api/src/research-plugins.ts). */
  plugins?: readonly ResearchPlugin[];
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
    ...(options.plugins ?? []).flatMap((plugin) => plugin.tools?.(db) ?? []),
  ] as ResearchTool[];
  return new Map(tools.map((tool) => [tool.name, tool]));
}
