import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError, COMPANY_SECTION_IDS } from '@credence/shared';
import { overviewLines, sectionLines } from '../src/commands/company.js';
import { COMPANY_SECTION_HELP } from '../src/commands/company-sections.js';
import { companyNumberArg, explainNotFound } from '../src/commands/company-number.js';
import { filingLines, keyFigureLines, statementLines, type View } from '../src/commands/company-view.js';
import { filterCategory } from '../src/commands/filings.js';
import { SEARCH_COLUMNS, searchLimit, searchRow } from '../src/commands/search.js';
import { renderTable } from '../src/output/table.js';
import { labelled, NBSP, PLAIN, styleFor, textTable, textWidth, wrap } from '../src/output/text.js';
import { CliFailure, UsageError } from '../src/runtime/exit-codes.js';
import {
  ACME_FILINGS,
  ACME_FINANCIALS,
  ACME_OFFICERS,
  ACME_OVERVIEW,
  EMPTY_OVERVIEW,
  NOW,
  SEARCH_RESULTS,
} from './support/explorer-fixtures.js';

const view = (width = 80, color = false): View => ({ width, tableWidth: width, style: styleFor(color), now: NOW });
const answers = { overview: ACME_OVERVIEW, financials: ACME_FINANCIALS, officers: ACME_OFFICERS, filings: ACME_FILINGS };
const text = (lines: string[]) => lines.join('\n');
const GREEN = (s: string) => `\u001b[32m${s}\u001b[39m`;
const RED = (s: string) => `\u001b[31m${s}\u001b[39m`;

