/**
 * What the model engine's tests share: small tools with sourced facts, an evidence checker
 * that confirms every fact but the ones named, a stand-in for the built-in engine, and `ask`,
 * which runs one question and collects what a client would see.
 */
import {
  emptyResearchAnswer,
  reduceResearchAnswer,
  type ResearchAnswer,
  type ResearchEngineInfo,
  type ResearchEvent,
} from '@credence/shared';
import type { LlmConfig } from '../../src/core/config/config.js';
import type {
  EvidenceChecker,
  Fact,
  ResearchEngine,
  ResearchRequest,
  ResearchTool,
  ToolResult,
} from '../../src/platform/ai/engine/types.js';

export const COMPANY = '00000001';

const filing = (page: number) =>
  ({ kind: 'filing', company_number: COMPANY, document_id: 'doc-2024', title: 'Full accounts made up to 31/12/2024', page }) as const;

export const TURNOVER: Fact = {
  key: 'turnover@2024-12-31',
  label: 'Turnover',
  value: 12_345_678,
  unit: 'GBP',
  period: '2024-12-31',
  printed: '12,345,678',
  source: filing(7),
};
export const OPERATING_PROFIT: Fact = {
  key: 'operatingProfit@2024-12-31',
  label: 'Operating profit',
  value: 1_234_567,
  unit: 'GBP',
  period: '2024-12-31',
  printed: '1,234,567',
  source: filing(8),
};
/** A computed figure: operating margin from the two filed figures. */
export const OPERATING_MARGIN: Fact = {
  key: 'operatingMargin@2024-12-31',
  label: 'Operating margin',
  value: 10,
  unit: 'percent',
  period: '2024-12-31',
  source: filing(8),
  inputs: [OPERATING_PROFIT, TURNOVER],
  formula: 'operating profit / turnover',
};
export const CHARGES: Fact = {
  key: 'charges:outstanding',
  label: 'Outstanding charges',
  value: 2,
  unit: 'count',
  source: { kind: 'register', company_number: COMPANY, record: 'charges', title: 'Charges (register)' },
};

/** Every call a tool got, by tool name. */
export type ToolCalls = Record<string, Record<string, unknown>[]>;

function tool(name: string, parameters: Record<string, unknown>, result: ToolResult, calls: ToolCalls): ResearchTool {
  return {
    name,
    description: `Test tool ${name}`,
    parameters,
    run: (args) => {
      (calls[name] ??= []).push(args);
      return Promise.resolve(result);
    },
  };
}

const byCompany = {
  type: 'object',
  properties: { company_number: { type: 'string' } },
  required: ['company_number'],
  additionalProperties: false,
};

/** The tools of the fixtures: test-tool (the recorded stream's), get_financials, get_charges, get_profile, get_document_page. */
export function testTools(calls: ToolCalls, plantedText = ''): Map<string, ResearchTool> {
  const orders: Fact = { ...CHARGES, key: 'orders', label: 'Orders for the day', value: 1250 };
  const tools = [
    tool(
      'test-tool',
      { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
      { data: { orders: 1250 }, facts: [orders] },
      calls,
    ),
    tool(
      'get_financials',
      byCompany,
      { data: { year: 2024, sic_codes: ['62012'], charge_codes: ['0123 4567 0001'] }, facts: [TURNOVER, OPERATING_PROFIT] },
      calls,
    ),
    tool('get_ratios', byCompany, { data: {}, facts: [OPERATING_MARGIN] }, calls),
    tool('get_charges', byCompany, { data: { outstanding: 2, lenders: ['HSBC UK Bank plc'] }, facts: [CHARGES] }, calls),
    tool(
      'get_profile',
      { type: 'object', properties: {} },
      {
        data: { name: 'Test Ltd', status: 'active' },
        facts: [{ key: 'incorporated', label: 'Incorporated', value: '2001-04-01', unit: 'date', source: CHARGES.source }],
      },
      calls,
    ),
    tool('get_document_page', byCompany, { data: { page: 7, text: plantedText }, facts: [TURNOVER] }, calls),
  ];
  return new Map(tools.map((t) => [t.name, t]));
}

/** Confirms every fact except those whose key is in `failing`. */
export function testEvidence(failing: string[] = []): EvidenceChecker {
  return {
    check: (fact) =>
      Promise.resolve(
        failing.includes(fact.key)
          ? { verified: false, reason: 'not on the page' }
          : { verified: true, ...(fact.printed ? { quote: fact.printed } : {}) },
      ),
  };
}

export const BUILT_IN_TEXT = 'The built-in analyst answered.';

/** Stands in for the built-in engine: a plan and one sentence. */
export const builtInStandIn: ResearchEngine = {
  name: 'built-in',
  answer: (_request, out) => {
    out.emit({ type: 'plan', data: { steps: ['Read the register'] } });
    out.emit({ type: 'text', data: { delta: BUILT_IN_TEXT } });
    return Promise.resolve();
  },
};

export function llmConfig(baseUrl: string, overrides: Partial<LlmConfig> = {}): LlmConfig {
  return { baseUrl, apiKey: 'test-key', model: 'model-pro', modelFast: 'model-fast', timeoutMs: 5000, maxRetries: 1, ...overrides };
}

export function request(query: string, overrides: Partial<ResearchRequest> = {}): ResearchRequest {
  return {
    query,
    companyNumber: COMPANY,
    chatId: 'chat-1',
    model: 'flash',
    webSearch: false,
    user: { id: 'user-1', role: 'analyst' },
    history: [],
    ...overrides,
  };
}

export interface Asked {
  events: ResearchEvent[];
  answer: ResearchAnswer;
  info: ResearchEngineInfo | undefined;
  /** The text deltas as the client received them. */
  deltas: string[];
}

export async function ask(engine: ResearchEngine, req: ResearchRequest, given?: AbortSignal): Promise<Asked> {
  const signal = given ?? new AbortController().signal;
  const events: ResearchEvent[] = [];
  let info: ResearchEngineInfo | undefined;
  await engine.answer(req, {
    emit: (event) => events.push(event),
    signal,
    engineInfo: (given) => {
      info = given;
    },
  });
  return {
    events,
    answer: events.reduce(reduceResearchAnswer, emptyResearchAnswer()),
    info,
    deltas: events.flatMap((e) => (e.type === 'text' ? [e.data.delta] : [])),
  };
}

/** Chunks of one streamed tool call round, in the OpenAI shape (arguments cut in two). */
export function toolCallChunks(calls: { id: string; name: string; arguments: string }[]): unknown[] {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    id: 'chatcmpl-t',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  return [
    ...calls.flatMap((call, index) => {
      const half = Math.floor(call.arguments.length / 2);
      return [
        chunk({
          tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments.slice(0, half) } }],
        }),
        chunk({ tool_calls: [{ index, function: { arguments: call.arguments.slice(half) } }] }),
      ];
    }),
    chunk({}, 'tool_calls'),
  ];
}
