/**
 * peers: companies with the same SIC code and a similar size (latest turnover, else total
 * assets), chosen through the companies screener's own view and filter layer; each one's figures
 * (turnover, margins, gearing, net debt, cash, employees: shared PEER_COLUMNS) are read from its
 * latest accounts and cite their pages, the ratios by shared's one definition of each (issue 27).
 * A figure the accounts give no page for falls back to the screener's record of it.
 */
import { PEER_COLUMNS, type NormalisedFilter, type PeerColumnId } from '@credence/shared';
import type { DataSource } from 'typeorm';
import { filterSql, runPage } from '../../../../core/screener-query/index.js';
import { SCREENER_TABLES } from '../../../../platform/register/views/screener-tables.js';
import type { Fact, FactUnit, ResearchTool, ToolResult } from '../../../../platform/ai/engine/types.js';
import { ratiosFor } from '../ratios.js';
import { readStatementYears } from '../statements.js';
import { COMPANY_NUMBER_PARAMETER, companyNumberArg, FactList, registerSource, unknownCompany } from './register-facts.js';

export const PEER_LIMITS = { default: 8, max: 20 } as const;
/** Size bands tried in turn: within 3x either way, then 10x, then any size. */
export const PEER_BANDS = [3, 10, null] as const;

export interface PeerRow {
  companyNumber: string;
  companyName: string;
  companyStatus: string | null;
  sicCode: string | null;
  industryGroup: string | null;
  filingYear: number | null;
  currency: string | null;
  turnover: number | null;
  totalAssets: number | null;
  netAssets: number | null;
  employees: number | null;
  operatingProfit: number | null;
  cash: number | null;
  /** The comparable columns' values (shared PEER_COLUMNS), as the cited facts give them. */
  figures: Partial<Record<PeerColumnId, number>>;
}

export interface PeersData {
  subject: PeerRow;
  basis: 'turnover' | 'total_assets' | null;
  /** How far from the subject's size peers may be (3 = a third to three times), null: any size. */
  band: number | null;
  peers: PeerRow[];
}

const peerRow = (r: Record<string, unknown>): PeerRow => ({
  companyNumber: String(r.company_number),
  companyName: String(r.company_name),
  companyStatus: (r.company_status as string | null) ?? null,
  sicCode: (r.sic_code as string | null) ?? null,
  industryGroup: (r.industry_group as string | null) ?? null,
  filingYear: (r.filing_year as number | null) ?? null,
  currency: (r.currency as string | null) ?? null,
  turnover: (r.turnover as number | null) ?? null,
  totalAssets: (r.total_assets as number | null) ?? null,
  netAssets: (r.net_asset as number | null) ?? null,
  employees: (r.employee_count as number | null) ?? null,
  operatingProfit: (r.operating_profit as number | null) ?? null,
  cash: (r.cash as number | null) ?? null,
  figures: {},
});

const SPEC = SCREENER_TABLES.companies;

async function screenerPage(db: DataSource, filters: NormalisedFilter[], sortBy: string, pageSize: number): Promise<PeerRow[]> {
  const params: unknown[] = [];
  const { rows } = await runPage<Record<string, unknown>>(
    db,
    {
      select: SPEC.select,
      from: `${SPEC.view} s`,
      where: filterSql(filters, SPEC.map, params),
      params,
      sort: { sql: SPEC.map[sortBy].sql, order: 'desc' },
      tiebreak: SPEC.tiebreak,
      sortHasValue: filters.some((f) => f.id === sortBy && f.type === 'between'),
    },
    { page: 1, pageSize },
  );
  return rows.map(peerRow);
}

/** A fact of another company's accounts under a key unique to the peer (inputs too: no citation is shared across companies). */
function asPeerFact(n: string, name: string, fact: Fact, key = `peer:${n}:${fact.key}`): Fact {
  return {
    ...fact,
    key,
    label: `${name}: ${fact.label}`,
    ...(fact.inputs ? { inputs: fact.inputs.map((i) => asPeerFact(n, name, i)) } : {}),
  };
}

/** The comparable columns from the company's latest accounts: each a filed or computed fact citing its pages. */
async function accountsFigures(db: DataSource, row: PeerRow): Promise<Partial<Record<PeerColumnId, Fact>>> {
  const years = await readStatementYears(db, row.companyNumber);
  const latest = years.at(-1);
  if (!latest) return {};
  const before = years.at(-2);
  const ratios = ratiosFor(latest, before && before.fiscal_year === latest.fiscal_year - 1 ? before : null);
  const m = latest.metrics;
  const found: Partial<Record<PeerColumnId, Fact | undefined>> = {
    turnover: m.turnover,
    operatingMargin: ratios.operatingMargin,
    netMargin: ratios.netMargin,
    gearing: ratios.gearing,
    netDebt: ratios.netDebt,
    cash: m.cash,
    employees: m.employeeCount,
  };
  const out: Partial<Record<PeerColumnId, Fact>> = {};
  for (const [id, fact] of Object.entries(found) as [PeerColumnId, Fact | undefined][]) {
    if (fact) out[id] = asPeerFact(row.companyNumber, row.companyName, fact, `peer:${row.companyNumber}:${id}`);
  }
  return out;
}

