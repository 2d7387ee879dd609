/** Uploading PDFs over HTTP as a browser does (multipart/form-data with `files` and `chatKey`). */
import type { TestApi } from './test-api.js';

export interface UploadReply {
  status: number;
  body: any;
}

export async function uploadPdfs(
  t: Pick<TestApi, 'url'>,
  token: string,
  chatKey: string | null,
  files: { name: string; bytes: Buffer }[],
): Promise<UploadReply> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)], { type: 'application/pdf' }), f.name);
  if (chatKey !== null) form.append('chatKey', chatKey);
  const response = await fetch(`${t.url}/api/upload_pdf`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json() };
}

/** Starts start_pdf_processing and polls check_query until it ends; answers the last reply and every progress seen. */
export async function processPdfs(t: TestApi, token: string, chatKey: string): Promise<{ final: any; progress: any[] }> {
  const started = await t.request('POST', '/api/start_pdf_processing', {
    token,
    body: { chat_key: chatKey, workflow_category: 'restructuring' },
  });
  if (started.status !== 200) throw new Error(`start_pdf_processing: ${started.status} ${JSON.stringify(started.body)}`);
  const progress: any[] = [];
  for (let i = 0; i < 2000; i++) {
    const reply = await t.request('GET', `/api/check_query?job_id=${encodeURIComponent(started.body.job_id)}`, { token });
    if (reply.body.progress) progress.push(reply.body.progress);
    if (reply.body.status === 'completed' || reply.body.status === 'failed') return { final: reply.body, progress };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('start_pdf_processing did not finish');
}
