import type { Importer } from './importer.js';

// Placeholder until this importer lands: it refuses to run rather than pretend.
export const pscSnapshotImporter: Importer = {
  kind: 'psc-snapshot',
  description: 'the PSC snapshot (JSON Lines, one PSC per line)',
  run: async () => {
    throw new Error('the psc-snapshot importer is not built yet');
  },
};
