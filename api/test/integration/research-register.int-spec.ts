import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { formatDate, lenderKey, PEER_COLUMNS, type ResearchCitation, type ResearchEvent } from '@credence/shared';
import type { ToolRegistry, Understanding } from '../../src/platform/ai/engine/analysis.js';
import type { AnalysisId } from '../../src/modules/research/engine/builtin/analysis-ids.js';
import { covenantsAnalysis } from '../../src/modules/research/engine/builtin/analyses/register/covenants.analysis.js';
import { REGISTER_ANALYSES } from '../../src/modules/research/engine/builtin/analyses/register/index.js';
import { BuiltInEngine } from '../../src/modules/research/engine/builtin/engine.js';
import type { ResearchTool, ToolResult } from '../../src/platform/ai/engine/types.js';
import type { ResearchEvidence } from '../../src/modules/research/evidence/research-evidence.js';
import { registerTools } from '../../src/modules/research/tools/register/index.js';
import type { ChargesData } from '../../src/modules/research/tools/register/charges.tool.js';
import type { ComplianceData } from '../../src/modules/research/tools/register/compliance.tool.js';
import type { LeadershipData } from '../../src/modules/research/tools/register/leadership.tool.js';
import type { PeersData } from '../../src/modules/research/tools/register/peers.tool.js';
import type { TestContext } from '../support/test-context.js';
import { startSampleResearch } from './research-engine-support.js';
import {
  answerWith,
  expectCited,
  expectMarkedOnPages as expectMarkedOnPagesOf,
  figureAfter,
  type Answer,
} from './research-register-support.js';

const COMPANY = '00123456';
const COMPANY_NAME = 'BRITANNIA ENGINEERING GROUP PLC';
const NOW = new Date('2026-06-15T12:00:00Z');
const user = { id: 'u1', role: 'user' };
const toolContext = { user, signal: new AbortController().signal };