describe('company sections as terminal text', () => {
  it('keeps every line of every section within 80 columns (and 60), colours or not', () => {
    for (const width of [80, 60]) {
      for (const color of [false, true]) {
        for (const section of COMPANY_SECTION_IDS) {
          for (const line of sectionLines(section, answers, view(width, color))) {
            // A link stays on one line, to stay clickable.
            const fits = textWidth(line) <= width || /^ {2}\S+ {2}https:\/\/\S+$/.test(line.replace(/\u001b\[[0-9;]*m/g, ''));
            expect({ section, width, line, fits }).toEqual({ section, width, line, fits: true });
          }
        }
      }
    }
  });

  it('shows the key figures of the latest year as the web cards do (shared keyFigureText), the change on the year, and N/A by the rules of spec 2 section 5', () => {
    const lines = keyFigureLines(ACME_OVERVIEW.insights.key_figures as never, view());
    expect(lines[0]).toMatch(/^── Key Figures · FY2025 ─+$/);
    expect(lines[1]).toMatch(/^\s+FY2025\s+FY2024\s+Change$/);
    const row = (label: string) =>
      lines
        .find((l) => l.trimStart().startsWith(label))!
        .trim()
        .split(/\s{2,}/);
    expect(row('Revenue')).toEqual(['Revenue', '£12.3M', '£10.0M', '+23.5%']);
    expect(row('Operating Profit')).toEqual(['Operating Profit', '£1.0M', '£1.3M', '-20.0%']);
    expect(row('Adj. EBITDA')).toEqual(['Adj. EBITDA', '£2.0M', '-', 'N/A']); // no previous year
    expect(row('Net Profit/Loss')).toEqual(['Net Profit/Loss', '-£500,000', '£400,000', 'N/A']); // signs differ
    expect(row('Total Assets')).toEqual(['Total Assets', '-', '£5.0M', 'N/A']); // zero
    expect(row('Total Liabilities')).toEqual(['Total Liabilities', '£3.0M', '£3.0M', '0.0%']);
    expect(row('Employees')).toEqual(['Employees', '120', '100', '+20.0%']);
    expect(keyFigureLines(null, view())[1]).toBe('  No financial data available to display.');
  });

  it('colours a favourable change green and an unfavourable one red, Debt to Equity inverted', () => {
    const figures = text(keyFigureLines(ACME_OVERVIEW.insights.key_figures as never, view(80, true)));
    expect(figures).toContain(GREEN('+23.5%'));
    expect(figures).toContain(RED('-20.0%'));
    const keyFinancials = text(statementLines('Key Financials', ACME_FINANCIALS.key_financials, view(80, true), true));
    expect(keyFinancials).toMatch(/Debt to equity ratio\s+0\.50\s+1\.00\s+\S*-50\.0%/);
    expect(keyFinancials).toContain(GREEN('-50.0%')); // a falling debt to equity ratio is good
    expect(keyFinancials).toContain(RED('-35.2%')); // a falling margin is not
    expect(text(keyFigureLines(ACME_OVERVIEW.insights.key_figures as never, view(80, false)))).not.toContain('\u001b[');
  });

  it('writes the overview: header, profile, leadership signals, charges summary, compliance tracker', () => {
    const out = text(overviewLines(ACME_OVERVIEW, view()));
    expect(out.split('\n').slice(0, 2)).toEqual([
      'ACME WIDGETS LIMITED',
      '01234567 · Active · Private Limited Company · incorporated 15/03/2001',
    ]);
    for (const title of [
      'Key Figures',
      'Company Profile',
      'Business Overview',
      'Leadership · last 12 months',
      'Key Highlights',
      'Creditor and Charges',
      'Capital Overview',
      'Risk Profile',
      'Compliance Tracker',
      'Auditor',
    ]) {
      expect({ title, found: out.includes(`── ${title}`) }).toEqual({ title, found: true });
    }
    expect(out).toContain('Registered address  1 High Street, Leeds, West Yorkshire, England, LS1 4AB');
    expect(out).toMatch(/Director activity\s+1 appointed · 1 terminated · 0 details changed · 2 current\s/);
    expect(out).toMatch(/Turnover signal\s+LOW · /);
    expect(out).toMatch(/01\/05\/2026\s+Director appointed\s+Jane Doe\s+AP01/);
    expect(out).toMatch(/Active\s+1 \(1 outstanding\)/);
    expect(out).toMatch(/Notable creditors\s+Barclays Bank PLC 1 · Lloyds Bank PLC 1/);
    expect(out).toMatch(/Latest statement\s+£1.5M on 01\/04\/2026 \(SH01\)/);
    expect(out).toMatch(/Status\s+On time · next due 29\/03\/2027 \(in 125 days\)/);
    expect(out).toContain('Turnover up 23.5% to £12.3m (p. 3)');
    expect(out).toContain('Steel prices affect margins. (pp. 4, 5)');
    expect(out).not.toContain(NBSP);
  });

  it('leaves out what a company has no data for, and says so when the section is asked for', () => {
    const out = text(overviewLines(EMPTY_OVERVIEW, view()));
    expect(out).toContain('EMPTY SHELL LTD');
    expect(out).toContain('EMPTY SHELL LTD\n07654321 · Dissolved · Private Limited Company');
    expect(out).toMatch(/Incorporated\s+N\/A/);
    expect(out).toMatch(/Dissolved\s+31\/01\/2020/);
    for (const absent of ['Key Figures', 'Creditor and Charges', 'Capital Overview', 'Risk Profile', 'Auditor'])
      expect(out).not.toContain(`── ${absent}`);
    expect(out).toContain('No director or PSC filing data found for this company');
    expect(out).toContain('No Confirmation Statement filing data found for this company');
    const empty = { overview: EMPTY_OVERVIEW, officers: null, financials: undefined, filings: {} };
    expect(text(sectionLines('charges', empty, view()))).toContain('No charges data available for this company');
    expect(text(sectionLines('capital', empty, view()))).toContain('No capital filing data available');
    expect(text(sectionLines('risk', empty, view()))).toContain('No data available for this section.');
    expect(text(sectionLines('auditor', empty, view()))).toContain('No data available for this section.');
    expect(text(sectionLines('financials', empty, view()))).toContain('No financial data available to display.');
    expect(text(sectionLines('officers', empty, view()))).toContain('Officer data not available');
    expect(text(sectionLines('pscs', empty, view()))).toContain('PSC data not available');
    expect(text(sectionLines('filings', empty, view()))).toContain('No filings found for this company.');
  });

  it('lists officers, PSCs, every charge and the whole timelines in their sections', () => {
    const officers = text(sectionLines('officers', answers, view()));
    expect(officers).toMatch(/Active \(2\)\n\s+Name\s+Role\s+Appointed/);
    expect(officers).toMatch(/DOE, Jane\s+director\s+01\/05\/2026\s+Engineer\s+British/);
    expect(officers).toMatch(
      /Resigned \(1\)\n\s+Name\s+Role\s+Appointed\s+Resigned\n\s+ROE, John\s+director\s+01\/01\/2015\s+10\/02\/2026/,
    );
    const pscs = text(sectionLines('pscs', answers, view()));
    expect(pscs).toMatch(/Mr Alan Smith\s+individual\s+06\/04\/2016\s+-\s+Ownership of shares – 75%/);
    const charges = text(sectionLines('charges', answers, view()));
    expect(charges).toContain('All (2) · Active (1) · Satisfied (1)');
    expect(charges).toMatch(/17\/05\/2024\s+outstanding\s+A registered charge\s+Barclays Bank PLC/);
    const wide = text(sectionLines('charges', answers, view(120)));
    expect(wide).toMatch(/01\/01\/2010\s+fully-satisfied\s+02\/03\/2010\s+Debenture\s+Lloyds Bank PLC\s+1$/m);
    const compliance = text(sectionLines('compliance', answers, view()));
    expect(compliance).toMatch(/20\/03\/2026\s+CS01\s+15\/03\/2026\s+No updates\s+5\s+on time/);
    const capital = text(sectionLines('capital', answers, view()));
    expect(capital).toMatch(/09\/09\/2024\s+SH06\s+Share buy-backs and cancellations\s+£1.0M/);
    const profile = text(sectionLines('profile', answers, view()));
    expect(profile).toMatch(/Accounts\s+last made up 31\/12\/2025 · next due 30\/09\/2026 · full/);
    expect(profile).toMatch(/Previous names\s+ACME TOOLS LIMITED \(15\/03\/2001 to 01\/06\/2010\)/);
    expect(profile.split('\n').at(-1)).toBe(
      '  Registry  https://find-and-update.company-information.service.gov.uk/company/01234567/filing-history',
    );
    expect(text(sectionLines('profile', { overview: EMPTY_OVERVIEW }, view()))).not.toContain('https://'); // sample data: no registry link
  });

  it('shows the financials by year, newest first, as many years as fit', () => {
    const out = text(sectionLines('financials', answers, view()));
    expect(out).toMatch(/── Financial Summary \(£m\) ─+\n\s+FY2025\s+FY2024\n\s+Revenue\s+12\.35\s+10\.00/);
    expect(out).toMatch(
      /── Income Statement \(£m\) ─+\n\s+FY2025\s+FY2024\n\s+Turnover\s+12\.35\s+10\.00\n\s+Cost of sales\s+\(7\.00\)\s+\(6\.00\)/,
    );
    expect(out).toContain('No data available for this period.'); // no cash flow
    expect(out).toMatch(/Average number of employees\s+120\s+100\s+\+20\.0%/);
    expect(out).toMatch(/Operating margin \(%\)\s+8\.10\s+12\.50/);
    expect(out).toContain('A second works opens in 2027. (p. 4)');
    const narrow = statementLines(
      'Income Statement',
      [2019, 2020, 2021, 2022, 2023, 2024, 2025].map((year) => ({ ...ACME_FINANCIALS.standardized_income_statement[0], year })),
      view(60),
    );
    expect(narrow[1].trim().split(/\s+/)).toEqual(['FY2025', 'FY2024']);
    expect(
      statementLines(
        'Income Statement',
        narrow.length
          ? [2019, 2020, 2021, 2022, 2023, 2024, 2025].map((year) => ({ ...ACME_FINANCIALS.standardized_income_statement[0], year }))
          : [],
        view(120),
      )[1]
        .trim()
        .split(/\s+/),
    ).toHaveLength(7);
  });

  it('lists filings by category A-Z, newest first, marking those with a document', () => {
    const lines = filingLines(ACME_FILINGS, view(), 0);
    expect(lines[0]).toMatch(/^Date\s+Form\s+Transaction ID\s+Doc\s+Description$/);
    expect(lines.filter((l) => /^[a-z-]+ \(\d+\)$/.test(l))).toEqual([
      'accounts (2)',
      'capital (2)',
      'confirmation-statement (2)',
      'officers (2)',
    ]);
    expect(lines[2]).toMatch(/^20\/06\/2026\s+AA\s+TxAccounts2025\s+PDF\s+Full accounts made up to 31 December 2025$/);
    expect(lines[3]).toMatch(/^18\/06\/2025\s+AA\s+TxAccounts2024\s+PDF/);
    expect(lines.find((l) => l.includes('TxCs2026'))).toMatch(/\s-\s+Confirmation statement made on 15 March/);
    expect(filingLines(ACME_FILINGS, { ...view(), tableWidth: 200 }, 0).find((l) => l.includes('TxCs2026'))).toMatch(
      /Confirmation statement made on 15 March 2026 with no updates$/,
    );
    expect(Object.keys(filterCategory(ACME_FILINGS, 'Capital'))).toEqual(['capital']);
    expect(() => filterCategory(ACME_FILINGS, 'gazette')).toThrow(
      /--category must be one of this company's categories: accounts, capital, confirmation-statement, officers; not "gazette"/,
    );
  });

  it('lists its sections in the order and with the ids of the shared section list', () => {
    expect(Object.keys(COMPANY_SECTION_HELP)).toEqual([...COMPANY_SECTION_IDS]);
  });
});

describe('company numbers and the unknown company', () => {
  it('takes 8 characters, digits or two letters and six digits, leading zeros optional', () => {
    expect(companyNumberArg('00123456')).toBe('00123456');
    expect(companyNumberArg(' sc 234567 ')).toBe('SC234567');
    expect(companyNumberArg('123456')).toBe('123456');
    expect(companyNumberArg('OC1')).toBe('OC1');
    for (const bad of ['', '123456789', 'SC1234567', 'ABC12345', '12-345', 'britannia']) {
      expect(() => companyNumberArg(bad)).toThrow(UsageError);
    }
    expect(() => companyNumberArg('123456789')).toThrow('"123456789" is not a company number: 8 characters such as 00445790 or SC123456');
  });

  it("keeps the API's 404 words as the message (exit 1) and passes anything else through", () => {
    const notFound = new ApiError({
      status: 404,
      error: 'Company with number 99999999 not found.',
      call: 'GET /api/companies_house/get_overview',
    });
    let caught: unknown;
    try {
      explainNotFound(notFound);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CliFailure);
    expect((caught as Error).message.split('\n')[0]).toBe('Company with number 99999999 not found.');
    const other = new ApiError({ status: 500, error: 'boom', call: 'GET /api/x' });
    expect(() => explainNotFound(other)).toThrow(other);
  });
});

describe('search results', () => {
  it('puts name, number, status, Exchange:Ticker and SIC in a table that fits', () => {
    const lines = renderTable(SEARCH_COLUMNS, SEARCH_RESULTS.map(searchRow), 80);
    expect(lines[0]).toMatch(/^Name\s+Number\s+Status\s+Exchange:Ticker\s+SIC$/);
    expect(lines[2]).toMatch(/^ACME WIDGETS LIMITED\s+01234567\s+Active\s+LSE:ACME\s+25990 - Manufacture/);
    expect(lines[3]).toMatch(/^ACME HOLDINGS PLC\s+SC123456\s+Dissolved\s+-\s+-$/);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(80);
    expect(searchRow(SEARCH_RESULTS[0]).sic).toBe(
      '25990 - Manufacture of other fabricated metal products n.e.c.; 46690 - Wholesale of other machinery and equipment',
    );
  });

  it('takes --limit from 1 to 100', () => {
    expect(searchLimit(undefined)).toBe(20);
    expect(searchLimit('100')).toBe(100);
    for (const bad of ['0', '101', 'ten', '2.5', '']) expect(() => searchLimit(bad)).toThrow('--limit takes a whole number from 1 to 100');
  });
});

describe('text layout', () => {
  it('wraps words to the width, cuts words longer than a line and keeps NBSP-joined words together', () => {
    expect(wrap('the quick brown fox jumps over the lazy dog', 15)).toEqual(['the quick brown', 'fox jumps over', 'the lazy dog']);
    expect(wrap(`aaaaa bbbbb (p.${NBSP}4)`, 14)).toEqual(['aaaaa bbbbb', '(p. 4)']);
    expect(wrap('x'.repeat(25), 10)).toEqual(['xxxxxxxxxx', 'xxxxxxxxxx', 'xxxxx']);
    expect(wrap('one\ntwo', 20)).toEqual(['one', 'two']);
  });

  it('aligns labels and hangs wrapped values under their start', () => {
    expect(
      labelled(
        [
          ['Short', 'a b c d e f g h i j k l m n o p q r s t u v w x y z'],
          ['Longer label', 'v'],
        ],
        40,
        PLAIN,
      ),
    ).toEqual([
      '  Short         a b c d e f g h i j k l',
      '                m n o p q r s t u v w x',
      '                y z',
      '  Longer label  v',
    ]);
  });

  it('measures coloured cells by what shows and cuts flexible columns to fit', () => {
    const red = styleFor(true).red('-4.0%');
    const lines = textTable(
      [
        { header: 'Name', flexible: true },
        { header: 'Change', align: 'right' },
      ],
      [['A very long name indeed for a table', red]],
      24,
    );
    expect(lines.map(textWidth).every((n) => n <= 24)).toBe(true);
    expect(lines[1]).toContain(red);
    expect(lines[1]).toContain('…');
  });
});
