/** The register's tools: charges, officers and PSCs, share capital, filing compliance, peers, a lender's book. */
import type { DataSource } from 'typeorm';
import type { ResearchTool } from '../../../../platform/ai/engine/types.js';
import { capitalTool } from './capital.tool.js';
import { chargesTool } from './charges.tool.js';
import { complianceTool } from './compliance.tool.js';
import { distressTool } from './distress.tool.js';
import { leadershipTool } from './leadership.tool.js';
import { lenderBookTool } from './lender-book.tool.js';
import { peersTool } from './peers.tool.js';

export interface RegisterToolOptions {
  /** The clock the 12-month windows and due dates are counted from (tests fix it). */
  now?: () => Date;
}

export const REGISTER_TOOL_NAMES = {
  charges: 'charges',
  leadership: 'leadership',
  capital: 'share_capital',
  compliance: 'compliance',
  peers: 'peers',
  lenderBook: 'lender_book',
  distress: 'distress',
} as const;

export function registerTools(db: DataSource, options: RegisterToolOptions = {}): ResearchTool[] {
  const now = options.now ?? (() => new Date());
  return [
    chargesTool(db),
    leadershipTool(db, now),
    capitalTool(db, now),
    complianceTool(db, now),
    peersTool(db),
    lenderBookTool(db),
    distressTool(db, now),
  ];
}

export type { ChargeItem, ChargesData, ChargeCounts, ChargeholderSummary } from './charges.tool.js';
export type { LeadershipData } from './leadership.tool.js';
export type { CapitalData } from './capital.tool.js';
export type { ComplianceData } from './compliance.tool.js';
export type { PeersData, PeerRow } from './peers.tool.js';
export type { DistressData } from './distress.tool.js';
