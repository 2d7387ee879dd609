/** Running a restructuring query over HTTP as the web does: start_query, then check_query until the job ends. */
import type { RestructuringResult, WorkflowCategory } from '@credence/shared';
import type { TestApi } from './test-api.js';

export async function runRestructuring(
  t: TestApi,
  token: string,
  chatKey: string,
  thoughts: string[],
  options: { query?: string; category?: WorkflowCategory } = {},
): Promise<RestructuringResult> {
  const started = await t.request('POST', '/api/start_query', {
    token,
    body: {
      query: options.query ?? 'Capital structure of Harbour Logistics',
      thoughts,
      chat_key: chatKey,
      workflow_category: options.category ?? 'restructuring',
    },
  });
  if (started.status !== 200) throw new Error(`start_query: ${started.status} ${JSON.stringify(started.body)}`);
  if (started.body.data.job_id !== started.body.job_id) throw new Error('start_query: data.job_id differs from job_id');
  for (;;) {
    const reply = await t.request('GET', `/api/check_query?job_id=${encodeURIComponent(started.body.job_id)}`, { token });
    if (reply.body.status === 'completed') return reply.body.result as RestructuringResult;
    if (reply.body.status === 'failed') throw new Error(reply.body.error);
    await new Promise((r) => setTimeout(r, 25));
  }
}
