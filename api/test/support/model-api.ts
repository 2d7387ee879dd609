/**
 * A test API whose model (LLM_*) is the local replay server, and one user who has uploaded PDFs
 * to a chat: what the model-path document and restructuring tests start from. 'pro' is
 * model-pro, 'flash' model-fast; no retries, so one scripted failure is the provider's answer.
 */
import { uploadPdfs } from './documents-client.js';
import { startReplayServer, type ReplayServer } from './openai-replay-server.js';
import { startTestApi, type TestApi } from './test-api.js';

export interface ModelApi {
  t: TestApi;
  server: ReplayServer;
  token: string;
  close(): Promise<void>;
}

export async function startModelApi(email: string, chatKey: string, files: { name: string; bytes: Buffer }[]): Promise<ModelApi> {
  const server = await startReplayServer();
  const t = await startTestApi({
    LLM_BASE_URL: server.baseUrl,
    LLM_MODEL: 'model-pro',
    LLM_MODEL_FAST: 'model-fast',
    LLM_MAX_RETRIES: '0',
  });
  const token = await t.activeUser(email);
  const uploaded = await uploadPdfs(t, token, chatKey, files);
  if (uploaded.status !== 200) throw new Error(JSON.stringify(uploaded.body));
  return {
    t,
    server,
    token,
    close: async () => {
      await t.close();
      await server.close();
    },
  };
}
