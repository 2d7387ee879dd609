import { describe, it } from 'node:test';
import { expect } from 'expect';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { credence, REPO } from './support/processes.js';

const version = (JSON.parse(readFileSync(join(REPO, 'cli', 'package.json'), 'utf8')) as { version: string }).version;
// Nothing listens on port 9 (discard): every call fails fast.
const nowhere = { CREDENCE_API_URL: 'http://127.0.0.1:9' };

describe('the credence binary without a server', () => {
  it('prints the version and nothing else', async () => {
    const result = await credence(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('prints help with examples and exit codes, for the program and for every command', async () => {
    const top = await credence(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('Usage: credence');
    expect(top.stdout).toContain('Exit codes: 0 ok, 1 failure, 2 usage');
    for (const command of [
      ['screener'],
      ['screener', 'columns'],
      ['login'],
      ['logout'],
      ['whoami'],
      ['creditors'],
      ['creditors', 'lenders'],
      ['creditors', 'charges'],
      ['creditors', 'companies'],
      ['creditors', 'lender'],
    ]) {
      const help = await credence([...command, '--help']);
      expect({ command, code: help.code }).toEqual({ command, code: 0 });
      expect(help.stdout).toMatch(/Examples?:\n {2}\$ credence /);
    }
  });

  it('exits 2 on an unknown flag, saying which', async () => {
    const result = await credence(['screener', '--turnover', '10m']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("unknown option '--turnover'");
  });

  it('exits 2 on a bad filter, naming the column and listing the valid ones, before any call', async () => {
    const result = await credence(['screener', '--filter', 'turnovr>10m'], { ...nowhere, CREDENCE_TOKEN: 't' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Unknown column "turnovr"');
    expect(result.stderr).toContain('valid columns: company_name, company_number');
    const operator = await credence(['creditors', 'charges', '--filter', 'status>3'], { ...nowhere, CREDENCE_TOKEN: 't' });
    expect(operator.code).toBe(2);
    expect(operator.stderr).toContain('Operator ">" cannot be used on status');
    const sort = await credence(['creditors', 'lenders', '--sort', 'bogus:desc'], { ...nowhere, CREDENCE_TOKEN: 't' });
    expect(sort.code).toBe(2);
    expect(sort.stderr).toContain('Unknown column "bogus" in sort');
  });

  it('exits 4 telling the user to sign in when there is no token', async () => {
    for (const args of [['screener'], ['whoami'], ['creditors', 'lenders'], ['creditors', 'lender', 'HSBC']]) {
      const result = await credence(args, nowhere);
      expect({ args, code: result.code, stdout: result.stdout }).toEqual({ args, code: 4, stdout: '' });
      expect(result.stderr).toContain('Not signed in or session expired: run `credence login`');
    }
  });

  it('exits 1 naming the address when the API cannot be reached', async () => {
    const result = await credence(['screener'], { ...nowhere, CREDENCE_TOKEN: 't' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Could not reach the API at http://127.0.0.1:9');
    expect(result.stderr).toContain('--api-url');
  });

  it('refuses prompts outside a terminal, naming the flag', async () => {
    const noEmail = await credence(['login'], nowhere);
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toContain('--email');
    const noPassword = await credence(['login', '--email', 'ada@example.com'], nowhere);
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain('--password-stdin');
  });

  it('lists the screener columns with kinds and operators, as text or JSON', async () => {
    const text = await credence(['screener', 'columns']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^turnover\s+Turnover\s+number\s+yes\s+> < = =a\.\.b :empty :notEmpty$/m);
    // A ratio column shows its formula and fallback (issue 27: one definition per ratio).
    expect(text.stdout).toMatch(/^gearing\s+Gearing \(%\).*\n\s+Gearing = net debt \/ net assets × 100\. Fallback: /m);
    const json = await credence(['screener', 'columns', '--json']);
    const columns = JSON.parse(json.stdout) as { id: string; kind: string; filter_types: string[] }[];
    expect(columns.find((c) => c.id === 'filing_year')).toMatchObject({
      kind: 'select',
      filter_types: ['is_one_of', 'is_not_one_of', 'empty', 'notEmpty'],
    });
    const charges = JSON.parse((await credence(['creditors', 'charges', 'columns', '--json'])).stdout) as { id: string }[];
    expect(charges.map((c) => c.id)).toContain('contains_fixed_charge');
  });
});
