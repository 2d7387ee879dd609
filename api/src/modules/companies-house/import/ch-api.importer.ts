import type { Importer } from './importer.js';

// Placeholder until this importer lands: it refuses to run rather than pretend.
export const chApiImporter: Importer = {
  kind: 'ch-api',
  description: 'Companies House public data API JSON: profile, officers, PSCs, charges, filing history',
  run: async () => {
    throw new Error('the ch-api importer is not built yet');
  },
};
