/** The register's analyses: charges & security, covenant summary, lenders, leadership, compliance, peers. */
import type { Analysis } from '../../analysis.js';

export const REGISTER_ANALYSES: Analysis[] = [];
