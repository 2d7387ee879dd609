/**
 * The list and export paths of the binary against a small fake API that follows the contract
 * (shared/src/contracts/screeners.ts) and can fail on purpose: a cut export, a 500, an estimate.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { BIN, credence } from './support/processes.js';

const ROWS = Array.from({ length: 7 }, (_, i) => ({
  company_name: `COMPANY ${i + 1} LTD`,
  company_number: `0000000${i + 1}`,
  turnover: (i + 1) * 5_000_000,
}));
const seen: URL[] = [];

function paging(page: number, size: number, total: number, estimate = false) {
  const pageCount = Math.ceil(total / size);
  return {
    total_count: total,
    page_count: pageCount,
    page,
    page_size: size,
    total_is_estimate: estimate,
    next_cursor: page < pageCount ? `p${page + 1}` : null,
    prev_cursor: page > 1 ? `p${page - 1}` : null,
  };
}

describe('list and export paths against a fake API', () => {
  let server: Server;
  let env: Record<string, string>;
  let dir: string;

  before(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      seen.push(url);
      const filters = url.searchParams.get('filters') ?? '';
      if (req.headers.authorization !== 'Bearer good') {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'Invalid or expired token', statusCode: 401 }));
      } else if (filters.includes('"boom"')) {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'Something went wrong on our side.', statusCode: 500 }));
      } else if (url.pathname === '/api/companies_house/convert-query-to-filters') {
        const body: Buffer[] = [];
        req.on('data', (d: Buffer) => body.push(d));
        req.on('end', () => {
          const { query } = JSON.parse(Buffer.concat(body).toString()) as { query: string };
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify(
              query.includes('gibberish')
                ? { status: 'success', filters: [], explanation: 'No filters could be made from this query.', unplaced: [query] }
                : {
                    status: 'success',
                    filters: [{ id: 'turnover', value: { type: 'greaterThan', value: 20_000_000 } }],
                    explanation: 'Turnover over £20m',
                    unplaced: ['shiny'],
                  },
            ),
          );
        });
      } else if (url.pathname === '/api/companies_house/get-screener-info') {
        const size = Number(url.searchParams.get('page_size'));
        const cursor = url.searchParams.get('cursor');
        const page = cursor ? Number(cursor.slice(1)) : Number(url.searchParams.get('page'));
        const estimate = filters.includes('"estimate"');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            status: 'success',
            data: { companies: ROWS.slice((page - 1) * size, page * size), ...paging(page, size, ROWS.length, estimate) },
          }),
        );
      } else if (url.pathname === '/api/companies_house/screener-export') {
        const format = url.searchParams.get('format');
        res.writeHead(200, {
          'content-type': format === 'csv' ? 'text/csv' : format === 'xlsx' ? 'application/octet-stream' : 'application/x-ndjson',
        });
        // A quoted line break in the csv: still 7 records.
        const lines =
          format === 'csv'
            ? [
                '\uFEFFCompany Name,Company Number,Turnover (full amount)\r\n',
                ...ROWS.map((r, i) => `${i === 2 ? '"LINE\r\nBREAK, LTD"' : r.company_name},${r.company_number},${r.turnover}\r\n`),
              ]
            : format === 'xlsx'
              ? ['PK\u0003\u0004 not really a workbook']
              : ROWS.map((r) => `${JSON.stringify(r)}\n`);
        if (filters.includes('"slow"')) {
          // The first row, then nothing until the client hangs up: a client that gives up and does
          // not hang up never exits.
          res.write(lines[0]);
        } else if (filters.includes('"cut"')) {
          res.write(lines.slice(0, 3).join(''));
          setTimeout(() => res.socket?.destroy(), 20);
        } else res.end(lines.join(''));
      } else {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: `No route GET ${url.pathname}`, statusCode: 404 }));
      }
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const address = server.address() as { port: number };
    env = { CREDENCE_API_URL: `http://127.0.0.1:${address.port}`, CREDENCE_TOKEN: 'good' };
    dir = mkdtempSync(join(tmpdir(), 'credence-fake-'));
  });
  after(() => new Promise<void>((done) => (server.close(() => done()), server.closeAllConnections())));

  it('writes every row to a csv file: stdout empty, the summary on stderr', async () => {
    const file = join(dir, 'all.csv');
    const result = await credence(['screener', '--filter', 'turnover>1m', '--output', file], env);
    expect(result.stderr).toMatch(new RegExp(`^7 rows → ${file.replace(/[.\\/]/g, '\\$&')} in \\d+\\.\\d\\d s\\n$`));
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(readFileSync(file, 'utf8').split('\r\n')).toHaveLength(10); // header, 7 rows (one holds a line break), ''
    const exported = seen.filter((u) => u.pathname.endsWith('screener-export')).at(-1)!;
    expect(exported.searchParams.get('format')).toBe('csv');
    expect(JSON.parse(exported.searchParams.get('filters')!)).toEqual([
      { id: 'turnover', value: { type: 'greaterThan', value: 1_000_000, valueTo: null, values: [] } },
    ]);
  });

  it('writes .json as one array of the rows and .jsonl as lines, counting them in the summary', async () => {
    const json = await credence(['screener', '--output', join(dir, 'all.json')], env);
    expect(json.stderr).toMatch(/^7 rows → .*all\.json in /);
    expect(JSON.parse(readFileSync(join(dir, 'all.json'), 'utf8'))).toEqual(ROWS);
    const jsonl = await credence(['screener', '--output', join(dir, 'all.jsonl'), '--columns', 'company_number'], env);
    expect(jsonl.stderr).toMatch(/^7 rows → .*all\.jsonl in /);
    expect(
      readFileSync(join(dir, 'all.jsonl'), 'utf8')
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(ROWS.map((r) => ({ company_number: r.company_number })));
  });

  it('writes an .xlsx as the API sends it, counting rows by the list total ("about" when estimated)', async () => {
    const file = join(dir, 'all.xlsx');
    const result = await credence(['screener', '--filter', 'company_name~estimate', '--output', file], env);
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toMatch(/^about 7 rows → .*all\.xlsx in \d+\.\d\d s\n$/);
    expect(readFileSync(file, 'latin1')).toBe('PK\u0003\u0004 not really a workbook');
    const counted = seen.filter((u) => u.pathname.endsWith('get-screener-info')).at(-1)!;
    expect(counted.searchParams.get('page_size')).toBe('10');
  });

  it('streams every row to stdout as csv headed by column ids, or as JSON Lines', async () => {
    const csv = await credence(['screener', '--all', '--format', 'csv', '--columns', 'company_number,turnover'], env);
    expect(csv).toMatchObject({ code: 0, stderr: '' });
    expect(csv.stdout).toBe(['company_number,turnover', ...ROWS.map((r) => `${r.company_number},${r.turnover}`), ''].join('\r\n'));
    expect(seen.at(-1)!.searchParams.get('format')).toBe('json');
    const jsonl = await credence(['screener', '--all', '--json'], env);
    expect(
      jsonl.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(ROWS);
  });

  it("leaves no file, and keeps yesterday's, when the export is cut off; exits 1", async () => {
    const file = join(dir, 'cut.json');
    writeFileSync(file, 'yesterday');
    const before = readdirSync(dir).length;
    const result = await credence(['screener', '--filter', 'company_name~cut', '--output', file], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`nothing was written to ${file}`);
    expect(readFileSync(file, 'utf8')).toBe('yesterday');
    expect(readdirSync(dir)).toHaveLength(before);
    const fresh = join(dir, 'cut-fresh.csv');
    expect((await credence(['screener', '--filter', 'company_name~cut', '--output', fresh], env)).code).toBe(1);
    expect(existsSync(fresh)).toBe(false);
  });

  it('prints a page as a table with "about" for an estimated total', async () => {
    const result = await credence(
      ['screener', '--page-size', '10', '--filter', 'company_name~estimate', '--columns', 'company_name,turnover'],
      env,
    );
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Company Name\s+Turnover \(£m\)$/);
    expect(lines[2]).toMatch(/^COMPANY 1 LTD\s+5\.00$/);
    expect(lines.at(-1)).toBe('Page 1 of 1 · about 7 companies');
  });

  it('walks every page with --all for a table, and prints a page as csv or JSON', async () => {
    // Creditor-sized pages are not allowed here: the companies screener pages by 10 to 100.
    const table = await credence(['screener', '--all', '--columns', 'company_number'], env);
    expect(table.code).toBe(0);
    expect(table.stdout.trimEnd().split('\n').slice(2, -1)).toEqual(ROWS.map((r) => r.company_number));
    const csv = await credence(['screener', '--format', 'csv', '--columns', 'company_number,turnover'], env);
    expect(csv.stdout.split('\r\n').slice(0, 2)).toEqual(['company_number,turnover', '00000001,5000000']);
    const json = JSON.parse((await credence(['screener', '--json', '--page-size', '10'], env)).stdout) as {
      companies: unknown[];
      total_count: number;
    };
    expect(json.companies).toHaveLength(7);
    expect(json.total_count).toBe(7);
  });

  it('adds the filters of --query and says what it understood on stderr', async () => {
    const result = await credence(['screener', '--query', 'shiny companies over 20m', '--json', '--filter', 'company_number^0'], env);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Understood: Turnover over £20m');
    expect(result.stderr).toContain('Not understood (rephrase or use --filter): shiny');
    const listed = seen.filter((u) => u.pathname.endsWith('get-screener-info')).at(-1)!;
    expect(JSON.parse(listed.searchParams.get('filters')!).map((f: { id: string }) => f.id)).toEqual(['company_number', 'turnover']);
  });

  it('hangs up and exits 1 when the file cannot be made, naming the path', async () => {
    const target = join(dir, 'no-such-dir', 'rows.jsonl');
    const result = await credence(['screener', '--filter', 'company_name~slow', '--output', target], env);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toBe(
      `credence: Cannot write ${target}: the directory ${join(dir, 'no-such-dir')} does not exist. ` +
        `Create it (mkdir -p ${join(dir, 'no-such-dir')}) or write to an existing directory.\n`,
    );
    expect(result.stderr).not.toContain('.tmp');
    expect(existsSync(join(dir, 'no-such-dir'))).toBe(false);
    // A hang guard, not a budget: the run takes about 0.3 s; a binary that does not hang up on the
    // export the fake never ends lingers about 8 s (Node's own socket handling) and then exits just
    // the same, so no event tells the two apart, only the time. The CLI has no request timeout to
    // inject (the CLI contract of docs/architecture.md 5 has none, and one is not added for a test alone), so
    // 5 s (over 10x the normal run) tells them apart without failing on a busy machine.
    expect(result.ms).toBeLessThan(5_000);
  });

  it('removes the partial file when stopped mid-export (SIGTERM), exiting 143', async () => {
    const target = mkdtempSync(join(dir, 'term-'));
    const child = spawn(process.execPath, [BIN, 'screener', '--filter', 'company_name~slow', '--output', join(target, 'rows.csv')], {
      env: { PATH: process.env.PATH ?? '', HOME: target, ...env },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    const deadline = Date.now() + 10_000;
    while (readdirSync(target).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(readdirSync(target)).toEqual([expect.stringMatching(/^\.rows\.csv\.\d+\.[0-9a-f]+\.tmp$/)]);
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(readdirSync(target)).toEqual([]);
  });

  it('exits 2, making no file, when nothing of --query could be placed', async () => {
    const file = join(dir, 'nothing.csv');
    const calls = seen.length;
    const result = await credence(['screener', '--query', 'gibberish words', '--output', file], env);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toContain('--query "gibberish words" made no filters (could not place "gibberish words")');
    expect(existsSync(file)).toBe(false);
    expect(seen.slice(calls).map((u) => u.pathname)).toEqual(['/api/companies_house/convert-query-to-filters']);
  });

  it('exits 1 on a server failure and 4 on a refused token', async () => {
    const failed = await credence(['screener', '--filter', 'company_name~boom'], env);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('The API failed (500): Something went wrong on our side.');
    const refused = await credence(['screener', '--output', join(dir, 'refused.xlsx')], { ...env, CREDENCE_TOKEN: 'expired' });
    expect(refused.code).toBe(4);
    expect(existsSync(join(dir, 'refused.xlsx'))).toBe(false);
  });
});
