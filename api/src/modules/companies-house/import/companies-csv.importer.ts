import type { Importer } from './importer.js';

// Placeholder until this importer lands: it refuses to run rather than pretend.
export const companiesCsvImporter: Importer = {
  kind: 'companies-csv',
  description: 'Companies House BasicCompanyData CSV (one file or the multi-part set)',
  run: async () => {
    throw new Error('the companies-csv importer is not built yet');
  },
};
