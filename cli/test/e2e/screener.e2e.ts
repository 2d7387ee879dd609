/**
 * The credence binary against the real API (sample data, a user made with credence-admin):
 * sign-in, exit codes and every export format of every screener table, checked against the
 * count the list route gives for the same filter.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_ADMIN, credence, isolatedHome, runNode, startApi, type ApiServer } from '../support/processes.js';

const EMAIL = 'cli.tester@example.com';
const PASSWORD = 'a long and unusual cli passphrase';

/** Rows of an RFC 4180 csv body (quoted line breaks kept inside their field). */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') record.push(field), (field = '');
    else if (ch === '\n') record.push(field.replace(/\r$/, '')), records.push(record), (record = []), (field = '');
    else field += ch;
  }
  if (field !== '' || record.length > 0) record.push(field), records.push(record);
  return records;
}

async function xlsxRows(path: string): Promise<{ header: string[]; rows: unknown[][] }> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  const all: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => all.push((row.values as unknown[]).slice(1)));
  return { header: all[0] as string[], rows: all.slice(1) };
}

const TABS = [
  {
    args: ['screener'],
    route: 'companies_house/get-screener-info',
    filter: 'turnover>10m',
    direct: { id: 'turnover', value: { type: 'greaterThan', value: 10_000_000 } },
    sort: 'turnover:desc',
    key: 'company_number',
  },
  {
    args: ['creditors', 'charges'],
    route: 'companies_house/charges-screener-info',
    filter: 'status=outstanding',
    direct: { id: 'status', operator: 'is_one_of', values: ['outstanding'] },
    sort: 'delivered_on:desc',
    key: 'charge_id',
  },
  {
    args: ['creditors', 'lenders'],
    route: 'companies_house/charges/stats/by-lender',
    filter: 'total_charges>1',
    direct: { id: 'total_charges', operator: 'greaterThan', value: 1 },
    sort: 'total_charges:desc',
    key: 'lender_name',
  },
  {
    args: ['creditors', 'companies'],
    route: 'companies_house/charges/stats/by-company',
    filter: 'total_charges>1',
    direct: { id: 'total_charges', operator: 'greaterThan', value: 1 },
    sort: 'total_charges:desc',
    key: 'company_number',
  },
] as const;

