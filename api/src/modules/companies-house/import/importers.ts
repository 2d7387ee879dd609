import { accountsImporter } from './accounts.importer.js';
import { chApiImporter } from './ch-api.importer.js';
import { companiesCsvImporter } from './companies-csv.importer.js';
import type { Importer } from './importer.js';
import { pscSnapshotImporter } from './psc-snapshot.importer.js';

/** Every import kind `credence-admin import <kind>` accepts. */
export const IMPORTERS: Record<string, Importer> = Object.fromEntries(
  [companiesCsvImporter, chApiImporter, pscSnapshotImporter, accountsImporter].map((importer) => [importer.kind, importer]),
);
