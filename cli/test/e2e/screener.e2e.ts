/**
 * The credence binary against the real API (sample data, a user made with credence-admin):
 * sign-in, exit codes, and every export format of every screener table checked row for row
 * against the list route walked directly (same filter and sort), not through the CLI.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_ADMIN, credence, cronRun, isolatedHome, runNode, startApi, type ApiServer, type Finished } from '../support/processes.js';
import { csvRecords, xlsxSheet } from './files.js';
import { TABS, type Row } from './tabs.js';

const EMAIL = 'cli.tester@example.com';
const PASSWORD = 'a long and unusual cli passphrase';
const EXPORT_CAP = 300;
const quote = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const summary = (rows: number, file: string) =>
  new RegExp(`^${rows.toLocaleString('en-GB')} rows? → ${quote(file)} in \\d+\\.\\d\\d s\\n$`);

describe('credence against the real API', () => {
  let api: ApiServer;
  let home: string;
  let token: string;
  let env: Record<string, string>;
  let out: string;
  let login: Finished;

  /** Every row of a list route for these filters and sort, walked page by page with the cursors. */
  async function direct(route: string, filters: unknown[], sort: string, pageSize: number): Promise<{ total: number; rows: Row[] }> {
    const [sort_by, sort_order] = sort.split(':');
    const rows: Row[] = [];
    let total = -1;
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({
        filters: JSON.stringify(filters),
        sort_by,
        sort_order,
        page_size: String(pageSize),
        ...(cursor ? { cursor } : { page: '1' }),
      });
      const answer = await fetch(`${api.url}/api/${route}?${query}`, { headers: { authorization: `Bearer ${token}` } });
      expect({ route, status: answer.status }).toEqual({ route, status: 200 });
      const data = ((await answer.json()) as { data: Record<string, unknown> }).data;
      if (total < 0) total = data.total_count as number;
      expect(data.total_is_estimate).toBe(false);
      rows.push(...(Object.values(data).find(Array.isArray) as Row[]));
      cursor = data.next_cursor as string | null;
    } while (cursor);
    expect({ route, walked: rows.length }).toEqual({ route, walked: total });
    return { total, rows };
  }

  before(async () => {
    // Sample data: 400 companies (the filtered exports below hold at most a few hundred rows).
    api = await startApi({ EXPORT_MAX_ROWS: String(EXPORT_CAP) });
    const created = await runNode(
      API_ADMIN,
      ['user', 'create', '--email', EMAIL, '--password-stdin', '--name', 'Cli Tester', '--company', 'Acme', '--approved', '--verified'],
      api.env,
      `${PASSWORD}\n`,
    );
    if (created.code !== 0) throw new Error(`credence-admin user create failed: ${created.stderr}`);
    home = isolatedHome();
    env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), CREDENCE_API_URL: api.url };
    out = mkdtempSync(join(tmpdir(), 'credence-cli-out-'));
    login = await credence(['login', '--email', EMAIL, '--password-stdin'], env, `${PASSWORD}\n`);
    const file = join(home, '.config', 'credence', 'config.json');
    if (login.code === 0)
      token = (JSON.parse(readFileSync(file, 'utf8')) as { sessions: Record<string, { token: string }> }).sessions[api.url].token;
  });
  after(async () => {
    await api?.stop();
    if (api) rmSync(api.dataDir, { recursive: true, force: true });
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('signs in from a script, saves the token mode 0600 and says who is signed in', async () => {
    expect(login.stderr).toContain(`Signed in as ${EMAIL}`);
    expect(login).toMatchObject({ code: 0, stdout: '' });
    expect(statSync(join(home, '.config', 'credence', 'config.json')).mode & 0o777).toBe(0o600);
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
    expect(forged).toMatchObject({ code: 4, stdout: '' });
    expect(forged.stderr).toContain('run `credence login`');
  });

  it('prints one page as a table that fits the width, with the page footer', async () => {
    const result = await credence(['screener', '--page-size', '10', '--columns', 'company_name,turnover,employee_count'], {
      ...env,
      COLUMNS: '60',
    });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Company Name\s+Turnover \(£m\)\s+Employees$/);
    expect(lines).toHaveLength(2 + 10 + 1);
    expect(lines.at(-1)).toMatch(/^Page 1 of [\d,]+ · [\d,]+ companies$/);
  });

  it("runs from cron: `credence screener --filter 'turnover>10m' --sort turnover:desc --all --output out.xlsx`", async () => {
    const expected = await direct('companies_house/get-screener-info', [TABS[0].direct], 'turnover:desc', 100);
    expect(expected.total).toBeGreaterThan(0);
    const dir = mkdtempSync(join(out, 'cron-'));
    const result = await cronRun(
      ['screener', '--filter', 'turnover>10m', '--sort', 'turnover:desc', '--all', '--output', 'out.xlsx'],
      { HOME: home, CREDENCE_API_URL: api.url },
      dir,
    );
    expect(result.stderr).toMatch(summary(expected.total, 'out.xlsx'));
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(readdirSync(dir)).toEqual(['out.xlsx']);
    const sheet = await xlsxSheet(join(dir, 'out.xlsx'));
    expect(sheet.name).toBe('Companies');
    expect(sheet.rows).toHaveLength(expected.total);
    const numbers = sheet.column('Company Number');
    expect(numbers).toEqual(expected.rows.map((r) => r.company_number));
    const turnover = sheet.column('Turnover (m)') as number[];
    for (const value of turnover) expect(value).toBeGreaterThan(10_000_000);
    expect([...turnover].sort((a, b) => b - a)).toEqual(turnover);
  });

  for (const tab of TABS) {
    describe(tab.args.join(' '), () => {
      let expected: { total: number; rows: Row[] };
      const run = (ext: string, extra: string[] = []) =>
        credence([...tab.args, '--filter', tab.filter, '--sort', tab.sort, ...extra, '--output', join(out, `${tab.name}.${ext}`)], env);

      before(async () => {
        expected = await direct(tab.route, [tab.direct], tab.sort, tab.pageSize);
      });

      it('finds rows to export (the sample data holds some)', () => {
        expect(expected.total).toBeGreaterThan(0);
        for (const row of expected.rows) expect({ row, holds: tab.holds(row) }).toEqual({ row, holds: true });
      });

      it('writes every matching row to .xlsx: stdout empty, the summary on stderr', async () => {
        const file = join(out, `${tab.name}.xlsx`);
        const result = await run('xlsx', ['--all']);
        expect(result.stderr).toMatch(summary(expected.total, file));
        expect(result).toMatchObject({ code: 0, stdout: '' });
        const sheet = await xlsxSheet(file);
        expect(sheet.name).toBe(tab.sheet);
        expect(sheet.rows).toHaveLength(expected.total);
        expect(sheet.column(tab.xlsxKey.label)).toEqual(expected.rows.map((r) => r[tab.xlsxKey.id]));
      });

      it('writes the same rows to .csv, .json and .jsonl, in the order of the list', async () => {
        for (const ext of ['csv', 'json', 'jsonl']) {
          const result = await run(ext);
          expect({ ext, code: result.code, stdout: result.stdout }).toEqual({ ext, code: 0, stdout: '' });
          expect(result.stderr).toMatch(summary(expected.total, join(out, `${tab.name}.${ext}`)));
        }
        const csv = csvRecords(readFileSync(join(out, `${tab.name}.csv`), 'utf8'));
        expect(csv.length - 1).toBe(expected.total);
        const json = JSON.parse(readFileSync(join(out, `${tab.name}.json`), 'utf8')) as Row[];
        expect(json.map(tab.key)).toEqual(expected.rows.map(tab.key));
        const jsonl = readFileSync(join(out, `${tab.name}.jsonl`), 'utf8')
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l) as Row);
        expect(jsonl).toEqual(json);
        expect(readdirSync(out).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      });

      it('sends every kind of filter as the API reads it: the totals match the rows that hold', async () => {
        const all = await direct(tab.route, [], tab.sort, tab.pageSize);
        for (const check of tab.checks) {
          const result = await credence([...tab.args, '--filter', check.expr, '--json', '--page-size', '10'], env);
          expect({ expr: check.expr, code: result.code, stderr: result.stderr }).toEqual({ expr: check.expr, code: 0, stderr: '' });
          const total = (JSON.parse(result.stdout) as { total_count: number }).total_count;
          expect({ expr: check.expr, total }).toEqual({ expr: check.expr, total: all.rows.filter(check.holds).length });
        }
      });

      it('puts nothing but the result on stdout: a page of JSON, every row as csv or JSON Lines', async () => {
        const page = await credence([...tab.args, '--filter', tab.filter, '--sort', tab.sort, '--json'], env);
        expect({ code: page.code, stderr: page.stderr }).toEqual({ code: 0, stderr: '' });
        const data = JSON.parse(page.stdout) as Record<string, unknown>;
        expect(data.total_count).toBe(expected.total);
        const csv = await credence(
          [...tab.args, '--filter', tab.filter, '--sort', tab.sort, '--all', '--format', 'csv', '--columns', tab.xlsxKey.id],
          env,
        );
        expect({ code: csv.code, stderr: csv.stderr }).toEqual({ code: 0, stderr: '' });
        expect(csvRecords(csv.stdout)).toEqual([[tab.xlsxKey.id], ...expected.rows.map((r) => [String(r[tab.xlsxKey.id])])]);
        const lines = await credence([...tab.args, '--filter', tab.filter, '--sort', tab.sort, '--all', '--json'], env);
        expect(lines.code).toBe(0);
        expect(
          lines.stdout
            .trimEnd()
            .split('\n')
            .map((l) => tab.key(JSON.parse(l) as Row)),
        ).toEqual(expected.rows.map(tab.key));
      });
    });
  }

  it('turns --query into the same filters as --filter, saying what it understood on stderr', async () => {
    const expected = await direct('companies_house/get-screener-info', [TABS[0].direct], 'turnover:desc', 100);
    const result = await credence(['screener', '--query', 'companies with turnover over 10m', '--sort', 'turnover:desc', '--json'], env);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Understood: Turnover over 10m\n');
    expect((JSON.parse(result.stdout) as { total_count: number }).total_count).toBe(expected.total);
    const nothing = await credence(['screener', '--query', 'zzkq vlorp', '--output', join(out, 'nothing.csv')], env);
    expect(nothing).toMatchObject({ code: 2, stdout: '' });
    expect(nothing.stderr).toContain('could not place "zzkq vlorp"');
    expect(existsSync(join(out, 'nothing.csv'))).toBe(false);
  });

  it('reads a ranking from --query as the sort and the page size: "top 10 construction companies by revenue"', async () => {
    const construction = [{ id: 'industry_sector', value: { type: 'is_one_of', values: ['Construction'] } }];
    const expected = await direct('companies_house/get-screener-info', construction, 'turnover:desc', 100);
    const result = await credence(['screener', '--query', 'top 10 construction companies by revenue', '--json'], env);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Understood: Industry sector: Construction; Sorted by Turnover, highest first, 10 a page\n');
    const answer = JSON.parse(result.stdout) as { companies: Row[]; page_size: number };
    expect(answer.page_size).toBe(10);
    expect(answer.companies.map((r) => r.company_number)).toEqual(expected.rows.slice(0, 10).map((r) => r.company_number));
    // The bar's own placeholder runs as the filters it reads.
    const placeholder = await credence(['screener', '--query', 'software companies in London with turnover over 10m', '--json'], env);
    expect(placeholder.code).toBe(0);
    expect(placeholder.stderr).toContain('Region: London; Turnover over 10m');
    for (const row of (JSON.parse(placeholder.stdout) as { companies: Row[] }).companies)
      expect({ region: row.region, over: (row.turnover as number) > 10_000_000 }).toEqual({ region: 'London', over: true });
  });

  it('exits 2 on a bad filter, naming it and listing the valid ones, and makes no file', async () => {
    const dir = mkdtempSync(join(out, 'bad-'));
    const column = await cronRun(
      ['screener', '--filter', 'turnovr>10m', '--all', '--output', 'out.xlsx'],
      { HOME: home, CREDENCE_API_URL: api.url },
      dir,
    );
    expect(column).toMatchObject({ code: 2, stdout: '' });
    expect(column.stderr).toContain('Unknown column "turnovr" in "turnovr>10m"; valid columns: company_name, company_number');
    const operator = await cronRun(
      ['creditors', 'charges', '--filter', 'status>3', '--output', 'out.csv'],
      { HOME: home, CREDENCE_API_URL: api.url },
      dir,
    );
    expect(operator).toMatchObject({ code: 2, stdout: '' });
    expect(operator.stderr).toContain('Operator ">" cannot be used on status (a select column) in "status>3"; valid: = (is one of');
    const value = await cronRun(
      ['creditors', 'lenders', '--filter', 'total_charges>lots', '--output', 'out.json'],
      { HOME: home, CREDENCE_API_URL: api.url },
      dir,
    );
    expect(value).toMatchObject({ code: 2, stdout: '' });
    expect(value.stderr).toContain('total_charges: "lots" is not a number');
    const sort = await cronRun(
      ['creditors', 'companies', '--sort', 'nope:desc', '--output', 'out.json'],
      { HOME: home, CREDENCE_API_URL: api.url },
      dir,
    );
    expect(sort).toMatchObject({ code: 2, stdout: '' });
    expect(sort.stderr).toContain('Unknown column "nope" in sort "nope:desc"; sortable columns: company_name');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('exits 4 with no token or an unknown one, and makes no file', async () => {
    const dir = mkdtempSync(join(out, 'auth-'));
    const none = await cronRun(
      ['screener', '--filter', 'turnover>10m', '--all', '--output', 'out.xlsx'],
      { HOME: isolatedHome(), CREDENCE_API_URL: api.url },
      dir,
    );
    expect(none).toMatchObject({ code: 4, stdout: '' });
    expect(none.stderr).toBe('credence: Not signed in or session expired: run `credence login` (or set CREDENCE_TOKEN / --token)\n');
    const forged = await cronRun(
      ['creditors', 'lenders', '--output', 'out.csv'],
      { HOME: isolatedHome(), CREDENCE_API_URL: api.url, CREDENCE_TOKEN: 'not.a.token' },
      dir,
    );
    expect(forged).toMatchObject({ code: 4, stdout: '' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('shows one lender in detail, as text and as JSON', async () => {
    const lenders = JSON.parse((await credence(['creditors', 'lenders', '--page-size', '1', '--json'], env)).stdout) as {
      lender_stats: { lender_name: string; total_charges: number }[];
    };
    const top = lenders.lender_stats[0];
    const json = await credence(['creditors', 'lender', top.lender_name, '--json'], env);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ lender_name: top.lender_name, total_charges: top.total_charges });
    const text = await credence(['creditors', 'lender', top.lender_name], env);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')[0]).toBe(top.lender_name);
    const unknown = await credence(['creditors', 'lender', 'NO SUCH LENDER ZZZ PLC'], env);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
  });

  it("exits 1 with the server's reason when an export is over the row cap, and makes no file", async () => {
    const all = await direct('companies_house/get-screener-info', [], 'company_name:asc', 100);
    expect(all.total).toBeGreaterThan(EXPORT_CAP);
    const dir = mkdtempSync(join(out, 'cap-'));
    const result = await cronRun(['screener', '--all', '--output', 'all.csv'], { HOME: home, CREDENCE_API_URL: api.url }, dir);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toContain(`This export would hold ${all.total.toLocaleString('en-GB')} rows, over the limit of ${EXPORT_CAP}`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves no file when the export cannot be written, and exits 1', async () => {
    const target = join(out, 'missing-dir', 'out.xlsx');
    const result = await credence(['screener', '--filter', 'turnover>10m', '--output', target], env);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toContain(`Cannot write ${target}: the directory ${join(out, 'missing-dir')} does not exist. Create it`);
    expect(result.stderr).not.toMatch(/ENOENT|\.tmp/);
    expect(existsSync(target)).toBe(false);
  });

  it('signs out: the token stops working and is forgotten', async () => {
    const logout = await credence(['logout'], env);
    expect(logout.code).toBe(0);
    expect((await credence(['whoami'], env)).code).toBe(4);
    expect((await credence(['whoami'], { ...env, CREDENCE_TOKEN: token })).code).toBe(4);
  });
});