describe('credence against the real API', () => {
  let api: ApiServer;
  let home: string;
  let token: string;
  let env: Record<string, string>;
  let out: string;

  before(async () => {
    api = await startApi();
    const created = await runNode(API_ADMIN, ['user', 'create', '--email', EMAIL, '--password-stdin', '--name', 'Cli Tester', '--company', 'Acme', '--approved', '--verified'], api.env, `${PASSWORD}\n`);
    if (created.code !== 0) throw new Error(`credence-admin user create failed: ${created.stderr}`);
    home = isolatedHome();
    env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), CREDENCE_API_URL: api.url };
    out = mkdtempSync(join(tmpdir(), 'credence-cli-out-'));
  });
  after(async () => {
    await api?.stop();
    if (api) rmSync(api.dataDir, { recursive: true, force: true });
  });

  it('signs in from a script, saves the token mode 0600 and says who is signed in', async () => {
    const login = await credence(['login', '--email', EMAIL, '--password-stdin'], env, `${PASSWORD}\n`);
    expect(login.stderr).toContain(`Signed in as ${EMAIL}`);
    expect(login).toMatchObject({ code: 0, stdout: '' });
    const file = join(home, '.config', 'credence', 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    token = (JSON.parse(readFileSync(file, 'utf8')) as { sessions: Record<string, { token: string }> }).sessions[api.url].token;
    expect(token.split('.')).toHaveLength(3);
    const whoami = await credence(['whoami', '--json'], env);
    expect(whoami.code).toBe(0);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ email: EMAIL, full_name: 'Cli Tester', company_name: 'Acme' });
  });

  it('refuses a wrong password with 4 and a token the server does not know with 4', async () => {
    const wrong = await credence(['login', '--email', EMAIL, '--password-stdin'], { ...env, HOME: isolatedHome() }, 'not the password\n');
    expect(wrong.code).toBe(4);
    const forgedWhoami = await credence(['whoami'], { ...env, CREDENCE_TOKEN: 'not.a.token' });
    expect(forgedWhoami.code).toBe(4);
    const forged = await credence(['screener'], { ...env, CREDENCE_TOKEN: 'not.a.token' });
    expect(forged.code).toBe(4);
    expect(forged.stdout).toBe('');
    expect(forged.stderr).toContain('run `credence login`');
  });

  it('prints one page as a table that fits the width, with the page footer', async () => {
    const result = await credence(['screener', '--page-size', '10', '--columns', 'company_name,turnover,employee_count'], { ...env, COLUMNS: '60' });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Company Name\s+Turnover \(m\)\s+Employees$/);
    expect(lines).toHaveLength(2 + 10 + 1);
    for (const line of lines.slice(0, -1)) expect(Array.from(line).length).toBeLessThanOrEqual(200);
    expect(lines.at(-1)).toMatch(/^Page 1 of [\d,]+ · (about )?[\d,]+ companies$/);
  });

  for (const tab of TABS) {
    describe(tab.args.join(' '), () => {
      let listed: { total_count: number; rows: Record<string, unknown>[] };

      before(async () => {
        const page = await credence([...tab.args, '--filter', tab.filter, '--sort', tab.sort, '--json'], env);
        expect(page.code).toBe(0);
        const data = JSON.parse(page.stdout) as Record<string, unknown>;
        listed = { total_count: data.total_count as number, rows: Object.values(data).find(Array.isArray) as Record<string, unknown>[] };
        // The same count straight from the list route, not through the CLI.
        const query = new URLSearchParams({ filters: JSON.stringify([tab.direct]), page: '1', page_size: '10' });
        const direct = await fetch(`${api.url}/api/${tab.route}?${query}`, { headers: { authorization: `Bearer ${token}` } });
        expect(direct.status).toBe(200);
        const count = ((await direct.json()) as { data: { total_count: number } }).data.total_count;
        expect(listed.total_count).toBe(count);
        expect(count).toBeGreaterThan(0);
      });

      it('writes every matching row to .xlsx, stdout empty, a summary on stderr', async () => {
        const file = join(out, `${tab.args.at(-1)}.xlsx`);
        const result = await credence([...tab.args, '--filter', tab.filter, '--sort', tab.sort, '--all', '--output', file], env);
        expect(result.stderr).toMatch(new RegExp(`^${listed.total_count.toLocaleString('en-GB')} rows? → ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} in [\\d.]+ m?s\\n$`));
        expect(result).toMatchObject({ code: 0, stdout: '' });
        const { rows } = await xlsxRows(file);
        expect(rows).toHaveLength(listed.total_count);
        expect(readdirSync(out).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      });

      it('writes the same rows to .csv, .json and .jsonl in the list order', async () => {
        const base = join(out, tab.args.join('-'));
        for (const ext of ['csv', 'json', 'jsonl']) {
          const result = await credence([...tab.args, '--filter', tab.filter, '--sort', tab.sort, '--output', `${base}.${ext}`], env);
          expect({ ext, code: result.code, stdout: result.stdout }).toEqual({ ext, code: 0, stdout: '' });
        }
        const csv = csvRecords(readFileSync(`${base}.csv`, 'utf8'));
        expect(csv.length - 1).toBe(listed.total_count);
        const json = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as Record<string, unknown>[];
        expect(json).toHaveLength(listed.total_count);
        const jsonl = readFileSync(`${base}.jsonl`, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
        expect(jsonl).toEqual(json);
        // Same order as the list: the first page's keys start the file.
        expect(json.slice(0, listed.rows.length).map((r) => r[tab.key])).toEqual(listed.rows.map((r) => r[tab.key]));
      });
    });
  }

  it('shows one lender in detail, as text and as JSON', async () => {
    const lenders = JSON.parse((await credence(['creditors', 'lenders', '--page-size', '1', '--json'], env)).stdout) as { lender_stats: { lender_name: string; total_charges: number }[] };
    const top = lenders.lender_stats[0];
    const json = await credence(['creditors', 'lender', top.lender_name, '--json'], env);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ lender_name: top.lender_name, total_charges: top.total_charges });
    const text = await credence(['creditors', 'lender', top.lender_name], env);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')[0]).toBe(top.lender_name);
  });

  it('leaves no file when the export cannot be written, and exits 1', async () => {
    const target = join(out, 'missing-dir', 'out.xlsx');
    const result = await credence(['screener', '--output', target], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('ENOENT');
    expect(existsSync(target)).toBe(false);
  });

  it('signs out: the token stops working and is forgotten', async () => {
    const logout = await credence(['logout'], env);
    expect(logout.code).toBe(0);
    expect((await credence(['whoami'], env)).code).toBe(4);
    expect((await credence(['whoami'], { ...env, CREDENCE_TOKEN: token })).code).toBe(4);
  });
});
