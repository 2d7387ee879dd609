import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { RESEARCH_SAMPLE_QUESTIONS, SUGGESTED_COMPANIES, sectionsFromMarkdown, type ResearchCitation } from '@credence/shared';
import { BuiltInEngine } from '../../src/modules/research/engine/builtin/engine.js';
import type { TestContext } from '../support/test-context.js';
import {
  citedMoney,
  markedNumbers,
  request,
  runEngine,
  servedPages,
  startSampleResearch,
  type EngineRun,
  uncitedNumberLines,
} from './research-engine-support.js';

const QUESTIONS = [
  ...RESEARCH_SAMPLE_QUESTIONS.filter((q) => q !== 'Covenant summary'),
  'How has turnover grown over the last five years?',
  'What are the operating and net margins?',
  'How liquid is the balance sheet?',
  'What are the principal risks?',
  'Show the filing history',
];

describe('built-in analyst on sample companies (no model)', () => {
  let t: TestContext;
  let engine: BuiltInEngine;
  const pageCache = new Map<string, string[]>();

  before(async () => {
    const sample = await startSampleResearch({ companies: 12, seed: 5 });
    t = sample.t;
    const { evidence, tools } = sample;
    engine = new BuiltInEngine(tools, evidence, {
      now: () => new Date('2026-06-15T12:00:00Z'),
    });
  });
  after(() => t.close());

  async function pagesOf(citation: ResearchCitation): Promise<string[]> {
    const key = `${citation.company_number}/${citation.document_id}`;
    if (!pageCache.has(key)) pageCache.set(key, await servedPages(t.dataSource, t.config, citation.company_number!, citation.document_id));
    return pageCache.get(key)!;
  }

  /** Every value a document's stored accounts hold (columns and statement lines), to compare the answer's figures with. */
  async function storedValues(documentId: string): Promise<Set<number>> {
    const [row] = await t.dataSource.query(
      `SELECT turnover::float8, operating_profit::float8, net_profit_loss::float8, ebitda::float8, total_assets::float8, total_liabilities::float8,
              net_assets::float8, cash::float8, employees, balance_sheet, income_statement, cash_flow, key_financials
         FROM financial_statements WHERE document_id = $1`,
      [documentId],
    );
    const values = new Set<number>();
    for (const [key, value] of Object.entries(row)) {
      if (Array.isArray(value))
        for (const line of value as { value: number | null }[])
          if (line.value !== null) values.add(Number(line.value));
          else if (value !== null && key !== 'employees') values.add(Number(value));
    }
    return values;
  }

  async function checkAnswer(run: EngineRun, label: string): Promise<void> {
    const { events, answer } = run;
    expect({ label, first: events[0].type }).toEqual({ label, first: 'plan' });
    expect(answer.thoughtProcess.length).toBeGreaterThan(1);
    expect({ label, steps: answer.stepStatus.filter((s) => s !== 'done') }).toEqual({ label, steps: [] });
    expect(answer.text).toContain('## Key Findings');
    expect(answer.text).not.toContain('(unverified)');
    // A loss is worded as its amount: "-£" right after "loss" says it twice.
    expect({ label, doubleNegative: answer.text.match(/\bloss\b[^.\n(]{0,40}?-£[\d,]+/gi) }).toEqual({ label, doubleNegative: null });
    expect({ label, uncited: uncitedNumberLines(answer.text) }).toEqual({ label, uncited: [] });
    const byId = new Map(answer.citations.map((c) => [c.id, c]));
    for (const id of answer.text.matchAll(/\[\^(c\d+)\]/g))
      expect({ label, id: id[1], known: byId.has(id[1]) }).toEqual({ label, id: id[1], known: true });
    for (const citation of answer.citations) {
      expect({ label, id: citation.id, verified: citation.verified }).toEqual({ label, id: citation.id, verified: true });
      if (citation.kind !== 'filing') continue;
      const page = (await pagesOf(citation))[citation.page! - 1];
      expect(page).toBeDefined();
      for (const part of citation.quote!.split(' … '))
        expect({ label, quoteOnPage: page.includes(part.replace(/\s+/g, '')) }).toEqual({ label, quoteOnPage: true });
    }
    for (const figure of citedMoney(answer.text)) {
      const printed = figure.negative ? `(${figure.digits})` : figure.digits;
      for (const id of figure.ids) {
        const citation = byId.get(id)!;
        expect(citation.kind).toBe('filing');
        const page = (await pagesOf(citation))[citation.page! - 1];
        expect({ label, printed, page: citation.page, onPage: page.includes(printed) }).toEqual({
          label,
          printed,
          page: citation.page,
          onPage: true,
        });
        const values = await storedValues(citation.document_id);
        // Deductions (creditors, bank loans) print in brackets and read as amounts in words.
        const inDatabase = values.has(figure.value) || values.has(-figure.value);
        expect({ label, value: figure.value, inDatabase }).toEqual({ label, value: figure.value, inDatabase: true });
      }
    }
    for (const figure of markedNumbers(answer.text))
      for (const id of figure.ids) {
        const citation = byId.get(id)!;
        if (citation.kind !== 'filing') continue;
        const page = (await pagesOf(citation))[citation.page! - 1];
        const printed = figure.negative ? `(${figure.digits})` : figure.digits;
        expect({ label, id, printed, onPage: page.includes(printed) }).toEqual({ label, id, printed, onPage: true });
      }
    for (const table of answer.tables) expect(table.citations?.length ?? 0).toBeGreaterThan(0);
    // No column of a table is empty throughout (a comparison with no year to compare leaves it out).
    for (const table of answer.tables)
      for (let col = 1; col < table.headers.length; col++)
        expect({
          label,
          table: table.title,
          column: table.headers[col],
          empty: table.rows.every((r) => r[col] === '–' || r[col] === '-'),
        }).toEqual({
          label,
          table: table.title,
          column: table.headers[col],
          empty: false,
        });
    // Dates in tables read as the rest of the answer does (DD/MM/YYYY), never ISO.
    for (const table of answer.tables)
      expect({ label, table: table.title, iso: table.rows.flat().filter((c) => /^\d{4}-\d{2}-\d{2}$/.test(String(c))) }).toEqual({
        label,
        table: table.title,
        iso: [],
      });
    const referenced = new Set([
      ...[...answer.text.matchAll(/\[\^(c\d+)\]/g)].map((m) => m[1]),
      ...answer.tables.flatMap((tb) => tb.citations ?? []),
    ]);
    expect({ label, unreferenced: answer.citations.filter((c) => !referenced.has(c.id)).map((c) => c.id) }).toEqual({
      label,
      unreferenced: [],
    });
    expect(answer.relatedQuestions.length).toBeGreaterThan(0);
  }

  it('answers each financial analysis for every suggested company, every figure cited to a page that prints it and equal to the database', async () => {
    for (const { company_number } of SUGGESTED_COMPANIES)
      for (const question of QUESTIONS) {
        const run = await runEngine(engine, request(question, company_number));
        expect(run.outcome.declined).toBeUndefined();
        await checkAnswer(run, `${company_number}: ${question}`);
        expect(run.answer.citations.length).toBeGreaterThan(0);
      }
  });

  it("answers the seed's sample questions for every sample company, and declines the accounts questions of one with no accounts", async () => {
    const companies: { company_number: string; n: number }[] = await t.dataSource.query(
      `SELECT c.company_number, (SELECT count(*) FROM financial_statements f WHERE f.company_number = c.company_number)::int AS n
         FROM companies c ORDER BY 1`,
    );
    expect(companies.some((c) => c.n === 0)).toBe(true);
    for (const { company_number, n } of companies)
      for (const question of ['Create a summary sheet', 'Capital structure analysis', 'What are the margins?']) {
        const run = await runEngine(engine, request(question, company_number));
        const label = `${company_number}: ${question}`;
        if (n === 0 && question !== 'Create a summary sheet') {
          expect({ label, declined: Boolean(run.outcome.declined), citations: run.answer.citations }).toEqual({
            label,
            declined: true,
            citations: [],
          });
          expect(run.answer.text).toContain('No accounts with figures are on file');
          continue;
        }
        expect({ label, declined: run.outcome.declined }).toEqual({ label, declined: undefined });
        await checkAnswer(run, label);
      }
  });

  it('answers a named metric and year with the filed figure and the year before', async () => {
    const [row] = await t.dataSource.query(
      `SELECT fiscal_year, turnover::float8 AS turnover FROM financial_statements WHERE company_number = '00123456' ORDER BY period_end DESC OFFSET 1 LIMIT 1`,
    );
    const run = await runEngine(engine, request(`What was the turnover in FY${row.fiscal_year}?`, '00123456'));
    await checkAnswer(run, 'turnover in a year');
    // The direct answer (after the Key Findings) states the filed figure first.
    const money = citedMoney(run.answer.text.slice(run.answer.text.indexOf(`Turnover in FY${row.fiscal_year} was`)));
    expect(money[0].value).toBe(row.turnover);
    expect(run.answer.text).toContain(`Turnover in FY${row.fiscal_year} was`);
    // The Key Findings do not say the turnover again (the answer right below does).
    expect(run.answer.text.match(/^- Turnover (?:rose|fell)/m)).toBeNull();
  });

  it('answers a statement line the question names with the line as filed', async () => {
    const [row] = await t.dataSource.query(
      `SELECT fiscal_year, income_statement FROM financial_statements WHERE company_number = '00123456' ORDER BY period_end DESC LIMIT 1`,
    );
    const gross = (row.income_statement as { key: string; value: number }[]).find((l) => l.key === 'grossProfit')!;
    const run = await runEngine(engine, request(`What was the gross profit in ${row.fiscal_year}?`, '00123456'));
    await checkAnswer(run, 'gross profit');
    expect(run.answer.text).toContain(`Gross profit in FY${row.fiscal_year} was`);
    expect(citedMoney(run.answer.text.slice(run.answer.text.indexOf('Gross profit in FY')))[0].value).toBe(gross.value);
  });

  it("opens with Key Findings: each analysis's headline, cited, before the detailed sections", async () => {
    const rows: { fiscal_year: number; turnover: number }[] = await t.dataSource.query(
      `SELECT fiscal_year, turnover::float8 AS turnover FROM financial_statements WHERE company_number = '00123456' ORDER BY period_end DESC LIMIT 2`,
    );
    const run = await runEngine(engine, request('Create a summary sheet', '00123456'));
    await checkAnswer(run, 'key findings');
    const sections = sectionsFromMarkdown(run.answer.text, run.answer.citations);
    expect(sections.map((s) => s.section).slice(0, 2)).toEqual(['Key Findings', 'Summary Sheet']);
    const findings = sections[0];
    expect(findings.content).not.toContain('From the filed accounts');
    const change = Math.round(((rows[0].turnover - rows[1].turnover) / rows[1].turnover) * 1000) / 10;
    const money = (n: number) => `£${n.toLocaleString('en-GB')}[^c`;
    expect(findings.content).toContain(
      `- Turnover ${change > 0 ? 'rose' : 'fell'} ${Math.abs(change).toFixed(1)}% to ${money(rows[0].turnover)}`,
    );
    expect(findings.content).toContain(`in FY${rows[0].fiscal_year} (FY${rows[1].fiscal_year}: ${money(rows[1].turnover)}`);
    expect(findings.content).toMatch(/^- Net (?:debt|cash) at the FY\d{4} year end was £[\d,]+ \(/m);
    expect(findings.citations.length).toBeGreaterThan(0);
    // The accounts' findings cite their pages; a distress finding (an overdue filing by today's clock) cites the register record.
    expect(findings.citations.some((c) => c.type === 'filing')).toBe(true);
  });

  it('states the change across a range of years, from the cited figures of its first and last year, with every year in a table', async () => {
    const rows: { fiscal_year: number; turnover: number }[] = await t.dataSource.query(
      `SELECT fiscal_year, turnover::float8 AS turnover FROM financial_statements WHERE company_number = '00123456' ORDER BY period_end LIMIT 3`,
    );
    const [a, b, c] = rows;
    const margins = await runEngine(
      engine,
      request(`How did operating margin change between ${a.fiscal_year} and ${c.fiscal_year}?`, '00123456'),
    );
    await checkAnswer(margins, 'margin range');
    expect(margins.answer.text).toMatch(
      new RegExp(
        `The operating margin (?:rose|fell) by \\d+\\.\\d percentage points?, from [\\d.]+%.*? in FY${a.fiscal_year} to [\\d.]+%.*? in FY${c.fiscal_year}\\.`,
      ),
    );
    const table = margins.answer.tables.find((tb) => tb.rows.some((r) => r[0] === 'Operating margin'))!;
    expect(table.headers).toEqual(['Margin', `FY${a.fiscal_year}`, `FY${b.fiscal_year}`, `FY${c.fiscal_year}`]);

    const turnover = await runEngine(engine, request(`How did turnover change from ${a.fiscal_year} to ${c.fiscal_year}?`, '00123456'));
    await checkAnswer(turnover, 'turnover range');
    const diff = c.turnover - a.turnover;
    const pct = Math.round((diff / a.turnover) * 1000) / 10;
    expect(turnover.answer.text).toContain(
      `Turnover ${diff > 0 ? 'rose' : 'fell'} by £${Math.abs(diff).toLocaleString('en-GB')} (${pct > 0 ? '+' : ''}${pct.toFixed(1)}%), from £${a.turnover.toLocaleString('en-GB')}[^c`,
    );
    const byYear = turnover.answer.tables.find((tb) => tb.title === 'Performance by year')!;
    expect(byYear.headers).toEqual(['Metric', `FY${a.fiscal_year}`, `FY${b.fiscal_year}`, `FY${c.fiscal_year}`]);
  });

  it('says when a change across years is asked of a company with one year on file', async () => {
    const [one] = await t.dataSource.query(
      `SELECT company_number FROM financial_statements GROUP BY company_number HAVING count(*) = 1 ORDER BY 1 LIMIT 1`,
    );
    const run = await runEngine(engine, request('How did turnover change over the last 3 years?', one.company_number));
    await checkAnswer(run, 'one year');
    expect(run.answer.text).toMatch(/Only the FY\d{4} accounts are on file, so no change across years can be stated\./);
  });

  it('compares two consecutive years without calling one year compound growth', async () => {
    const [a, b] = await t.dataSource.query(
      `SELECT fiscal_year FROM financial_statements WHERE company_number = '00123456' ORDER BY period_end DESC LIMIT 2`,
    );
    const run = await runEngine(engine, request(`Compare FY${a.fiscal_year} with FY${b.fiscal_year}`, '00123456'));
    await checkAnswer(run, 'two years');
    expect(run.answer.text).not.toContain('compound annual growth');
    expect(run.answer.text).toMatch(/, a change of [-\d.]+%/);
  });

  it('finds the company a question names when the chat has none', async () => {
    const run = await runEngine(engine, request('Create a summary sheet for Thames Valley Foods'));
    expect(run.outcome.understanding.companyNumber).toBe('03456789');
    await checkAnswer(run, 'named company');
  });

  it('declines, with no figures, a year not on file, a thing no data holds, an unknown question and no company', async () => {
    const cases = [
      request('What was the turnover in 1995?', '00123456'),
      request('What is the share price?', '00123456'),
      request('What is the weather like in Leeds?', '00123456'),
      request('Create a summary sheet'),
      request('Capital structure analysis for Nonexistent Widgets Zzyzx'),
      request('What was the share price in 2024?', '09876543'),
      // Small companies file abridged accounts: no gross profit line.
      request('What was the gross profit in 2023?', '09876543'),
    ];
    for (const req of cases) {
      const run = await runEngine(engine, req);
      expect(run.events[0].type).toBe('plan');
      expect({ q: req.query, declined: Boolean(run.outcome.declined) }).toEqual({ q: req.query, declined: true });
      expect({ q: req.query, citations: run.answer.citations }).toEqual({ q: req.query, citations: [] });
      expect(run.answer.text).not.toMatch(/[£€$]\s?\d|\d%|\[\^c/);
      expect(run.answer.text).toMatch(/I can answer/);
      expect(run.answer.text).not.toContain('Key Findings');
      expect(run.answer.tables).toEqual([]);
      expect(run.answer.relatedQuestions.length).toBeGreaterThan(0);
    }
    const notFiled = await runEngine(engine, request('What was the turnover in 1995?', '00123456'));
    expect(notFiled.answer.text).toContain('No accounts for FY1995 are on file');
  });

  // Time to the plan and to the end of each analysis is a budget, measured beside a baseline by
  // `npm run bench:research` (api/bench/research.js), not asserted here.
  it('sends its plan before anything else in each analysis', async () => {
    for (const question of QUESTIONS) {
      const run = await runEngine(engine, request(question, '09876543'));
      expect({ question, first: run.events[0]?.type }).toEqual({ question, first: 'plan' });
      expect(run.events.filter((e) => e.type === 'plan')).toHaveLength(1);
    }
  });
});
