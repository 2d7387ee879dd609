import type { Importer } from './importer.js';

// Placeholder until this importer lands: it refuses to run rather than pretend.
export const accountsImporter: Importer = {
  kind: 'accounts',
  description: 'iXBRL accounts (the accounts bulk product, Prod*_*_<number>_<date>.html)',
  run: async () => {
    throw new Error('the accounts importer is not built yet');
  },
};
