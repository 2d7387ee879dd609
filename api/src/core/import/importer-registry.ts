import type { Importer } from './importer.js';

/**
 * The import kinds `credence-admin import <kind>` accepts, collected from the features' lists (each
 * feature owns its importers: companies-house/import/importers.ts, us-equity/import/importers.ts;
 * the lists are joined in api/src/bin/importers.ts). A kind named twice is a programming error.
 */
export function importerRegistry(...lists: readonly (readonly Importer[])[]): Record<string, Importer> {
  const registry: Record<string, Importer> = {};
  for (const importer of lists.flat()) {
    if (registry[importer.kind]) throw new Error(`import kind "${importer.kind}" is registered twice`);
    registry[importer.kind] = importer;
  }
  return registry;
}
