/**
 * The peer table (issue 27 §4): the sector's comparable columns (turnover, margins, leverage,
 * cash, employees), each cell a figure of the peer's latest accounts, and the sentence that says
 * how the peers were chosen. The API's analysis builds the table from these; the web and the
 * terminal render that table, so both show the same columns, words and figures.
 */
import { RATIO_DEFINITIONS } from '../../ratios/definitions.js';
import { ratioValueText } from '../../ratios/present.js';
import { currencySymbol } from '../uk/format.js';

export type PeerColumnId = 'turnover' | 'operatingMargin' | 'netMargin' | 'gearing' | 'netDebt' | 'cash' | 'employees';

export interface PeerColumn {
  id: PeerColumnId;
  header: string;
  kind: 'money' | 'percent' | 'count';
  /** The formula of a ratio column, for the table's note. */
  formula?: string;
}

export const PEER_COLUMNS: readonly PeerColumn[] = [
  { id: 'turnover', header: 'Turnover', kind: 'money' },
  { id: 'operatingMargin', header: 'Operating margin', kind: 'percent', formula: RATIO_DEFINITIONS.operatingMargin.formula },
  { id: 'netMargin', header: 'Net margin', kind: 'percent', formula: RATIO_DEFINITIONS.netMargin.formula },
  { id: 'gearing', header: 'Gearing', kind: 'percent', formula: RATIO_DEFINITIONS.gearing.formula },
  { id: 'netDebt', header: 'Net debt', kind: 'money', formula: RATIO_DEFINITIONS.netDebt.formula },
  { id: 'cash', header: 'Cash', kind: 'money' },
  { id: 'employees', header: 'Employees', kind: 'count' },
];

/** A peer cell's text: "£12,345,678", "12.3%", "1,234"; a dash when the accounts do not give it. */
export function peerCellText(column: PeerColumn, value: number | null | undefined, currency: string | null): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  if (column.kind === 'percent') return ratioValueText(value, 'percent');
  if (column.kind === 'count') return Math.round(value).toLocaleString('en-GB');
  const whole = Math.round(Math.abs(value)).toLocaleString('en-GB');
  return `${value < 0 ? '-' : ''}${currencySymbol(currency)}${whole}`;
}

export interface PeerSelection {
  sicCode: string;
  industryGroup: string | null;
  /** What size was compared by: latest turnover, else total assets; null: none (any size). */
  basis: 'turnover' | 'total_assets' | null;
  /** 3: a third to three times the company's own; 10: a tenth to ten times; null: any size. */
  band: number | null;
  peers: number;
}

const BASIS_WORDS = { turnover: 'turnover', total_assets: 'total assets' } as const;

/** "Peers are the 8 companies on file whose primary SIC code is 25620 (...), with turnover between a third and 3 times its own, largest first; figures from each one's latest accounts." */
export function peerSelectionText(s: PeerSelection): string {
  const group = s.industryGroup ? ` (${s.industryGroup})` : '';
  const size =
    s.basis && s.band !== null
      ? `with ${BASIS_WORDS[s.basis]} between a ${s.band === 3 ? 'third' : 'tenth'} and ${s.band} times its own`
      : 'of any size (none of a similar size is on file)';
  const order = s.basis ? `, largest ${BASIS_WORDS[s.basis]} first` : '';
  const count = s.peers === 1 ? 'the 1 company' : `the ${s.peers} companies`;
  return `Peers are ${count} on file whose primary SIC code is ${s.sicCode}${group}, ${size}${order}; every figure is from that company's latest accounts and cites its page.`;
}

/** The note under the table: each ratio column's formula (the one definition's). */
export function peerFormulaNote(): string {
  return PEER_COLUMNS.filter((c) => c.formula)
    .map((c) => `${c.header} = ${c.formula}`)
    .join('; ');
}