async function peerFacts(db: DataSource, facts: FactList, row: PeerRow): Promise<void> {
  const accounts = await accountsFigures(db, row);
  for (const column of PEER_COLUMNS) {
    const fact = accounts[column.id];
    if (fact && typeof fact.value === 'number') {
      facts.facts.push(fact);
      row.figures[column.id] = fact.value;
    }
  }
  // What the accounts give no page for: the screener's record, cited as the register (size and the rest).
  const year = row.filingYear ? `, FY${row.filingYear}` : '';
  const source = registerSource(row.companyNumber, 'peers', `Companies screener: ${row.companyName}${year}`, row.companyNumber);
  const money: FactUnit = row.currency === 'GBP' || row.currency === 'EUR' || row.currency === 'USD' ? row.currency : 'GBP';
  const period = row.filingYear ? String(row.filingYear) : undefined;
  const add = (name: string, label: string, value: number | null, unit: FactUnit, column?: PeerColumnId) => {
    if (value === null || (column && accounts[column])) return;
    const fact = facts.add(`peer:${row.companyNumber}:${name}`, `${row.companyName}: ${label}`, value, unit, source);
    if (period) fact.label += ` (FY${period})`;
    if (column) row.figures[column] = value;
  };
  add('turnover', 'turnover', row.turnover, money, 'turnover');
  add('total_assets', 'total assets', row.totalAssets, money);
  add('net_assets', 'net assets', row.netAssets, money);
  add('operating_profit', 'operating profit', row.operatingProfit, money);
  add('cash', 'cash', row.cash, money, 'cash');
  add('employees', 'employees', row.employees, 'count', 'employees');
}

export async function readPeers(db: DataSource, n: string, limit: number): Promise<ToolResult<PeersData | null>> {
  const [subjectRow] = await db.query(`SELECT ${SPEC.select} FROM ${SPEC.view} s WHERE s.company_number = $1`, [n]);
  if (!subjectRow) return unknownCompany(n, n);
  const subject = peerRow(subjectRow);
  if (!subject.sicCode)
    return { data: null, facts: [], missing: [`Company ${n} has no SIC code on the register, so it has no peers by industry.`] };
  const basis =
    subject.turnover && subject.turnover > 0 ? 'turnover' : subject.totalAssets && subject.totalAssets > 0 ? 'total_assets' : null;
  const size = basis === 'turnover' ? subject.turnover! : basis === 'total_assets' ? subject.totalAssets! : null;
  const sameSic: NormalisedFilter = { id: 'sic_code', type: 'is_one_of', values: [subject.sicCode] };
  let peers: PeerRow[] = [];
  let band: number | null = null;
  for (const b of PEER_BANDS) {
    if ((b !== null && size === null) || peers.length) break;
    const filters =
      b !== null && basis ? [sameSic, { id: basis, type: 'between' as const, value: size! / b, valueTo: size! * b }] : [sameSic];
    peers = (await screenerPage(db, filters, basis ?? 'turnover', limit + 1)).filter((p) => p.companyNumber !== n).slice(0, limit);
    band = b;
  }
  const facts = new FactList();
  for (const row of [subject, ...peers]) await peerFacts(db, facts, row);
  const missing = peers.length ? [] : [`No other company on file has SIC code ${subject.sicCode}.`];
  return { data: { subject, basis, band, peers }, facts: facts.facts, ...(missing.length ? { missing } : {}) };
}

export function peersTool(db: DataSource): ResearchTool {
  return {
    name: 'peers',
    description:
      'Peers of a UK company: companies with the same primary SIC code and a similar size (latest turnover, else total assets, within a third to three times, widened when none), with their latest turnover, operating and net margins, gearing, net debt, cash and employees, each from its latest accounts with the page it is printed on (ratios by the one definition of each).',
    parameters: {
      type: 'object',
      properties: {
        company_number: COMPANY_NUMBER_PARAMETER,
        limit: { type: 'integer', minimum: 1, maximum: PEER_LIMITS.max, description: `How many peers (default ${PEER_LIMITS.default}).` },
      },
      required: ['company_number'],
      additionalProperties: false,
    },
    async run(args) {
      const n = companyNumberArg(args);
      if (!n) return unknownCompany(args.company_number, n);
      const limit = Number.isInteger(args.limit) ? Math.min(PEER_LIMITS.max, Math.max(1, args.limit as number)) : PEER_LIMITS.default;
      return readPeers(db, n, limit);
    },
  };
}
