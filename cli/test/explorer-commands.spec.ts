/**
 * `credence search`, `company`, `filings` and `filing` as a script sees them: the built binary
 * (pipes, never a TTY) against a fake API that answers as the contract says, for stdout, stderr
 * and exit codes.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPANY_SECTION_IDS } from '@credence/shared';
import { credence } from './support/processes.js';
import {
  ACME,
  ACME_ACCOUNTS_TX,
  ACME_CS_TX,
  ACME_CUT_DOCUMENT_ID,
  ACME_CUT_TX,
  ACME_DOCUMENT_ID,
  ACME_FILINGS,
  ACME_FINANCIALS,
  ACME_OFFICERS,
  ACME_OVERVIEW,
  EMPTY,
  EMPTY_OVERVIEW,
  PDF_BYTES,
  SEARCH_RESULTS,
} from './support/explorer-fixtures.js';

const ANSI = /\u001b\[/;
const seen: URL[] = [];

describe('search, company, filings and filing against a fake API', () => {
  let server: Server;
  let env: Record<string, string>;
  let dir: string;

  before(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      seen.push(url);
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== 'Bearer good') return json(401, { error: 'Invalid or expired token', statusCode: 401 });
      const number = (url.searchParams.get('company_number') ?? '').replace(/\s+/g, '').toUpperCase();
      const known = number === ACME || number === EMPTY;
      const route = url.pathname.replace('/api/companies_house/', '');
      if (route === 'search_companies') {
        const query = url.searchParams.get('query') ?? '';
        return json(200, /acme/i.test(query) ? SEARCH_RESULTS.slice(0, Number(url.searchParams.get('limit') ?? 20)) : []);
      }
      if (['get_overview', 'get_filings_list', 'officers', 'get_aggregated_financials_data', 'get_filing_pdf'].includes(route) && !known) {
        return json(404, { error: `Company with number ${url.searchParams.get('company_number')} not found.`, statusCode: 404 });
      }
      if (route === 'get_overview') return json(200, number === ACME ? ACME_OVERVIEW : EMPTY_OVERVIEW);
      if (route === 'get_filings_list') return json(200, number === ACME ? ACME_FILINGS : {});
      if (route === 'officers') return json(200, ACME_OFFICERS);
      if (route === 'get_aggregated_financials_data') return json(200, ACME_FINANCIALS);
      if (route === 'get_filing_pdf') {
        const file = url.searchParams.get('file_name');
        if (file === `${ACME_DOCUMENT_ID}.pdf`) {
          res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(PDF_BYTES.length) });
          // In two parts, as a stream would come.
          res.write(PDF_BYTES.subarray(0, 20));
          setTimeout(() => res.end(PDF_BYTES.subarray(20)), 20);
          return;
        }
        if (file === `${ACME_CUT_DOCUMENT_ID}.pdf`) {
          res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(PDF_BYTES.length * 10) });
          res.write(PDF_BYTES.subarray(0, 30));
          setTimeout(() => res.socket?.destroy(), 20);
          return;
        }
        return json(404, { error: `No document ${file} for company ${number}.`, statusCode: 404 });
      }
      return json(404, { error: `No route GET ${url.pathname}`, statusCode: 404 });
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    env = { CREDENCE_API_URL: `http://127.0.0.1:${(server.address() as { port: number }).port}`, CREDENCE_TOKEN: 'good' };
    dir = mkdtempSync(join(tmpdir(), 'credence-explorer-'));
  });
  after(() => new Promise<void>((done) => server.close(() => done())));

  describe('credence search', () => {
    it('prints a table of name, number, status, Exchange:Ticker and SIC, and the count on stderr', async () => {
      const result = await credence(['search', 'acme', 'widgets'], env);
      expect(result.code).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^Name\s+Number\s+Status\s+Exchange:Ticker\s+SIC$/);
      expect(lines[1]).toMatch(/^─+( {2}─+){4}$/);
      expect(lines[2]).toMatch(/^ACME WIDGETS LIMITED\s+01234567\s+Active\s+LSE:ACME\s+25990 - Manufacture of other fabricated…$/);
      expect(lines[3]).toMatch(/^ACME HOLDINGS PLC\s+SC123456\s+Dissolved\s+-\s+-$/);
      expect(lines).toHaveLength(4);
      expect(result.stdout).not.toMatch(ANSI);
      expect(result.stderr).toBe('2 companies · open one with: credence company <number>\n');
      expect(seen.at(-1)!.searchParams.get('query')).toBe('acme widgets');
    });

    it('prints the API answer with --json, [] when nothing matches, and exits 0 either way', async () => {
      const json = await credence(['search', 'acme', '--json', '--limit', '1'], env);
      expect(json).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(json.stdout)).toEqual(SEARCH_RESULTS.slice(0, 1));
      const none = await credence(['search', 'zzz'], env);
      expect(none).toMatchObject({ code: 0, stdout: '' });
      expect(none.stderr).toContain('No companies match "zzz"');
      const noneJson = await credence(['search', 'zzz', '--json'], env);
      expect(JSON.parse(noneJson.stdout)).toEqual([]);
    });

    it('exits 2 without text or with a bad --limit, 4 without a token', async () => {
      const empty = await credence(['search'], env);
      expect(empty.code).toBe(2);
      expect(empty.stderr).toContain("missing required argument 'text'");
      const blank = await credence(['search', '  '], env);
      expect(blank.code).toBe(2);
      expect(blank.stderr).toContain('credence search needs a company name, number or postcode');
      const limit = await credence(['search', 'acme', '--limit', '500'], env);
      expect(limit).toMatchObject({ code: 2, stdout: '' });
      expect(limit.stderr).toContain('--limit takes a whole number from 1 to 100, not "500"');
      const signedOut = await credence(['search', 'acme'], { CREDENCE_API_URL: env.CREDENCE_API_URL });
      expect(signedOut).toMatchObject({ code: 4, stdout: '' });
      expect(signedOut.stderr).toContain('Not signed in or session expired: run `credence login`');
    });
  });

  describe('credence company', () => {
    it('prints the overview as plain sections when stdout is not a terminal', async () => {
      const result = await credence(['company', ACME], env);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout).not.toMatch(ANSI);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines.slice(0, 2)).toEqual(['ACME WIDGETS LIMITED', '01234567 · Active · Private Limited Company · incorporated 15/03/2001']);
      for (const line of lines) expect({ line, fits: Array.from(line).length <= 80 }).toEqual({ line, fits: true });
      expect(lines.filter((l) => l.startsWith('── ')).map((l) => l.replace(/ ─+$/, '').slice(3))).toEqual([
        'Key Figures · FY2025',
        'Company Profile',
        'Business Overview',
        'Leadership · last 12 months',
        'Key Highlights',
        'Creditor and Charges',
        'Capital Overview',
        'Risk Profile',
        'Compliance Tracker · confirmation statements',
        'Auditor',
      ]);
      expect(result.stdout).toMatch(/ {2}Revenue\s+£12\.3M\s+£10\.0M\s+\+23\.5%\n/);
      expect(result.stdout).toMatch(/ {2}Net Profit\/Loss\s+-£500,000\s+£400,000\s+N\/A\n/);
    });

    it('prints each section, with its own heading, and exits 0', async () => {
      const headings: Record<string, RegExp> = {
        profile: /── Company Profile/,
        financials: /── Financial Summary \(£m\)[\s\S]*── Income Statement[\s\S]*── Key Financials/,
        officers: /── Leadership[\s\S]*── Officers ─+\n {2}Active \(2\)/,
        pscs: /── PSCs: persons with significant control[\s\S]*PSCs \(1\)/,
        charges: /── Creditor and Charges[\s\S]*All \(2\) · Active \(1\) · Satisfied \(1\)/,
        capital: /── Capital Overview[\s\S]*Timeline \(2, newest first\)/,
        compliance: /── Compliance Tracker[\s\S]*Events \(2, newest first\)/,
        risk: /── Risk Profile ─+\n {2}Management summary \(p\. 3\)/,
        auditor: /── Auditor ─+\n {2}Auditor {2}Grant & Co LLP/,
        filings: /^Date\s+Form\s+Transaction ID\s+Doc\s+Description\naccounts \(2\)/m,
      };
      for (const section of COMPANY_SECTION_IDS.filter((s) => s !== 'overview')) {
        const result = await credence(['company', ACME, '--section', section], env);
        expect({ section, code: result.code, stderr: result.stderr }).toEqual({ section, code: 0, stderr: '' });
        expect(result.stdout.startsWith('ACME WIDGETS LIMITED\n01234567 · ')).toBe(true);
        expect({ section, matches: headings[section].test(result.stdout) }).toEqual({ section, matches: true });
      }
    });

    it('prints the raw answer with --json: the overview, or the answer the section is drawn from', async () => {
      const overview = await credence(['company', ACME, '--json'], env);
      expect(overview).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(overview.stdout)).toEqual(ACME_OVERVIEW);
      expect(JSON.parse((await credence(['company', ACME, '--section', 'charges', '--json'], env)).stdout)).toEqual(ACME_OVERVIEW);
      expect(JSON.parse((await credence(['company', ACME, '--section', 'financials', '--json'], env)).stdout)).toEqual(ACME_FINANCIALS);
      expect(JSON.parse((await credence(['company', ACME, '--section', 'pscs', '--json'], env)).stdout)).toEqual(ACME_OFFICERS);
      expect(JSON.parse((await credence(['company', ACME, '--section', 'filings', '--json'], env)).stdout)).toEqual(ACME_FILINGS);
    });

    it('says when a company is sample data (stderr) and what it has no data for (stdout)', async () => {
      const result = await credence(['company', EMPTY, '--section', 'charges'], env);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('No charges data available for this company');
      expect(result.stderr).toBe('Sample data: generated for demonstration, not the Companies House register.\n');
    });

    it("exits 1 with the API's words for an unknown company", async () => {
      for (const args of [
        ['company', '99999999'],
        ['company', '99999999', '--section', 'officers'],
        ['company', '99999999', '--json'],
        ['filings', '99999999'],
        ['filing', '99999999', 'Tx1'],
      ]) {
        const result = await credence(args, env);
        expect({ args, code: result.code, stdout: result.stdout }).toEqual({ args, code: 1, stdout: '' });
        expect(result.stderr).toBe('credence: Company with number 99999999 not found.\nFind the number with `credence search <name>`.\n');
      }
    });

    it('exits 2 on a malformed number or an unknown section (listing the valid ones), before any call', async () => {
      const before = seen.length;
      const malformed = await credence(['company', '123456789'], env);
      expect(malformed).toMatchObject({ code: 2, stdout: '' });
      expect(malformed.stderr).toContain('"123456789" is not a company number: 8 characters such as 00445790 or SC123456');
      const section = await credence(['company', ACME, '--section', 'board'], env);
      expect(section).toMatchObject({ code: 2, stdout: '' });
      expect(section.stderr).toContain(`--section must be one of ${COMPANY_SECTION_IDS.join(', ')}; not "board"`);
      expect(seen.length).toBe(before);
    });

    it('exits 4 without a token, or with one the server refuses', async () => {
      const none = await credence(['company', ACME], { CREDENCE_API_URL: env.CREDENCE_API_URL });
      expect(none).toMatchObject({ code: 4, stdout: '' });
      expect(none.stderr).toContain('Not signed in or session expired: run `credence login`');
      const refused = await credence(['company', ACME, '--token', 'stale'], { CREDENCE_API_URL: env.CREDENCE_API_URL });
      expect(refused).toMatchObject({ code: 4, stdout: '' });
    });

    it('follows COLUMNS for its width', async () => {
      const wide = await credence(['company', ACME, '--section', 'charges'], { ...env, COLUMNS: '120' });
      expect(wide.stdout).toMatch(/Created\s+Status\s+Satisfied\s+Type\s+Persons entitled\s+Code/);
    });
  });

  describe('credence filings and filing', () => {
    it('lists the filings by category with transaction ids, the count on stderr', async () => {
      const result = await credence(['filings', ACME], env);
      expect(result.code).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^Date\s+Form\s+Transaction ID\s+Doc\s+Description$/);
      expect(lines[1]).toBe('accounts (2)');
      expect(lines[2]).toMatch(new RegExp(`^20/06/2026\\s+AA\\s+${ACME_ACCOUNTS_TX}\\s+PDF\\s+Full accounts made up to 31 December 2025$`));
      expect(result.stderr).toBe(
        `8 filings, 2 with a document · download one with: credence filing ${ACME} <transaction-id> --output file.pdf\n`,
      );
      const accounts = await credence(['filings', ACME, '--category', 'accounts', '--json'], env);
      expect(JSON.parse(accounts.stdout)).toEqual({ accounts: ACME_FILINGS.accounts });
      const bad = await credence(['filings', ACME, '--category', 'gazette'], env);
      expect(bad).toMatchObject({ code: 2, stdout: '' });
      const none = await credence(['filings', EMPTY], env);
      expect(none).toMatchObject({ code: 0, stdout: '', stderr: 'No filings found for this company.\n' });
    });

    it("writes a filing's PDF with --output, atomically, the summary on stderr", async () => {
      const file = join(dir, 'accounts.pdf');
      const result = await credence(['filing', ACME, ACME_ACCOUNTS_TX, '--output', file], env);
      expect(result).toMatchObject({ code: 0, stdout: '' });
      expect(result.stderr).toBe(`AA of 20/06/2026: ${PDF_BYTES.length} bytes → ${file}\n`);
      expect(readFileSync(file)).toEqual(PDF_BYTES);
      expect(readdirSync(dir)).toEqual(['accounts.pdf']);
      expect(seen.at(-1)!.searchParams.get('file_name')).toBe(`${ACME_DOCUMENT_ID}.pdf`);
    });

    it('pipes the document to stdout when there is no --output, and says what it wrote with --json', async () => {
      const piped = await credence(['filing', ACME, ACME_ACCOUNTS_TX], env);
      expect(piped).toMatchObject({ code: 0, stderr: '' });
      expect(Buffer.from(piped.stdout, 'latin1').subarray(0, 5).toString()).toBe('%PDF-');
      const file = join(dir, 'json.pdf');
      const json = await credence(['filing', ACME, ACME_ACCOUNTS_TX, '-o', file, '--json'], env);
      expect(JSON.parse(json.stdout)).toMatchObject({
        path: file,
        bytes: PDF_BYTES.length,
        content_type: 'application/pdf',
        transaction_id: ACME_ACCOUNTS_TX,
        document_id: ACME_DOCUMENT_ID,
      });
    });

    it('leaves nothing (and an existing file untouched) when the download is cut', async () => {
      const file = join(dir, 'cut.pdf');
      writeFileSync(file, 'old');
      const result = await credence(['filing', ACME, ACME_CUT_TX, '--output', file], env);
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toContain('The download stopped before it was complete');
      expect(readFileSync(file, 'utf8')).toBe('old');
      expect(readdirSync(dir).filter((name) => name.includes('cut.pdf'))).toEqual(['cut.pdf']);
    });

    it('exits 1 for an unknown transaction or a filing without a document, 2 for a malformed one', async () => {
      const unknown = await credence(['filing', ACME, 'NoSuchTx', '-o', join(dir, 'x.pdf')], env);
      expect(unknown).toMatchObject({ code: 1, stdout: '' });
      expect(unknown.stderr).toContain(`No filing NoSuchTx for company ${ACME}: \`credence filings ${ACME}\` lists its transaction ids.`);
      const paperless = await credence(['filing', ACME, ACME_CS_TX, '-o', join(dir, 'x.pdf')], env);
      expect(paperless).toMatchObject({ code: 1, stdout: '' });
      expect(paperless.stderr).toContain(`Filing ${ACME_CS_TX} (CS01, 20/03/2026) has no document to download`);
      const malformed = await credence(['filing', ACME, '../etc/passwd'], env);
      expect(malformed).toMatchObject({ code: 2, stdout: '' });
      expect(readdirSync(dir)).not.toContain('x.pdf');
    });
  });

  it('has --help with examples, the global flags, output and exit-code rules for every command', async () => {
    for (const command of ['search', 'company', 'filings', 'filing']) {
      const help = await credence([command, '--help']);
      expect({ command, code: help.code }).toEqual({ command, code: 0 });
      expect(help.stdout).toMatch(/Examples:\n {2}\$ credence /);
      expect(help.stdout).toContain('Global Options:');
      expect(help.stdout).toContain('--api-url <url>');
      expect(help.stdout).toContain('--no-color');
      expect(help.stdout).toContain('Output: ');
      expect(help.stdout).toMatch(/Exit codes: 0 ok; 1 failure: [\s\S]*2 usage[\s\S]*4 not signed in/);
      for (const line of help.stdout.split('\n')) expect({ command, line, fits: line.length <= 80 }).toEqual({ command, line, fits: true });
    }
    const company = await credence(['company', '--help']);
    for (const section of COMPANY_SECTION_IDS) expect(company.stdout).toMatch(new RegExp(`^ {2}${section} +\\S`, 'm'));
  });
});
