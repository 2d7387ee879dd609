/** The register's tools: charges, officers, PSCs, share capital, confirmation statements, peers, a lender's book. */
import type { DataSource } from 'typeorm';
import type { ResearchTool } from '../../engine/types.js';

export function registerTools(db: DataSource): ResearchTool[] {
  void db;
  return [];
}
