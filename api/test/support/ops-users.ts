import type { TestApi } from './test-api.js';
import { createUserWithAdmin } from './processes.js';

/** An approved account with the ops role, made with credence-admin as an operator would; answers its token. */
export async function opsUser(t: TestApi, email: string, password = 'ops test password that is long'): Promise<string> {
  const created = await createUserWithAdmin(t.environment.env, { email, password, role: 'ops', approved: true });
  if (created.code !== 0) throw new Error(`credence-admin user create failed: ${created.stderr}`);
  const login = await t.request('POST', '/api/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`ops login failed: ${JSON.stringify(login.body)}`);
  return login.body.access_token;
}
