import type { ImportContext, ImportSummary } from '../import/importer.js';

// Placeholder until sync lands: it refuses to run rather than pretend.
export async function syncCompanies(_context: ImportContext, _companyNumbers: string[]): Promise<ImportSummary> {
  throw new Error('sync is not built yet');
}
