/** The register's analyses: charges & security, covenant summary, lenders, leadership, compliance, peers. */
import type { Analysis } from '../../../../../../platform/ai/engine/analysis.js';
import { chargesAnalysis } from './charges.analysis.js';
import { complianceAnalysis } from './compliance.analysis.js';
import { covenantsAnalysis } from './covenants.analysis.js';
import { distressAnalysis, recoveryAnalysis } from './distress.analysis.js';
import { leadershipAnalysis } from './leadership.analysis.js';
import { lendersAnalysis } from './lenders.analysis.js';
import { peersAnalysis } from './peers.analysis.js';

export const REGISTER_ANALYSES: Analysis[] = [
  distressAnalysis,
  recoveryAnalysis,
  chargesAnalysis,
  covenantsAnalysis,
  lendersAnalysis,
  leadershipAnalysis,
  complianceAnalysis,
  peersAnalysis,
];
