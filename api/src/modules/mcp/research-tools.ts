/**
 * The research engine's tools (company search, profile, statements, ratios, filings, document
 * pages, the register's charges, leadership, capital, compliance, peers, lender book, US KPIs) as
 * MCP tools: the same ResearchTool code paths and JSON schemas (turned into zod), every fact
 * checked by the same evidence checker and returned with its citation and verification state.
 */
import { Logger } from '@nestjs/common';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ToolRegistry } from '../../platform/ai/engine/analysis.js';
import { citationFor } from '../../platform/ai/engine/answer-writer.js';
import type { EvidenceChecker, Fact, ResearchTool, ResearchUser } from '../../platform/ai/engine/types.js';
import { ToolArgumentError } from '../../platform/ai/engine/tool-args.js';
import { citedFact, factLine, toolAnswer, toolError, type CitedFact } from './results.js';
import { UNTRUSTED_NOTICE } from './untrusted.js';

/** Checks in flight at once for one answer (the page cache makes repeats cheap). */
const CHECKS_AT_ONCE = 8;

const logger = new Logger('Mcp');

export async function checkFacts(facts: Fact[], evidence: EvidenceChecker, signal: AbortSignal): Promise<CitedFact[]> {
  const out: CitedFact[] = new Array(facts.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < facts.length; i = next++) {
      const fact = facts[i];
      const check = await evidence.check(fact, signal).catch(() => ({ verified: false, reason: 'The check failed.' }) as const);
      const citation = {
        ...citationFor(`c${i + 1}`, fact.source),
        verified: check.verified,
        ...('quote' in check && check.quote ? { quote: check.quote } : {}),
      };
      out[i] = citedFact(fact, citation, check.reason);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHECKS_AT_ONCE, facts.length) }, worker));
  return out;
}

/** Runs one research tool as `user` and renders its result; a bad argument is a tool error naming it. */
export async function runResearchTool(
  tool: ResearchTool,
  args: Record<string, unknown>,
  user: ResearchUser,
  evidence: EvidenceChecker,
  signal: AbortSignal,
): Promise<CallToolResult> {
  try {
    const result = await tool.run(args, { user, signal });
    const facts = await checkFacts(result.facts, evidence, signal);
    const structured = { data: result.data ?? null, facts, ...(result.missing?.length ? { missing: result.missing } : {}) };
    const verified = facts.filter((f) => f.citation.verified).length;
    const heading = `${tool.name}: ${facts.length} figure${facts.length === 1 ? '' : 's'} with citations (${verified} verified at source).${
      result.missing?.length ? ` Not on file: ${result.missing.join(' ')}` : ''
    }`;
    const body = [facts.length ? `Figures:\n${facts.map(factLine).join('\n')}` : '', `Data:\n${JSON.stringify(result.data ?? null)}`]
      .filter(Boolean)
      .join('\n');
    return toolAnswer(heading, `credence ${tool.name}`, structured, body);
  } catch (error) {
    if (error instanceof ToolArgumentError) return toolError(error.message);
    logger.error(`${tool.name} failed: ${(error as Error).stack ?? String(error)}`);
    return toolError(`${tool.name} failed on the server; try again, or report it if it keeps failing.`);
  }
}

/** A research tool with its input schema as zod, made once (turning JSON schemas into zod costs milliseconds). */
export interface McpResearchTool {
  tool: ResearchTool;
  inputSchema: z.ZodObject;
  description: string;
}

export function mcpResearchTools(tools: ToolRegistry): McpResearchTool[] {
  return [...tools.values()].map((tool) => ({
    tool,
    inputSchema: z.fromJSONSchema(tool.parameters as Parameters<typeof z.fromJSONSchema>[0]) as z.ZodObject,
    description: `${tool.description} Every figure comes with its citation (filing and page, register record or SEC fact) and whether Credence verified it there. ${UNTRUSTED_NOTICE}`,
  }));
}

const READ_ONLY = { readOnlyHint: true, openWorldHint: false, idempotentHint: true } as const;

/** Registers every research tool on `server`, read-only, run as `user`. */
export function registerResearchTools(server: McpServer, tools: McpResearchTool[], user: ResearchUser, evidence: EvidenceChecker): void {
  for (const { tool, inputSchema, description } of tools) {
    server.registerTool(
      tool.name,
      { title: tool.name.replace(/_/g, ' '), description, inputSchema, annotations: READ_ONLY },
      (args: Record<string, unknown>, extra) => runResearchTool(tool, args, user, evidence, extra.signal),
    );
  }
}
