/** Direct API calls for the browser suite's setup (accounts made without clicking through). */
import type { ApiServer } from './api-server.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './api-server.ts';

export async function http<T = any>(
  api: ApiServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${api.url}/api/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function loginToken(api: ApiServer, email: string, password: string): Promise<string> {
  const answer = await http<{ access_token: string }>(api, 'POST', 'login', { email, password });
  if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.access_token;
}

/** Signs up, verifies and approves an account over HTTP; answers its e-mail and password. */
export async function createApprovedUser(api: ApiServer, name: string): Promise<{ email: string; password: string; full_name: string }> {
  const email = `${name}-${Date.now()}@example.com`.toLowerCase();
  const password = `${name} password that is long`;
  const full_name = `${name[0].toUpperCase()}${name.slice(1)} Tester`;
  const signup = await http(api, 'POST', 'signup', { email, password, full_name, company_name: 'Browser Suite Ltd' });
  if (signup.status >= 300) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
  const verifyMail = await api.waitForMail(email, /Verify/i);
  const verified = await http(api, 'POST', `${verifyMail.path!.slice(1)}`);
  if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
  const approveMail = await api.waitForMail(ADMIN_EMAIL, new RegExp(email.replace(/[.+]/g, '\\$&')));
  const admin = await loginToken(api, ADMIN_EMAIL, ADMIN_PASSWORD);
  const approved = await http(api, 'POST', approveMail.path!.slice(1), undefined, admin);
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.body)}`);
  return { email, password, full_name };
}

/** An unsigned token whose claims the browser reads (the API would refuse it; pages without calls do not ask). */
export function fakeToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.not-signed`;
}
