import type { TestApi } from './test-api.js';
import { ADMIN, run } from './processes.js';

/** An approved account with the ops role, made with credence-admin as an operator would; answers its token. */
export async function opsUser(t: TestApi, email: string, password = 'ops test password that is long'): Promise<string> {
  const created = await run(
    ADMIN,
    [
      'user',
      'create',
      '--email',
      email,
      '--password-stdin',
      '--name',
      'Olu Ops',
      '--company',
      'Acme',
      '--role',
      'ops',
      '--verified',
      '--approved',
    ],
    t.environment.env,
    password,
  );
  if (created.code !== 0) throw new Error(`credence-admin user create failed: ${created.stderr}`);
  const login = await t.request('POST', '/api/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`ops login failed: ${JSON.stringify(login.body)}`);
  return login.body.access_token;
}
