/** `credence login`, `logout` and `whoami`. */
import { ask, askHidden, readStdin } from './prompt.js';
import { AuthError, SIGN_IN_MESSAGE, UsageError } from '../runtime/exit-codes.js';
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { forgetToken, saveToken } from '../runtime/token-store.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function login(options: GlobalOptions & { email?: string; passwordStdin?: boolean }): Promise<void> {
  const ctx = createContext(options);
  let email = options.email?.trim();
  if (!email) {
    if (!ctx.mode.interactive) throw new UsageError('Missing --email: credence login --email you@example.com --password-stdin');
    email = await ask('E-mail: ');
  }
  if (!EMAIL.test(email)) throw new UsageError(`--email must be an e-mail address, not "${email}"`);
  let password: string;
  if (options.passwordStdin) {
    if (process.stdin.isTTY)
      throw new UsageError('--password-stdin reads a pipe: printf \'%s\' "$PASSWORD" | credence login --email ... --password-stdin');
    password = await readStdin();
  } else {
    if (!ctx.mode.interactive || !process.stdin.isTTY)
      throw new UsageError('Missing password: pipe it in with --password-stdin (no prompts outside a terminal)');
    password = await askHidden('Password: ');
  }
  if (password === '') throw new UsageError('The password is empty');
  const client = await ctx.client();
  let token: string;
  try {
    token = (await client.login({ email, password })).access_token;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 401 || status === 403) throw new AuthError((error as Error).message);
    throw error;
  }
  const path = await saveToken(ctx.apiUrl, token, email);
  if (ctx.mode.json) ctx.out.result(JSON.stringify({ signed_in: true, email, api_url: ctx.apiUrl, saved_to: path }));
  else ctx.out.info(`Signed in as ${email} at ${ctx.apiUrl} (session saved in ${path})`);
}

export async function logout(options: GlobalOptions): Promise<void> {
  const ctx = createContext(options);
  const token = await ctx.token();
  let ended = false;
  if (token) {
    try {
      await (await ctx.client(token)).logout();
      ended = true;
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status !== 401 && status !== 403)
        ctx.out.info(`Could not end the session on the server (${(error as Error).message}); forgetting it here.`);
    }
  }
  const had = await forgetToken(ctx.apiUrl);
  if (ctx.mode.json) ctx.out.result(JSON.stringify({ signed_out: true, session_ended: ended, token_forgotten: had }));
  else ctx.out.info(had || ended ? `Signed out of ${ctx.apiUrl}.` : `No saved session for ${ctx.apiUrl}.`);
}

export async function whoami(options: GlobalOptions): Promise<void> {
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const me = await client.me().catch((error: unknown) => {
    if ((error as { status?: number }).status === 401) throw new AuthError(SIGN_IN_MESSAGE);
    throw error;
  });
  if (ctx.mode.json) ctx.out.result(JSON.stringify(me, null, 2));
  else ctx.out.result(`${me.full_name} <${me.email}> · ${me.company_name} · ${me.role} · session until ${me.session_expires_at}`);
}
