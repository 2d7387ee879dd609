/**
 * The restructuring calls of the typed client (spec 3 section 7) and the query flow both the web
 * page and `credence restructure` run (spec 3 section 4): plan, start the job, poll it, save the
 * chat; each failure named as the spec's error modal names it.
 */
import {
  RESTRUCTURING_ROUTES,
  RESTRUCTURING_TEXTS,
  type RestructuringPlanResponse,
  type RestructuringResult,
  type StartQueryRequest,
  type StartQueryResponse,
  type WorkflowCategory,
} from '../contracts/restructuring.js';
import type { CreateChatHistoryRequest, CreateChatHistoryResponse } from '../contracts/research.js';
import { chosenColumns, planWithColumns } from '../rules/research/restructuring.js';
import { waitForJob, type ResearchApi, type ResearchTransport } from './research-client.js';

interface CallOptions {
  signal?: AbortSignal;
}

export interface RestructuringApi {
  restructuringPlan(query: string, chatKey: string, category: WorkflowCategory, options?: CallOptions): Promise<RestructuringPlanResponse>;
  startQuery(request: StartQueryRequest, options?: CallOptions): Promise<StartQueryResponse>;
  /**
   * A run's table as an xlsx file (the chat's latest unless `runId` names a saved run, a
   * ChatDetail's `id`): its bytes and the file name the server gave it (from that table's title).
   */
  restructuringExcel(chatId: string, options?: CallOptions & { runId?: string }): Promise<{ bytes: Uint8Array; fileName: string }>;
}

function fileNameOf(disposition: string | null): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? 'research_data.xlsx';
}

export function createRestructuringApi(transport: ResearchTransport): RestructuringApi {
  return {
    restructuringPlan: (query, chatKey, category, call) =>
      transport.route('GET generate_thought_process', { query, chat_id: chatKey, workflow_category: category }, call),
    startQuery: (request, call) => transport.route('POST start_query', request, call),
    restructuringExcel: async (chatId, { runId, ...call } = {}) => {
      const query = runId ? { chat_id: chatId, run_id: runId } : { chat_id: chatId };
      const response = await transport.send('GET', RESTRUCTURING_ROUTES.exportExcel, query, undefined, call);
      return { bytes: new Uint8Array(await response.arrayBuffer()), fileName: fileNameOf(response.headers.get('content-disposition')) };
    },
  };
}

export type RestructuringStage = 'plan' | 'query' | 'save';

export interface RestructuringRun {
  query: string;
  chatKey: string;
  category: WorkflowCategory;
  /** Columns chosen (Add Column, --columns): appended to the plan as its last step. */
  columns?: readonly string[];
  /** A plan already shown (Add Column re-runs it with the new columns). */
  plan?: readonly string[];
  signal?: AbortSignal;
  pollMs?: number;
  onStage?: (stage: RestructuringStage, detail?: { plan: string[] }) => void;
}

/** A failed step, with the spec's modal text in `message`. */
export class RestructuringError extends Error {
  constructor(
    readonly stage: RestructuringStage | 'job',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

type FlowClient = Pick<RestructuringApi, 'restructuringPlan' | 'startQuery'> & Pick<ResearchApi, 'checkQuery' | 'createChatHistory'>;

async function step<T>(stage: RestructuringStage | 'job', text: (m: string) => string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { name?: string })?.name === 'AbortError') throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new RestructuringError(stage, text(message), { cause: error });
  }
}

/** Spec 3 section 4: generate the plan, start the query job, poll it, save the chat history. */
export async function runRestructuringQuery(client: FlowClient, run: RestructuringRun): Promise<RestructuringResult> {
  const call = { signal: run.signal };
  let plan = run.plan ? [...run.plan] : null;
  if (!plan) {
    const planned = await step('plan', RESTRUCTURING_TEXTS.thoughtProcessFailed, () =>
      client.restructuringPlan(run.query, run.chatKey, run.category, call),
    );
    plan = planned.thought_process;
  }
  if (run.columns?.length) plan = planWithColumns(plan, run.columns);
  run.onStage?.('plan', { plan });
  const started = await step('query', RESTRUCTURING_TEXTS.startFailed, () =>
    client.startQuery({ query: run.query, thoughts: plan!, chat_key: run.chatKey, workflow_category: run.category }, call),
  );
  run.onStage?.('query', { plan });
  const result = await step('job', RESTRUCTURING_TEXTS.queryFailed, () =>
    waitForJob<RestructuringResult>(client, started.data.job_id, { signal: run.signal, pollMs: run.pollMs }),
  );
  run.onStage?.('save', { plan: result.thought_process });
  const record: CreateChatHistoryRequest = {
    chat_id: run.chatKey,
    query_str: run.query,
    chat_category: 'restructuring',
    thought_process: result.thought_process,
    observations: result.observations,
    table_data: result.table_data,
  };
  await step('save', RESTRUCTURING_TEXTS.saveFailed, () => client.createChatHistory(record, call) as Promise<CreateChatHistoryResponse>);
  return result;
}

/** The columns the run will ask for (what the table header shows while it loads). */
export function runColumns(run: Pick<RestructuringRun, 'columns' | 'plan'>): string[] {
  return run.columns?.length ? [...run.columns] : chosenColumns(run.plan ?? []);
}