describe(`research register tools and analyses (${process.env.DATABASE_URL ? 'server Postgres' : 'embedded Postgres'})`, () => {
  let t: TestContext;
  let tools: Map<string, ResearchTool>;
  let evidence: ResearchEvidence;

  const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> => t.dataSource.query(sql, params);
  const run = <T>(name: string, args: Record<string, unknown>) => tools.get(name)!.run(args, toolContext) as Promise<ToolResult<T>>;
  const fact = (result: ToolResult, key: string) => {
    const found = result.facts.find((f) => f.key === key);
    if (!found) throw new Error(`no fact ${key}`);
    return found;
  };

  const answer = (id: AnalysisId, companyNumber: string | undefined, extra: Partial<Understanding> = {}) =>
    answerWith(tools, evidence, id, companyNumber, extra);
  const expectMarkedOnPages = (a: Answer, label: string) => expectMarkedOnPagesOf(t.dataSource, t.config, a, label);

  before(async () => {
    let researchTools: ToolRegistry;
    ({ t, evidence, tools: researchTools } = await startSampleResearch({ companies: 60, seed: 7 }));
    tools = new Map([...researchTools, ...registerTools(t.dataSource, { now: () => NOW }).map((tool) => [tool.name, tool] as const)]);
  });
  after(() => t.close());

  it("reads the charge register's counts, dates and lenders as the database holds them", async () => {
    const result = await run<ChargesData>('charges', { company_number: '123456' });
    const [db] = await q<Record<string, number>>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status NOT IN ('fully-satisfied', 'satisfied'))::int AS active,
              count(*) FILTER (WHERE status IN ('fully-satisfied', 'satisfied'))::int AS satisfied,
              count(*) FILTER (WHERE status = 'outstanding')::int AS outstanding,
              count(*) FILTER (WHERE contains_fixed_charge)::int AS fixed,
              count(*) FILTER (WHERE contains_floating_charge)::int AS floating,
              count(*) FILTER (WHERE contains_negative_pledge)::int AS "negativePledge",
              count(*) FILTER (WHERE floating_charge_covers_all)::int AS "floatingCoversAll",
              count(*) FILTER (WHERE floating_charge_covers_all AND status NOT IN ('fully-satisfied', 'satisfied'))::int AS "liveCoversAll"
         FROM charges WHERE company_number = $1`,
      [COMPANY],
    );
    expect(db.total).toBeGreaterThan(2);
    for (const name of ['total', 'active', 'satisfied', 'outstanding', 'fixed', 'floating', 'negativePledge', 'floatingCoversAll'])
      expect(fact(result, `charges:${name}`).value).toBe(db[name]);
    expect(fact(result, 'charges:live:floatingCoversAll').value).toBe(db.liveCoversAll);

    const rows = await q<{ charge_id: string; created_on: string | null; satisfied_on: string | null; status: string }>(
      `SELECT charge_id, created_on::text, satisfied_on::text, status FROM charges WHERE company_number = $1`,
      [COMPANY],
    );
    for (const row of rows) {
      expect(fact(result, `charge:${row.charge_id}:status`)).toMatchObject({
        value: row.status,
        source: { kind: 'register', record: 'charges', key: row.charge_id },
      });
      if (row.created_on) expect(fact(result, `charge:${row.charge_id}:created`).value).toBe(row.created_on);
      if (row.satisfied_on) expect(fact(result, `charge:${row.charge_id}:satisfied`).value).toBe(row.satisfied_on);
    }
    const lenders = await q<{ lender_key: string; charges: number }>(
      `SELECT l.lender_key, count(DISTINCT l.charge_id)::int AS charges FROM charge_lenders l JOIN charges c USING (charge_id)
        WHERE c.company_number = $1 GROUP BY l.lender_key`,
      [COMPANY],
    );
    expect(result.data.chargeholders.map((h) => [h.key, h.charges]).sort()).toEqual(lenders.map((l) => [l.lender_key, l.charges]).sort());
    for (const l of lenders) expect(fact(result, `lender:${l.lender_key}:charges`).value).toBe(l.charges);
    for (const f of result.facts) expect(f.source).toMatchObject({ kind: 'register', company_number: COMPANY });
  });

  it('covenant summary: the live security package and its lenders as the register holds them, cited, and plainly no covenant levels', async () => {
    const a = await answer('covenants', COMPANY, { companyName: COMPANY_NAME });
    expectCited(a);
    expect(a.text).toContain('## Covenant Summary\n');
    expect(a.text).toContain('### Not on the register');
    expect(a.text).toContain('Covenant levels are not on the register');
    const [db] = await q<{ live: number; pledges: number }>(
      `SELECT count(*)::int AS live, count(*) FILTER (WHERE contains_negative_pledge)::int AS pledges
         FROM charges WHERE company_number = $1 AND status NOT IN ('fully-satisfied', 'satisfied')`,
      [COMPANY],
    );
    expect(figureAfter(a.text, '### Live security\n\n')).toBe(String(db.live));
    expect(a.text).toMatch(new RegExp(`${db.pledges}\\[\\^c\\d+\\] contain a negative pledge`));
    const table = a.tables.find((tb) => tb.title.startsWith('Live security package'))!;
    expect(table.rows.length).toBe(db.live);
    expect(a.text).toMatch(/### Leverage and cover, FY\d{4} accounts\n\n[^]*Interest cover/);
    expect(a.text).toMatch(/Net (?:debt|cash) \([^)]*\): £[\d,]+ \((?:bank loans and overdrafts|cash) £[\d,]+\[\^c\d+\] less/);
    await expectMarkedOnPages(a, 'covenants');
  });

  it("covenant summary for a named lender: only that lender's security", async () => {
    const a = await answer('covenants', COMPANY, { companyName: COMPANY_NAME, lenders: ['Barclays'] });
    expectCited(a);
    const [db] = await q<{ live: number }>(
      `SELECT count(DISTINCT c.charge_id)::int AS live FROM charges c JOIN charge_lenders l USING (charge_id)
        WHERE c.company_number = $1 AND (l.lender_key = 'BARCLAYS' OR l.lender_key LIKE 'BARCLAYS %')
          AND c.status NOT IN ('fully-satisfied', 'satisfied')`,
      [COMPANY],
    );
    expect(db.live).toBeGreaterThan(0);
    expect(figureAfter(a.text, '### Live security\n\n')).toBe(String(db.live));
    const table = a.tables.find((tb) => tb.title.startsWith('Live security package'))!;
    expect(table.rows.length).toBe(db.live);
    for (const row of table.rows) expect(String(row[0])).toMatch(/barclays/i);
    expect(a.text).not.toContain('HSBC UK Bank PLC:');
  });

  it('lenders: a named lender narrows to its charges, with its book across the companies on file', async () => {
    const a = await answer('lenders', COMPANY, { companyName: COMPANY_NAME, lenders: ['HSBC'] });
    expectCited(a);
    const key = lenderKey('HSBC UK Bank PLC');
    const [mine] = await q<{ n: number }>(
      `SELECT count(DISTINCT l.charge_id)::int AS n FROM charge_lenders l JOIN charges c USING (charge_id) WHERE c.company_number = $1 AND l.lender_key = $2`,
      [COMPANY, key],
    );
    expect(mine.n).toBeGreaterThan(0);
    expect(figureAfter(a.text, 'HSBC UK Bank PLC holds ')).toBe(String(mine.n));
    const [book] = await q<{ total_charges: number; companies_count: number }>(`SELECT * FROM lender_stats WHERE lender_key = $1`, [key]);
    expect(figureAfter(a.text, 'holds ')).toBeDefined();
    expect(a.text).toContain(`holds ${book.total_charges.toLocaleString('en-GB')}[^c`);
    expect(a.text).toContain(`over ${book.companies_count.toLocaleString('en-GB')}[^c`);
    expect(a.tables[0].rows.map((r) => r[0])).toEqual(['HSBC UK Bank PLC']);
  });

  it('lenders: a lender who holds none of the charges is said to be no chargeholder, and who is, with no figures', async () => {
    const a = await answer('lenders', COMPANY, { companyName: COMPANY_NAME, lenders: ['Santander'] });
    expect(a.text).toBe('');
    expect(a.missing).toHaveLength(1);
    expect(a.missing[0]).toContain(`Santander is not among the chargeholders of ${COMPANY_NAME}; the register names `);
    const names = await q<{ raw_name: string }>(
      `SELECT DISTINCT l.raw_name FROM charge_lenders l JOIN charges c USING (charge_id) WHERE c.company_number = $1`,
      [COMPANY],
    );
    for (const { raw_name } of names) expect(a.missing[0].toLowerCase()).toContain(raw_name.toLowerCase().split(' ')[0]);
    expect(a.citations).toEqual([]);
    expect(a.tables).toEqual([]);
  });

  it('declines the lenders and the covenant summary of a company with no charges, inventing no figure', async () => {
    const [none] = await q<{ company_number: string }>(
      `SELECT company_number FROM companies c WHERE NOT EXISTS (SELECT 1 FROM charges ch WHERE ch.company_number = c.company_number)
        ORDER BY company_number LIMIT 1`,
    );
    for (const id of ['lenders', 'covenants', 'charges'] as const) {
      const a = await answer(id, none.company_number, { lenders: id === 'lenders' ? ['HSBC'] : [] });
      expect(a.text).toBe('');
      expect(a.citations).toEqual([]);
      expect(a.tables).toEqual([]);
      expect(a.missing).toEqual([expect.stringContaining(`No charges are registered against company ${none.company_number}`)]);
    }
  });

  it('charges and security: counts and the newest charge as the register holds them', async () => {
    const a = await answer('charges', COMPANY, { companyName: COMPANY_NAME });
    expectCited(a);
    const [db] = await q<{ total: number }>(`SELECT count(*)::int AS total FROM charges WHERE company_number = $1`, [COMPANY]);
    expect(figureAfter(a.text, 'The register shows ')).toBe(String(db.total));
    const [newest] = await q<{ created_on: string }>(
      `SELECT created_on::text FROM charges WHERE company_number = $1 AND created_on IS NOT NULL ORDER BY created_on DESC, charge_number DESC NULLS LAST LIMIT 1`,
      [COMPANY],
    );
    expect(a.text).toContain(`was created on ${formatDate(newest.created_on)}[^c`);
    expect(a.tables[0].rows.length).toBe(Math.min(db.total, 20));
  });

  it('leadership and control: directors, PSCs and the window counts equal the database', async () => {
    const result = await run<LeadershipData>('leadership', { company_number: COMPANY });
    const [db] = await q<{ directors: number; resigned: number; pscs: number }>(
      `SELECT (SELECT count(*) FROM officers WHERE company_number = $1 AND resigned_on IS NULL AND officer_role ILIKE '%director%')::int AS directors,
              (SELECT count(*) FROM officers WHERE company_number = $1 AND resigned_on IS NOT NULL)::int AS resigned,
              (SELECT count(*) FROM pscs WHERE company_number = $1 AND ceased_on IS NULL AND kind NOT LIKE '%statement%')::int AS pscs`,
      [COMPANY],
    );
    expect(fact(result, 'officers:current-directors').value).toBe(db.directors);
    expect(fact(result, 'officers:resigned').value).toBe(db.resigned);
    expect(fact(result, 'pscs:current').value).toBe(db.pscs);
    const [window] = await q<{ appointed: number; terminated: number }>(
      `SELECT count(*) FILTER (WHERE type = 'AP01')::int AS appointed, count(*) FILTER (WHERE type = 'TM01')::int AS terminated
         FROM filings WHERE company_number = $1 AND category = 'officers' AND coalesce(action_date, date) > $2::date - interval '12 months'
          AND coalesce(action_date, date) <= $2::date`,
      [COMPANY, '2026-06-15'],
    );
    expect(fact(result, 'leadership:director-appointments').value).toBe(window.appointed);
    expect(fact(result, 'leadership:director-terminations').value).toBe(window.terminated);

    const a = await answer('leadership', COMPANY, { companyName: COMPANY_NAME });
    expectCited(a);
    expect(figureAfter(a.text, `${COMPANY_NAME} has `)).toBe(String(db.directors));
    expect(a.tables[0].rows.length).toBe(Number(fact(result, 'officers:active').value));
    const [capital] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM filings WHERE company_number = $1 AND category = 'capital'`, [
      COMPANY,
    ]);
    expect(capital.n).toBeGreaterThan(0);
    expect(a.text).toContain('### Share capital');
    expect(figureAfter(a.text, 'The register holds ')).toBe(String(capital.n));
  });

  it("compliance: confirmation statements and the accounts' due date, the profile's dates confirmed against the register", async () => {
    const result = await run<ComplianceData>('compliance', { company_number: COMPANY });
    const [company] = await q<{ accounts_next_due: string; accounts_last_made_up: string }>(
      `SELECT accounts_next_due::text, accounts_last_made_up::text FROM companies WHERE company_number = $1`,
      [COMPANY],
    );
    expect(fact(result, 'profile.accounts_next_due').value).toBe(company.accounts_next_due);
    const [cs] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM filings WHERE company_number = $1 AND category = 'confirmation-statement'`,
      [COMPANY],
    );
    expect(cs.n).toBeGreaterThan(0);
    expect(Number(fact(result, 'cs:statements').value)).toBeLessThanOrEqual(cs.n);
    expect(Number(fact(result, 'cs:on-time').value) + Number(fact(result, 'cs:late').value)).toBeLessThanOrEqual(
      Number(fact(result, 'cs:statements').value),
    );

    const a = await answer('compliance', COMPANY, { companyName: COMPANY_NAME });
    expectCited(a);
    expect(a.text).toContain(`the next accounts are due by ${formatDate(company.accounts_next_due)}[^c`);
    expect(figureAfter(a.text, `${COMPANY_NAME} has filed `)).toBe(String(fact(result, 'cs:statements').value));
  });

  it('peers: same SIC code and a similar size, their figures those of their latest accounts', async () => {
    const result = await run<PeersData>('peers', { company_number: 'SC234567' });
    const subject = result.data.subject;
    expect(result.data.peers.length).toBeGreaterThan(0);
    for (const peer of result.data.peers) {
      expect(peer.companyNumber).not.toBe('SC234567');
      const [row] = await q<{ sic: string; turnover: number | null; total_assets: number | null }>(
        `SELECT c.sic_codes[1] AS sic, f.turnover::float8 AS turnover, f.total_assets::float8 AS total_assets
           FROM companies c LEFT JOIN LATERAL (SELECT * FROM financial_statements f WHERE f.company_number = c.company_number ORDER BY period_end DESC LIMIT 1) f ON true
          WHERE c.company_number = $1`,
        [peer.companyNumber],
      );
      expect(row.sic).toBe(subject.sicCode);
      if (row.turnover !== null) expect(fact(result, `peer:${peer.companyNumber}:turnover`).value).toBe(row.turnover);
      if (result.data.band !== null && result.data.basis === 'turnover') {
        expect(row.turnover!).toBeGreaterThanOrEqual(subject.turnover! / result.data.band);
        expect(row.turnover!).toBeLessThanOrEqual(subject.turnover! * result.data.band);
      }
    }
    const a = await answer('peers', 'SC234567', { companyName: 'CALEDONIAN RENEWABLES LIMITED' });
    expectCited(a);
    // Amounts in full, as the accounts print them and as the other analyses write them ("£62,512,345", not "£62.5M").
    expect(a.text + JSON.stringify(a.tables)).not.toMatch(/[£€$][\d.]+(?:M|bn|k)\b/);
    expect(a.tables[0].rows.length).toBe(result.data.peers.length + 1);
    // Issue 27 §4: the sector's comparable columns, each figure from the peer's accounts page; how peers were chosen.
    expect(a.tables[0].headers).toEqual(['Company', 'Year', ...PEER_COLUMNS.map((c) => c.header)]);
    expect(a.text).toMatch(/Peers are the \d+ compan(?:y|ies) on file whose primary SIC code is \d+/);
    expect(a.text).toContain('Gearing = net debt / net assets × 100');
    for (const row of [subject, ...result.data.peers]) {
      const turnover = result.facts.find((f) => f.key === `peer:${row.companyNumber}:turnover`);
      if (turnover) expect(turnover.source.kind).toBe('filing');
      const gearing = result.facts.find((f) => f.key === `peer:${row.companyNumber}:gearing`);
      if (gearing) {
        expect(gearing.formula).toMatch(/net assets × 100/);
        expect(gearing.inputs!.every((i) => i.source.kind === 'filing' && i.key.startsWith(`peer:${row.companyNumber}:`))).toBe(true);
      }
    }
    expect(result.data.peers.some((p) => typeof p.figures.operatingMargin === 'number')).toBe(true);
  });

  it('share capital: the latest statement of capital is the newest capital filing carrying one', async () => {
    const result = await run<unknown>('share_capital', { company_number: COMPANY });
    const filings = await q<{ date: string; capital: { figure: string; currency?: string }[] | null }>(
      `SELECT coalesce(action_date, date)::text AS date, description_values->'capital' AS capital FROM filings
        WHERE company_number = $1 AND category = 'capital' ORDER BY coalesce(action_date, date) DESC`,
      [COMPANY],
    );
    expect(fact(result, 'capital:filings').value).toBe(filings.length);
    const latest = filings.find((f) => Array.isArray(f.capital) && f.capital.length);
    if (!latest) return void expect(result.facts.some((f) => f.key.startsWith('capital:latest'))).toBe(false);
    const gbp = latest
      .capital!.filter((c) => !c.currency || c.currency === 'GBP')
      .reduce((sum, c) => sum + Number(String(c.figure).replace(/,/g, '')), 0);
    expect(fact(result, 'capital:latest:date').value).toBe(latest.date);
    if (gbp) expect(fact(result, 'capital:latest:GBP').value).toBeCloseTo(gbp, 6);
  });

  it("a lender's book: the creditors screener's totals", async () => {
    const key = lenderKey('Barclays Bank PLC');
    const result = await run<unknown>('lender_book', { lender: 'barclays bank plc', company_number: COMPANY });
    const [db] = await q<{ total_charges: number; companies_count: number; outstanding_charges: number }>(
      `SELECT * FROM lender_stats WHERE lender_key = $1`,
      [key],
    );
    expect(fact(result, 'lender-book:total').value).toBe(db.total_charges);
    expect(fact(result, 'lender-book:companies').value).toBe(db.companies_count);
    expect(fact(result, 'lender-book:outstanding').value).toBe(db.outstanding_charges);
    // Asked with no company (as a model may): every count is confirmed against the creditors screener's figures, a wrong one is not.
    const alone = await run<unknown>('lender_book', { lender: 'Barclays Bank PLC' });
    expect(alone.facts.length).toBeGreaterThan(7);
    for (const f of alone.facts)
      expect({ key: f.key, check: await evidence.check(f, toolContext.signal) }).toEqual({ key: f.key, check: { verified: true } });
    const wrong = { ...fact(alone, 'lender-book:total'), value: db.total_charges + 1 };
    expect((await evidence.check(wrong, toolContext.signal)).verified).toBe(false);
    const renamed = {
      ...fact(alone, 'lender-book:total'),
      source: { ...fact(alone, 'lender-book:total').source, key: 'lender:No Such Lender Ltd' },
    };
    expect((await evidence.check(renamed, toolContext.signal)).verified).toBe(false);
    const unknown = await run<unknown>('lender_book', { lender: 'No Such Lender Ltd' });
    expect(unknown.facts).toEqual([]);
    expect(unknown.missing![0]).toContain('No Such Lender');
  });

  it('every register analysis answers every sample company with its figures confirmed, or declines with no figure', async () => {
    const companies = await q<{ company_number: string; company_name: string }>(
      `SELECT company_number, company_name FROM companies ORDER BY company_number`,
    );
    for (const company of companies) {
      for (const analysis of REGISTER_ANALYSES) {
        const a = await answer(analysis.id as AnalysisId, company.company_number, { companyName: company.company_name });
        if (a.text === '') {
          expect(a.missing.length).toBeGreaterThan(0);
          expect(a.citations).toEqual([]);
          continue;
        }
        expect(a.text.startsWith(`## ${analysis.title}\n`)).toBe(true);
        expectCited(a);
        await expectMarkedOnPages(a, `${company.company_number}: ${analysis.id}`);
        // A marker follows the figure ("3[^c2] live"), not the word after it.
        expect({ id: analysis.id, after: a.text.match(/\d live\[\^c/g) }).toEqual({ id: analysis.id, after: null });
        // A lender's live charges in words: "3 live", "none live", "which is live", never "0 of them live".
        expect({ id: analysis.id, ofThem: a.text.match(/\d\[\^c\d+\] of them live/g) }).toEqual({ id: analysis.id, ofThem: null });
        // Every charge satisfied is said once, not again as a count of releases.
        expect({ id: analysis.id, repeated: /None: every one of the[^]*charges? ha(?:s|ve) been fully satisfied/.test(a.text) }).toEqual({
          id: analysis.id,
          repeated: false,
        });
      }
    }
  });

  describe('through the built-in engine', () => {
    async function ask(query: string, companyNumber: string) {
      const events: ResearchEvent[] = [];
      const engine = new BuiltInEngine(tools, evidence, { now: () => NOW });
      const out = { emit: (event: ResearchEvent) => void events.push(event), signal: toolContext.signal };
      const outcome = await engine.answerWithOutcome(
        { query, companyNumber, chatId: 'c1', model: 'flash', webSearch: false, user, history: [] },
        out,
      );
      let text = '';
      for (const event of events) if (event.type === 'text') text += event.data.delta;
      const plan = events.find((e) => e.type === 'plan')!.data as { steps: string[] };
      return { text, plan: plan.steps, outcome, events };
    }

    it("answers the seed's sample question 'Covenant summary' with the register's security package, every figure confirmed", async () => {
      const { text, plan, outcome, events } = await ask('Covenant summary', COMPANY);
      expect(outcome.declined).toBeUndefined();
      expect(plan).toEqual(expect.arrayContaining(covenantsAnalysis.plan(outcome.understanding)));
      expect(text).toContain('## Key Findings');
      expect(text).toContain('## Covenant Summary');
      // Key Findings states the live security (cited) before the section, and what the register cannot show.
      const [db] = await q<{ live: number; total: number }>(
        `SELECT count(*) FILTER (WHERE status NOT IN ('fully-satisfied', 'satisfied'))::int AS live, count(*)::int AS total FROM charges WHERE company_number = $1`,
        [COMPANY],
      );
      const findings = text.slice(text.indexOf('## Key Findings'), text.indexOf('## Covenant Summary'));
      expect(findings).toMatch(
        new RegExp(`^- ${db.live}\\[\\^c\\d+\\] of the ${db.total}\\[\\^c\\d+\\] charges on the register are not fully satisfied`, 'm'),
      );
      expect(findings).toContain('- Covenant levels and headroom are not on the register');
      expect(findings).not.toContain('From the filed accounts');
      expect(text).toContain('### Live security');
      expect(text).not.toContain('(unverified)');
      const citations = events.filter((e) => e.type === 'citation').map((e) => e.data as ResearchCitation);
      expect(citations.length).toBeGreaterThan(0);
      expect(citations.every((c) => c.verified)).toBe(true);
      expect(citations.some((c) => c.kind === 'register' && c.record === 'charges')).toBe(true);
    });

    it("a covenant summary for a named lender finds that lender's live security, as its section does", async () => {
      const { text, outcome, plan } = await ask('Covenant summary for barclays', COMPANY);
      expect(plan).toContain('Read the charge register of BRITANNIA ENGINEERING GROUP PLC for Barclays');
      expect(outcome.understanding.lenders).toHaveLength(1);
      const [db] = await q<{ live: number; total: number }>(
        `SELECT count(DISTINCT c.charge_id) FILTER (WHERE c.status NOT IN ('fully-satisfied', 'satisfied'))::int AS live, count(DISTINCT c.charge_id)::int AS total
           FROM charges c JOIN charge_lenders l USING (charge_id)
          WHERE c.company_number = $1 AND (l.lender_key = 'BARCLAYS' OR l.lender_key LIKE 'BARCLAYS %')`,
        [COMPANY],
      );
      const findings = text.slice(text.indexOf('## Key Findings'), text.indexOf('## Covenant Summary'));
      expect(findings).toMatch(
        new RegExp(`^- ${db.live}\\[\\^c\\d+\\] of the ${db.total}\\[\\^c\\d+\\] charges? held by Barclays Bank`, 'm'),
      );
    });

    it('declines the lenders of a company with no charges: says so, offers what it can answer, states no figure', async () => {
      const [none] = await q<{ company_number: string }>(
        `SELECT company_number FROM companies c WHERE NOT EXISTS (SELECT 1 FROM charges ch WHERE ch.company_number = c.company_number)
          ORDER BY company_number LIMIT 1`,
      );
      const { text, outcome, events } = await ask('Who are its lenders?', none.company_number);
      expect(outcome.declined?.missing).toEqual([expect.stringContaining('No charges are registered against')]);
      expect(text).toContain('## Not on file');
      expect(text).toContain('I can answer');
      // Only the Key Findings' opening cites anything: the company's name, from its profile.
      expect(events.filter((e) => e.type === 'table')).toEqual([]);
      const cited = events.filter((e) => e.type === 'citation').map((e) => e.data as ResearchCitation);
      expect(cited.filter((c) => c.kind !== 'register' || c.record !== 'profile')).toEqual([]);
      expect(text).not.toMatch(/\d+\[\^c/);
    });
  });
});
